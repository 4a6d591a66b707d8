import { useState } from 'react';
import { Check, MessageSquare, RotateCcw, UserPlus } from 'lucide-react';
import type { DecidedTask } from '@common/contracts/approvals';
import type { ApprovalTask } from '@common/contracts/sops';
import { DECISION } from '@common/sop-lifecycle';
import { ApproveConfirmDialog } from '@/components/approve-confirm-dialog';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { formatDateTime } from '@/lib/format';
import { ownerNameOf } from '@/lib/names';
import { useDecideTask } from './api';

interface Props {
  task: ApprovalTask;
  onDecided: (task: DecidedTask) => void;
}

/** Comments and the decision buttons, with the task's short history underneath. */
export function DecisionPanel({ task, onDecided }: Props) {
  const [comment, setComment] = useState('');
  const [confirming, setConfirming] = useState(false);
  const decide = useDecideTask((decided) => {
    setComment('');
    setConfirming(false);
    onDecided(decided);
  });
  const locked = decide.isPending || task.status === DECISION.approve;
  const commentId = `decision-comment-${task.id}`;

  return (
    <aside aria-label="Review" className="space-y-4">
      <section className="space-y-3 rounded-lg border bg-card p-4">
        <h3 className="text-sm font-semibold text-navy">Comments</h3>
        <div className="space-y-1.5">
          <Label htmlFor={commentId}>Comment for the author</Label>
          <Textarea
            id={commentId}
            rows={5}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            placeholder="What should change, or why it is approved"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button disabled={locked} onClick={() => setConfirming(true)} className="bg-emerald-700 hover:bg-emerald-800">
            <Check /> Approve
          </Button>
          <Button
            variant="outline"
            disabled={locked}
            onClick={() => decide.mutate({ taskId: task.id, status: DECISION.requestChanges, comments: comment })}
            className="border-orange-300 text-orange-900 hover:bg-orange-50"
          >
            <RotateCcw /> Request Changes
          </Button>
        </div>
        <div className="flex flex-wrap gap-2 border-t pt-3">
          {/* These two have no behaviour yet beyond clearing the comment field; they mark features still to come. */}
          <Button variant="ghost" size="sm" type="button">
            <UserPlus /> Add Co-Approver
          </Button>
          <Button variant="ghost" size="sm" type="button" onClick={() => setComment('')}>
            <MessageSquare /> Comment
          </Button>
        </div>
      </section>

      <ApproveConfirmDialog
        target={confirming ? { sopId: task.version.sop.id, versionId: task.versionId } : null}
        pending={decide.isPending}
        onConfirm={() => decide.mutate({ taskId: task.id, status: DECISION.approve, comments: comment })}
        onClose={() => setConfirming(false)}
      />

      <section className="rounded-lg border bg-card p-4">
        <h3 className="mb-2 text-sm font-semibold text-navy">History</h3>
        <ol className="space-y-2 text-sm">
          <li>
            <span className="font-medium">{ownerNameOf(task.version.submittedByUser)}</span> submitted version {task.version.versionNumber}
            <div className="text-xs text-muted-foreground">{formatDateTime(task.version.submittedAt ?? task.createdAt)}</div>
          </li>
          <li>
            Approval task opened, awaiting a decision
            <div className="text-xs text-muted-foreground">{formatDateTime(task.createdAt)}</div>
          </li>
        </ol>
      </section>
    </aside>
  );
}
