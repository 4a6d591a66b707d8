import type { FormEventHandler, ReactNode } from 'react';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { confirmDiscard, useUnsavedChanges } from '@/hooks/use-unsaved-changes';

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  /** The dialog's width and scrolling, when the form needs more room. */
  className?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The submit button's label, and what it says while the request is on its way. */
  submit: string;
  submitting: string;
  pending: boolean;
  /** The form holds edits: closing asks before discarding them, and so does leaving the page. */
  changed?: boolean;
  children: ReactNode;
}

/** A dialog that is one form: its title, its fields, Cancel and submit. It stays open while the request runs. */
export function FormDialog({ open, onClose, title, description, className, onSubmit, submit, submitting, pending, changed = false, children }: Props) {
  const dirty = open && changed && !pending;
  useUnsavedChanges(dirty);
  const close = () => confirmDiscard(dirty) && onClose();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && close()}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="min-w-0 space-y-4">
          {children}
          <FormDialogFooter submit={submit} submitting={submitting} pending={pending} onCancel={close} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
