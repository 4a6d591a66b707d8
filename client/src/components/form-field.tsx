import type { ReactNode } from 'react';
import { FieldError } from '@/components/field-error';
import { Label } from '@/components/ui/label';

interface Props {
  /** The control's id, which the label names. */
  id: string;
  label: ReactNode;
  /** The field's validation message, under the control. */
  error?: string;
  /** The spacing of label, control and message. */
  className?: string;
  children: ReactNode;
}

/** One form field: its label, its control, and its validation message when there is one. */
export function FormField({ id, label, error, className = 'space-y-2', children }: Props) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The control's side of a field with a message: marked invalid and described by the message. */
export function invalidWhen(id: string, error: string | null | undefined) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined } as const;
}
