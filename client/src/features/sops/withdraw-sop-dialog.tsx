import { useEffect, useState } from 'react';
import type { SopDetail, SopListItem } from '@common/contracts/sops';
import type { SignatureProof } from '@common/contracts/signatures';
import { Archive } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormField, invalidWhen } from '@/components/form-field';
import { UsePasskeyButton, useSignature } from '@/components/signature-field';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { useWithdrawSop } from './api';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * An SOP that has had a version in force is withdrawn, never deleted: the reason is required
 * and kept with it, and a signature is asked for when signatures are required.
 */
export function WithdrawSopDialog({ sop, onClose }: { sop: Pick<SopListItem, 'id' | 'title'> | null; onClose: () => void }) {
  const withdraw = useWithdrawSop();
  const signature = useSignature('withdraw-signature', withdraw.error, sop ? { sopId: sop.id } : null);
  const [reason, setReason] = useState('');
  const { t } = useLingui();
  const title = sop?.title ?? '';
  const [tried, setTried] = useState(false);
  const sopId = sop?.id;
  useEffect(() => {
    // A new SOP starts with an empty reason.
    if (sopId !== undefined) {
      setReason('');
      setTried(false);
    }
  }, [sopId]);
  const missing = tried && !reason.trim() ? t`Give a reason for withdrawing this SOP.` : undefined;
  const send = (proof: SignatureProof | undefined) => {
    setTried(true);
    if (!sop || !reason.trim()) return;
    withdraw.mutate({ id: sop.id, reason: reason.trim(), signature: proof }, { onSuccess: onClose });
  };
  return (
    <ConfirmDialog
      open={sop !== null}
      title={t`Withdraw SOP`}
      description={t`"${title}" will leave the lists, reading and ships. Every version, file, signature and attestation is kept in the archive.`}
      pending={withdraw.isPending}
      onClose={onClose}
      action={
        <>
          {signature.required && <UsePasskeyButton disabled={withdraw.isPending || !reason.trim()} getProof={signature.passkeyProof} onProof={send} />}
          <Button variant="destructive" disabled={withdraw.isPending || !signature.ready} onClick={() => send(signature.proof())}>
            {withdraw.isPending ? <Trans>Withdrawing...</Trans> : <Trans>Withdraw</Trans>}
          </Button>
        </>
      }
    >
      <FormField id="withdraw-reason" label={t`Reason for withdrawal`} error={missing} className="space-y-1">
        <Textarea id="withdraw-reason" rows={3} value={reason} {...invalidWhen('withdraw-reason', missing)} onChange={(e) => setReason(e.target.value)} />
      </FormField>
      {signature.field}
    </ConfirmDialog>
  );
}

/** 'Withdraw': the SOP leaves lists, reading and ships and is kept in the archive (a reason is required). */
export function WithdrawButton({ sop }: { sop: Pick<SopDetail, 'id' | 'title'> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" className="border-white/40 bg-white/10 text-white hover:bg-white/20 hover:text-white" onClick={() => setOpen(true)}>
        <Archive /> <Trans>Withdraw</Trans>
      </Button>
      <WithdrawSopDialog sop={open ? sop : null} onClose={() => setOpen(false)} />
    </>
  );
}
