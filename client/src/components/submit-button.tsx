import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

interface Props {
  pending: boolean;
  /** What the button says while the request is on its way ('Saving...'). */
  submitting: string;
  className?: string;
  children: ReactNode;
}

/** A form's submit button: it says what is happening and cannot be pressed twice. */
export function SubmitButton({ pending, submitting, className, children }: Props) {
  return (
    <Button type="submit" className={className} disabled={pending}>
      {pending ? submitting : children}
    </Button>
  );
}
