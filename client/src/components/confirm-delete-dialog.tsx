import type { ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AlertDialogAction } from '@/components/ui/alert-dialog';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';

interface Props {
  open: boolean;
  title: string;
  /** The confirmation text for this kind of item, word for word as users know it (tests check it). */
  description: ReactNode;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Every delete asks first; the dialog stays open (and says so) until the server answers. */
export function ConfirmDeleteDialog({ open, title, description, pending, onConfirm, onClose }: Props) {
  return (
    <ConfirmDialog
      open={open}
      title={title}
      description={description}
      pending={pending}
      onClose={onClose}
      action={
        <AlertDialogAction
          className="bg-destructive text-white hover:bg-destructive/90"
          disabled={pending}
          onClick={(event) => {
            event.preventDefault();
            onConfirm();
          }}
        >
          {pending ? <Trans>Deleting...</Trans> : <Trans>Delete</Trans>}
        </AlertDialogAction>
      }
    />
  );
}

/** The usual question: the item's name, where it is when that tells it apart, and that it cannot be undone. */
export function deleteQuestion(item: string | undefined, where = ''): string {
  const name = item ?? '';
  return t`Are you sure you want to delete "${name}"${where}? This action cannot be undone.`;
}

interface TargetProps<T> {
  /** What is to be deleted; the dialog is open while it is set. */
  target: T | null;
  title: string;
  description: ReactNode;
  /** The delete mutation: it is given the target, and the dialog closes once the server has answered. */
  remove: { isPending: boolean; mutate: (target: T, options: { onSettled: () => void }) => void };
  onClose: () => void;
}

/** The confirm-delete dialog of one item of a list, deleted by its own mutation. */
export function DeleteTargetDialog<T>({ target, title, description, remove, onClose }: TargetProps<T>) {
  return (
    <ConfirmDeleteDialog
      open={target !== null}
      title={title}
      description={description}
      pending={remove.isPending}
      onConfirm={() => target !== null && remove.mutate(target, { onSettled: onClose })}
      onClose={onClose}
    />
  );
}
