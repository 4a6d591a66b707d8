import type { SignatureProof } from '@common/contracts/signatures';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { UsePasskeyButton, useSignature } from '@/components/signature-field';
import { Button } from '@/components/ui/button';
import { Plural, Trans, useLingui } from '@lingui/react/macro';

interface Props {
  open: boolean;
  /** The version attested: a passkey's challenge signs it and nothing else. */
  versionId: number;
  /** 'I have read and understood version N of <title>'. */
  statement: string;
  files: number;
  pending: boolean;
  onConfirm: (signature?: SignatureProof) => void;
  /** The attestation's failure, if any: a refused signature is shown beside the password. */
  error?: unknown;
  onClose: () => void;
}

/** The attestation, confirmed in the reader's own words. Loaded once the card offers it, not with the page. */
export default function AttestConfirmDialog({ open, versionId, statement, files, pending, onConfirm, onClose, error }: Props) {
  const signature = useSignature('attest-signature', error, { versionId }, { focusWhenShown: true });
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open={open}
      title={t`Confirm your attestation`}
      description={`${statement}.`}
      pending={pending}
      onClose={onClose}
      action={
        <>
          {signature.required && <UsePasskeyButton disabled={pending} getProof={signature.passkeyProof} onProof={onConfirm} />}
          <Button disabled={pending || !signature.ready} onClick={() => onConfirm(signature.proof())}>
            {pending ? <Trans>Attesting...</Trans> : <Trans>Attest</Trans>}
          </Button>
        </>
      }
    >
      <p className="text-sm text-muted-foreground">
        {files === 0 ? (
          <Trans>Your name and the time are recorded with the version.</Trans>
        ) : (
          <Plural
            value={files}
            one="Your name, the time and the file you opened are recorded with the version."
            other="Your name, the time and the # files you opened are recorded with the version."
          />
        )}
      </p>
      {signature.field}
    </ConfirmDialog>
  );
}
