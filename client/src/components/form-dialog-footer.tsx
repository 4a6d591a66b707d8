import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/submit-button';
import { DialogFooter } from '@/components/ui/dialog';
import { Trans } from '@lingui/react/macro';

interface Props {
  /** The submit button's label, and what it says while the request is on its way. */
  submit: string;
  submitting: string;
  pending: boolean;
  onCancel: () => void;
  /** Cancel stays usable while the request runs (closing then only hides the dialog). */
  cancelWhilePending?: boolean;
}

/** A form dialog's Cancel and submit buttons: the submit button says what is happening and cannot be pressed twice. */
export function FormDialogFooter({ submit, submitting, pending, onCancel, cancelWhilePending = false }: Props) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel} disabled={pending && !cancelWhilePending}>
        <Trans>Cancel</Trans>
      </Button>
      <SubmitButton pending={pending} submitting={submitting}>
        {submit}
      </SubmitButton>
    </DialogFooter>
  );
}
