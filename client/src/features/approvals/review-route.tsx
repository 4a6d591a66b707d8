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

const MEANING_WORDS: Record<TaskStep['signatures'][number]['meaning'], string> = {
  approved: 'Approved',
  reviewed: 'Reviewed',
  changes_requested: 'Changes requested',
  rejected: 'Rejected',
};

/**
 * What the step needs, counted in words that agree: 'Needs 1 approval from the named approver',
 * 'Needs 1 approval from one of 3 named approvers', 'Needs 2 approvals from any approver'.
 */
export function approvalsNeeded(required: number, approverIds: readonly number[] | null): string {
  const approvals = `${required} ${required === 1 ? 'approval' : 'approvals'}`;
  if (approverIds === null) return `Needs ${approvals} from any approver`;
  const named = approverIds.length;
  if (named === 1) return `Needs ${approvals} from the named approver`;
  if (required >= named) return `Needs ${approvals} from all ${named} named approvers`;
  return `Needs ${approvals} from ${required === 1 ? 'one' : required} of ${named} named approvers`;
}

/** Where the version stands on its review route: the step, what it needs, and who has signed. */
export function ReviewRoute({ task }: { task: ApprovalTask }) {
  const { step } = task;
  return (
    <section aria-labelledby={`route-${task.id}`} className="space-y-2 rounded-lg border bg-card p-4" data-testid="review-route">
      <h3 id={`route-${task.id}`} className="text-sm font-semibold text-navy">
        Step {step.index + 1} of {step.count}: {step.name}
      </h3>
      <p className="text-sm text-muted-foreground">
        {approvalsNeeded(step.required, step.approverIds)}
        {step.coApprovers.length > 0 && `, and every co-approver's: ${step.coApprovers.map((c) => c.name).join(', ')}`}.
      </p>
      {step.signatures.length > 0 && (
        <ol className="space-y-1 text-sm" aria-label="Signatures">
          {step.signatures.map((s) => (
            <li key={`${s.userId}-${s.stepName}`}>
              <span className="font-medium">
                {s.name}
                {s.onBehalfOf && ` for ${s.onBehalfOf.name}`}
              </span>{' '}
              · {MEANING_WORDS[s.meaning]} ({s.stepName})
              <div className="text-xs text-muted-foreground">
                {formatDateTime(s.at)}
                {s.method && ` · signed with ${s.method === 'passkey' ? 'a passkey' : 'the password'}`}
                {s.sha256 && (
                  <>
                    {' · version '}
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

/**
 * Adds one of the step's own approvers as a required signer. Nobody adds themselves, and the
 * submitter adds nobody (the server refuses both).
 */
function AddCoApprover({ task }: { task: ApprovalTask }) {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
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
    success: 'Co-approver added to this step',
    failure: { fallback: 'Failed to add the co-approver' },
  });
  if (user && user.id === task.version.submittedBy) return null;
  return (
    <>
      <Button variant="ghost" size="sm" type="button" onClick={() => setOpen(true)}>
        <UserPlus /> Add Co-Approver
      </Button>
      <ConfirmDialog
        open={open}
        title="Add a co-approver"
        description={`They must approve step ${task.step.index + 1} (${task.step.name}) too before it is done.`}
        pending={add.isPending}
        onClose={() => setOpen(false)}
        action={
          <Button disabled={!userId || add.isPending} onClick={() => add.mutate(Number(userId))}>
            {add.isPending ? 'Adding...' : 'Add Co-Approver'}
          </Button>
        }
      >
        <div className="space-y-1.5">
          <Label htmlFor={`co-approver-${task.id}`}>Co-approver</Label>
          <ApproverSelect id={`co-approver-${task.id}`} value={userId} onChange={setUserId} exclude={taken} only={task.step.approverIds} />
        </div>
      </ConfirmDialog>
    </>
  );
}
