import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import type { TaskStep } from '@common/contracts/approval-routes';
import type { ApprovalTask } from '@common/contracts/sops';
import { ApproverSelect } from '@/components/approver-select';
import { useCurrentUser } from '@/lib/session';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { apiRequest } from '@/lib/api';
import { formatDateTime } from '@/lib/labels';
import { queryKeys } from '@/lib/query-keys';
import { useApiMutation } from '@/lib/use-api-mutation';
import { i18n } from '@/lib/i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

const MEANING_WORDS: Record<TaskStep['signatures'][number]['meaning'], MessageDescriptor> = {
  approved: msg`Approved`,
  reviewed: msg`Reviewed`,
  changes_requested: msg`Changes requested`,
  rejected: msg`Rejected`,
};

/**
 * What the step needs, counted in words that agree: 'Needs 1 approval from the named approver',
 * 'Needs 1 approval from one of 3 named approvers', 'Needs 2 approvals from any approver'.
 */
export function approvalsNeeded(required: number, approverIds: readonly number[] | null): string {
  if (approverIds === null) return plural(required, { one: 'Needs # approval from any approver', other: 'Needs # approvals from any approver' });
  const named = approverIds.length;
  if (named === 1) return plural(required, { one: 'Needs # approval from the named approver', other: 'Needs # approvals from the named approver' });
  if (required >= named) {
    return plural(required, { one: `Needs # approval from all ${named} named approvers`, other: `Needs # approvals from all ${named} named approvers` });
  }
  return plural(required, { one: `Needs # approval from one of ${named} named approvers`, other: `Needs # approvals from # of ${named} named approvers` });
}

/** Where the version stands on its review route: the step, what it needs, and who has signed. */
export function ReviewRoute({ task }: { task: ApprovalTask }) {
  const { step } = task;
  const { t: tr } = useLingui();
  const stepNumber = step.index + 1;
  const stepCount = step.count;
  const stepName = step.name;
  const needed = approvalsNeeded(step.required, step.approverIds);
  const coApprovers = step.coApprovers.map((c) => c.name).join(', ');
  return (
    <section aria-labelledby={`route-${task.id}`} className="space-y-2 rounded-lg border bg-card p-4" data-testid="review-route">
      <h3 id={`route-${task.id}`} className="text-sm font-semibold text-navy">
        <Trans>
          Step {stepNumber} of {stepCount}: {stepName}
        </Trans>
      </h3>
      <p className="text-sm text-muted-foreground">{step.coApprovers.length > 0 ? tr`${needed}, and every co-approver's: ${coApprovers}` : needed}.</p>
      {step.signatures.length > 0 && (
        <ol className="space-y-1 text-sm" aria-label={tr`Signatures`}>
          {step.signatures.map((s) => (
            <li key={`${s.userId}-${s.stepName}`}>
              <span className="font-medium">{signerOf(s)}</span> · {i18n._(MEANING_WORDS[s.meaning])} ({s.stepName})
              <div className="text-xs text-muted-foreground">
                {formatDateTime(s.at)}
                {s.method && ' · '}
                {s.method && (s.method === 'passkey' ? tr`signed with a passkey` : tr`signed with the password`)}
                {s.sha256 && (
                  <>
                    {' · '}
                    {tr`version`}{' '}
                    <span className="font-mono" title={`SHA-256 ${s.sha256}`}>
                      {s.sha256.slice(0, 12)}
                    </span>
                  </>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      <AddCoApprover task={task} />
    </section>
  );
}

/** Who signed: the name, 'for' the person they stood in for. */
function signerOf(signature: TaskStep['signatures'][number]): string {
  const actor = signature.name;
  const principal = signature.onBehalfOf?.name;
  return principal ? t`${actor} for ${principal}` : actor;
}

/**
 * Adds one of the step's own approvers as a required signer. Nobody adds themselves, and the
 * submitter adds nobody (the server refuses both).
 */
function AddCoApprover({ task }: { task: ApprovalTask }) {
  const { user } = useCurrentUser();
  const { t: tr } = useLingui();
  const [open, setOpen] = useState(false);
  const stepNumber = task.step.index + 1;
  const stepName = task.step.name;
  const [userId, setUserId] = useState('');
  const taken = new Set<number | null>([
    user?.id ?? null,
    task.version.submittedBy,
    ...task.step.coApprovers.map((c) => c.userId),
    ...task.step.signatures.flatMap((s) => [s.userId, s.onBehalfOf?.userId ?? s.userId]),
  ]);
  const add = useApiMutation({
    mutationFn: async (id: number) => (await apiRequest('POST', `/api/approvals/${task.id}/co-approvers`, { userId: id })).json() as Promise<TaskStep>,
    invalidates: [queryKeys.approvals.pending()],
    onSuccess: () => {
      setOpen(false);
      setUserId('');
    },
    success: tr`Co-approver added to this step`,
    failure: { fallback: tr`Failed to add the co-approver` },
  });
  if (user && user.id === task.version.submittedBy) return null;
  return (
    <>
      <Button variant="ghost" size="sm" type="button" onClick={() => setOpen(true)}>
        <UserPlus /> <Trans>Add Co-Approver</Trans>
      </Button>
      <ConfirmDialog
        open={open}
        title={tr`Add a co-approver`}
        description={tr`They must approve step ${stepNumber} (${stepName}) too before it is done.`}
        pending={add.isPending}
        onClose={() => setOpen(false)}
        action={
          <Button disabled={!userId || add.isPending} onClick={() => add.mutate(Number(userId))}>
            {add.isPending ? <Trans>Adding...</Trans> : <Trans>Add Co-Approver</Trans>}
          </Button>
        }
      >
        <div className="space-y-1.5">
          <Label htmlFor={`co-approver-${task.id}`}>
            <Trans>Co-approver</Trans>
          </Label>
          <ApproverSelect id={`co-approver-${task.id}`} value={userId} onChange={setUserId} exclude={taken} only={task.step.approverIds} />
        </div>
      </ConfirmDialog>
    </>
  );
}
