import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

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

/** A question that must be answered before a change the server makes; it stays open until the server answers. */
export function ConfirmDialog({ open, title, description, pending, onClose, className, children, action }: Props) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      <AlertDialogContent className={className}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          {action}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
