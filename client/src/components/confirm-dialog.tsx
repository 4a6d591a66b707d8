import type { ReactNode } from 'react';
import * as Alert from '@/components/ui/alert-dialog';
import { Trans } from '@lingui/react/macro';

interface Props {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  /** While the server has not answered, the dialog cannot be cancelled or dismissed. */
  pending: boolean;
  onClose: () => void;
  className?: string;
  /** What the question is about, between the heading and the buttons. */
  children?: ReactNode;
  /** The confirming button, after Cancel. */
  action: ReactNode;
}

/**
 * A dialog that asks for something to type opens in its first field (a signature dialog in its
 * password field); a plain question opens on Cancel (Radix's choice for an alert dialog), so
 * Enter never confirms by accident.
 */
function focusFirstField(event: Event) {
  const field = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(
    'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]):not(:disabled), textarea:not(:disabled)',
  );
  if (!field) return;
  event.preventDefault();
  field.focus({ preventScroll: true });
}

/** A question that must be answered before a change the server makes; it stays open until the server answers. */
export function ConfirmDialog({ open, title, description, pending, onClose, className, children, action }: Props) {
  return (
    <Alert.AlertDialog open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      <Alert.AlertDialogContent className={className} onOpenAutoFocus={focusFirstField}>
        <Alert.AlertDialogHeader>
          <Alert.AlertDialogTitle>{title}</Alert.AlertDialogTitle>
          <Alert.AlertDialogDescription>{description}</Alert.AlertDialogDescription>
        </Alert.AlertDialogHeader>
        {children}
        <Alert.AlertDialogFooter>
          <Alert.AlertDialogCancel disabled={pending}>
            <Trans>Cancel</Trans>
          </Alert.AlertDialogCancel>
          {action}
        </Alert.AlertDialogFooter>
      </Alert.AlertDialogContent>
    </Alert.AlertDialog>
  );
}
