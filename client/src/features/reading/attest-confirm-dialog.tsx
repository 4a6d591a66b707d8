import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';

interface Props {
  open: boolean;
  /** 'I have read and understood version N of <title>'. */
  statement: string;
  files: number;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The attestation, confirmed in the reader's own words. Loaded once the card offers it, not with the page. */
export default function AttestConfirmDialog({ open, statement, files, pending, onConfirm, onClose }: Props) {
  return (
    <ConfirmDialog
      open={open}
      title="Confirm your attestation"
      description={`${statement}.`}
      pending={pending}
      onClose={onClose}
      action={
        <Button disabled={pending} onClick={onConfirm}>
          {pending ? 'Attesting...' : 'Attest'}
        </Button>
      }
    >
      <p className="text-sm text-muted-foreground">
        {files === 0
          ? 'Your name and the time are recorded with the version.'
          : `Your name, the time and the ${files === 1 ? 'file' : `${files} files`} you opened are recorded with the version.`}
      </p>
    </ConfirmDialog>
  );
}
