import type * as React from 'react';
import { cn } from '@/lib/utils';

/** `Component` marked with its `data-slot` name, every prop passed through: the parts that draw no box of their own. */
export function slot<C extends React.ElementType>(Component: C, name: string) {
  const Element: React.ElementType = Component;
  return (props: React.ComponentProps<C>) => <Element data-slot={name} {...props} />;
}

/**
 * `Component` with its `data-slot` name and base classes. A screen's `className` comes after
 * the base, so it can override one of them; every other prop is passed through.
 */
export function styled<C extends React.ElementType>(Component: C, name: string, base: string) {
  const Element: React.ElementType = Component;
  return ({ className, ...props }: React.ComponentProps<C> & { className?: string }) => <Element data-slot={name} className={cn(base, className)} {...props} />;
}
