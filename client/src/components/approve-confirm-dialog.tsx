import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SopDetail } from '@common/contracts/sops';
import { DEFAULT_REVISION_CLASS, type RevisionClass } from '@common/revision-classes';
import { RevisionClassSelect } from '@/components/revision-class-select';
import { Spinner } from '@/components/spinner';
import { UsePasskeyButton, useSignature } from '@/components/signature-field';
import type { SignatureProof } from '@common/contracts/signatures';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { queryKeys } from '@/lib/query-keys';
import { ChangesSinceInForce } from './changes-since-in-force';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  /** The SOP and the version to approve; null closes the dialog. */
  target: { sopId: number; versionId: number } | null;
  pending: boolean;
  /** With the revision class the approver settled on (the submitter's unless changed here). */
  onConfirm: (revisionClass: RevisionClass, signature?: SignatureProof) => void;
  /** The decision's failure, if any: a refused signature is shown beside the password. */
  error?: unknown;
  onClose: () => void;
  /** The task's place on its review route, when known: an approval before the last step publishes nothing yet. */
  step?: { index: number; count: number; name: string; required: number };
}

/**
 * Approving is the release, so it is confirmed with the facts in view: the SOP, the version,
 * its files, its change summary and what changed since the version in force. Used by the
 * procedures list and the Approval Center.
 */
export function ApproveConfirmDialog({ target, pending, onConfirm, onClose, step, error }: Props) {
  const { t } = useLingui();
  // The step's place, counted from 1, as the description says it.
  const stepNumber = (step?.index ?? 0) + 1;
  const stepCount = step?.count;
  const stepName = step?.name;
  const signature = useSignature('approve-signature', error, target ? { versionId: target.versionId } : null);
  // The SOP detail, by its shared key: the same cache entry as the SOP page's.
  const detail = useQuery<SopDetail>({ queryKey: queryKeys.sops.detail(target?.sopId ?? 0), enabled: !!target });
  const sop = detail.data;
  const sopTitle = sop?.title;
  const version = sop?.versions.find((v) => v.id === target?.versionId);
  // The approver's choice; until they make one, the class the version was submitted with.
  const [chosen, setChosen] = useState<{ versionId: number; revisionClass: RevisionClass } | null>(null);
  const revisionClass = chosen && chosen.versionId === version?.id ? chosen.revisionClass : (version?.revisionClass ?? DEFAULT_REVISION_CLASS);

  return (
    <ConfirmDialog
      open={!!target}
      title={sopTitle !== undefined ? t`Approve "${sopTitle}"?` : t`Approve this SOP?`}
      description={
        step && (step.count > 1 || step.required > 1)
          ? t`Approving signs step ${stepNumber} of ${stepCount} (${stepName}); the version is published once the last step has all its approvals.`
          : t`Approving publishes this version: it becomes the version in force for every reader.`
      }
      pending={pending}
      onClose={onClose}
      className="max-h-[95vh] overflow-y-auto sm:max-w-2xl"
      action={
        <>
          {signature.required && (
            <UsePasskeyButton disabled={pending || !version} getProof={signature.passkeyProof} onProof={(p) => onConfirm(revisionClass, p)} />
          )}
          <Button
            className="bg-emerald-700 hover:bg-emerald-800"
            disabled={pending || !version || !signature.ready}
            onClick={() => onConfirm(revisionClass, signature.proof())}
          >
            {pending ? t`Approving...` : t`Confirm approval`}
          </Button>
        </>
      }
    >
      {detail.isLoading || !sop ? (
        <Spinner label={t`Loading the version`} />
      ) : !version ? (
        <p className="text-sm text-destructive">
          <Trans>This version could not be found.</Trans>
        </p>
      ) : (
        <div className="space-y-3 text-sm" data-testid="approve-summary">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-muted-foreground">
              <Trans>SOP</Trans>
            </dt>
            <dd className="font-medium">{sop.title}</dd>
            <dt className="text-muted-foreground">
              <Trans>Version</Trans>
            </dt>
            <dd className="font-medium">v{version.versionNumber}</dd>
            <dt className="text-muted-foreground">
              <Trans>Files</Trans>
            </dt>
            <dd>{version.attachments.length ? version.attachments.map((a) => a.originalName).join(', ') : t`No files`}</dd>
            <dt className="text-muted-foreground">
              <Trans>Change summary</Trans>
            </dt>
            <dd className="whitespace-pre-wrap">{version.changelog || t`No change summary`}</dd>
          </dl>
          <RevisionClassSelect
            id="approve-revision-class"
            value={revisionClass}
            onChange={(value) => setChosen({ versionId: version.id, revisionClass: value })}
            disabled={pending}
          />
          <div className="space-y-1">
            <p className="font-semibold text-navy">
              <Trans>Changes since the version in force</Trans>
            </p>
            <ChangesSinceInForce sopId={sop.id} versionId={version.id} />
          </div>
          {signature.field}
        </div>
      )}
    </ConfirmDialog>
  );
}
