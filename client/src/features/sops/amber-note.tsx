import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A note at the head of an SOP's page that asks for attention: amber, with its icon first. */
export function AmberNote({ icon: Icon, className, children, ...rest }: { icon: LucideIcon; className?: string; children: ReactNode; 'data-testid': string }) {
  return (
    <div role="note" className={cn('flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950', className)} {...rest}>
      <Icon className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
      {children}
    </div>
  );
}
