import { useRef, useState } from 'react';
import { Check, MessageSquare, RotateCcw } from 'lucide-react';
import type { DecidedTask } from '@common/contracts/approvals';
import type { ApprovalTask } from '@common/contracts/sops';
import { DECISION, decisionNeedsComment } from '@common/sop-lifecycle';
import type { SignatureProof } from '@common/contracts/signatures';
import { ApproveConfirmDialog } from '@/components/approve-confirm-dialog';
import { UsePasskeyButton, useSignature } from '@/components/signature-field';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { formatDateTime } from '@/lib/labels';
import { ownerNameOf } from '@/lib/names';
import { useDecideTask, usePostComment } from './api';
import { ReviewRoute } from './review-route';
import { ReviewThread } from './review-thread';
import { TOAST_AVOID } from '@/components/toast-placement';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  task: ApprovalTask;
  onDecided: (task: DecidedTask) => void;
}

/**
 * The decision: the comment for the author and the buttons. Below 1024 px it stays at the
 * bottom of the screen while the approver reads the version above it (sticky), so Approve and
 * Request Changes are always in reach on a tablet or a phone.
 */
export function DecisionBar({ task, onDecided }: Props) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { t } = useLingui();
  const box = useRef<HTMLTextAreaElement>(null);
  const clear = () => {
    setComment('');
    setError(null);
  };
  const decide = useDecideTask((decided) => {
    clear();
    setConfirming(false);
    onDecided(decided);
  });
  const post = usePostComment(task.versionId, clear);
  const locked = decide.isPending || task.status === DECISION.approve;
  const principal = task.decideFor?.name;
  const commentId = `decision-comment-${task.id}`;
  const errorId = `${commentId}-error`;

  // Refused here, before anything is sent: the author must be told what to change.
  const refuse = (message: string) => {
    setError(message);
    box.current?.focus();
  };
  // When signatures are required, Request Changes is signed here (approving is signed in its dialog).
  const changesSignature = useSignature('changes-signature', confirming ? null : decide.error, { versionId: task.versionId });
  const requestChanges = (signature: SignatureProof | undefined = changesSignature.proof()) => {
    // COMMENT_REQUIRED_MESSAGE of @common/sop-lifecycle, in the interface's language.
    if (decisionNeedsComment(DECISION.requestChanges, comment)) return refuse(t`A comment is required to request changes: say what the author should change`);
    setError(null);
    decide.mutate({ taskId: task.id, status: DECISION.requestChanges, comments: comment, signature });
  };
  const postComment = () => {
    if (!comment.trim()) return refuse(t`Write a comment first`);
    setError(null);
    post.mutate(comment);
  };

  return (
    <section
      aria-label={t`Decision`}
      data-testid="decision-bar"
      {...TOAST_AVOID}
      className="space-y-2 rounded-lg border bg-card p-3 max-lg:shadow-[0_-6px_16px_rgba(15,23,42,0.12)] lg:space-y-3 lg:p-4"
    >
      {task.decideFor && (
        <p className="text-sm" data-testid="decide-for">
          <Trans>
            You decide for <span className="font-medium">{principal}</span>, as their delegate: the decision counts as theirs.
          </Trans>
        </p>
      )}
      <Label htmlFor={commentId}>
        <Trans>Comment for the author</Trans>
      </Label>
      <Textarea
        ref={box}
        id={commentId}
        rows={2}
        className="max-h-40 lg:min-h-28"
        value={comment}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => {
          setComment(e.target.value);
          if (error && e.target.value.trim()) setError(null);
        }}
        placeholder={t`What should change, or why it is approved`}
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      {changesSignature.required && (
        <div className="space-y-1">
          <p className="text-xs text-muted-foreground">
            <Trans>Requesting changes is signed: your password, or a passkey. Approving asks in its own dialog.</Trans>
          </p>
          {changesSignature.field}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button disabled={locked} onClick={() => setConfirming(true)} className="bg-emerald-700 hover:bg-emerald-800">
          <Check /> <Trans>Approve</Trans>
        </Button>
        <Button
          variant="outline"
          disabled={locked || !changesSignature.ready}
          onClick={() => requestChanges()}
          className="border-orange-300 text-orange-900 hover:bg-orange-50"
        >
          <RotateCcw /> <Trans>Request Changes</Trans>
        </Button>
        {changesSignature.required && (
          <UsePasskeyButton disabled={locked} getProof={changesSignature.passkeyProof} onProof={(proof) => requestChanges(proof)} />
        )}
        <Button variant="outline" disabled={post.isPending} onClick={postComment}>
          <MessageSquare /> <Trans>Comment</Trans>
        </Button>
      </div>
      <ApproveConfirmDialog
        target={confirming ? { sopId: task.version.sop.id, versionId: task.versionId } : null}
        pending={decide.isPending}
        step={task.step}
        error={decide.error}
        onConfirm={(revisionClass, signature) => decide.mutate({ taskId: task.id, status: DECISION.approve, comments: comment, revisionClass, signature })}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}

/** The version's review thread and the task's short history. */
export function ReviewNotes({ task }: { task: ApprovalTask }) {
  const submitter = ownerNameOf(task.version.submittedByUser);
  const version = task.version.versionNumber;
  return (
    <div className="space-y-4">
      <section aria-labelledby={`thread-${task.id}`} className="space-y-3 rounded-lg border bg-card p-4">
        <h3 id={`thread-${task.id}`} className="text-sm font-semibold text-navy">
          <Trans>Review comments</Trans>
        </h3>
        <ReviewThread versionId={task.versionId} />
      </section>
      <ReviewRoute task={task} />

      <section className="rounded-lg border bg-card p-4">
        <h3 className="mb-2 text-sm font-semibold text-navy">
          <Trans>History</Trans>
        </h3>
        <ol className="space-y-2 text-sm">
          <li>
            <Trans>
              <span className="font-medium">{submitter}</span> submitted version {version}
            </Trans>
            <div className="text-xs text-muted-foreground">{formatDateTime(task.version.submittedAt ?? task.createdAt)}</div>
          </li>
          <li>
            <Trans>Approval task opened, awaiting a decision</Trans>
            <div className="text-xs text-muted-foreground">{formatDateTime(task.createdAt)}</div>
          </li>
        </ol>
      </section>
    </div>
  );
}
