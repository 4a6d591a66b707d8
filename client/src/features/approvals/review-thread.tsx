import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import type { ReviewComment } from '@common/contracts/approvals';
import type { SopDetail } from '@common/contracts/sops';
import { FormField, invalidWhen } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/section-card';
import { Textarea } from '@/components/ui/textarea';
import { formatDateTime } from '@/lib/labels';
import { ownerNameOf } from '@/lib/names';
import { approvalQueries, usePostComment } from './api';
import { i18n } from '@/lib/i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

const DECISION_WORDS: Record<NonNullable<ReviewComment['decision']>, MessageDescriptor> = {
  approved: msg`Approved`,
  changes_requested: msg`Requested changes`,
  rejected: msg`Rejected`,
  pending: msg({ message: 'Comment', context: 'a review comment without a decision' }),
};

/** A version's review thread, oldest first: who wrote, when, with which decision, and what. */
export function ReviewThread({ versionId }: { versionId: number }) {
  const thread = useQuery(approvalQueries.comments(versionId));
  const { t } = useLingui();
  if (thread.isLoading)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>Loading comments…</Trans>
      </p>
    );
  if (thread.isError)
    return (
      <p className="text-sm text-destructive">
        <Trans>The comments could not be loaded.</Trans>
      </p>
    );
  const comments = thread.data ?? [];
  if (comments.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No comments on this version yet.</Trans>
      </p>
    );
  return (
    <ol className="space-y-3" data-testid="review-thread">
      {comments.map((comment) => (
        <li key={comment.id} className="rounded-md border bg-muted/30 p-3 text-sm">
          <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
            <span className="font-medium text-foreground">{comment.author ? ownerNameOf(comment.author) : t`Unknown User`}</span>
            {comment.decision && <span className="font-medium text-orange-900">{i18n._(DECISION_WORDS[comment.decision])}</span>}
            <span>
              v{comment.versionNumber} · {formatDateTime(comment.createdAt)}
            </span>
          </p>
          <p className="mt-1 break-words whitespace-pre-wrap">{comment.body}</p>
        </li>
      ))}
    </ol>
  );
}

/** The thread with a box to reply in, for the SOP page (the author answers the reviewers there). */
export function ReviewThreadWithReply({ versionId, versionNumber }: { versionId: number; versionNumber: string }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const post = usePostComment(versionId, () => setText(''));
  const { t } = useLingui();
  const boxId = `review-reply-${versionId}`;
  const send = () => {
    if (!text.trim()) {
      setError(t`Write a comment first`);
      return;
    }
    setError(null);
    post.mutate(text);
  };
  return (
    <div className="space-y-3">
      <ReviewThread versionId={versionId} />
      <FormField id={boxId} label={t`Reply on version ${versionNumber}`} error={error ?? undefined} className="space-y-1.5">
        <Textarea id={boxId} rows={3} value={text} {...invalidWhen(boxId, error)} onChange={(e) => setText(e.target.value)} />
      </FormField>
      <Button variant="outline" size="sm" disabled={post.isPending} onClick={send}>
        <MessageSquare /> <Trans>Post reply</Trans>
      </Button>
    </div>
  );
}

/**
 * The SOP page's review comments, for its author, approvers and admins: the thread of the
 * latest version with a reply box and, while a revision waits to be submitted, the thread of
 * the version before it (where the reviewer asked for the changes).
 */
export function ReviewCommentsCard({ sop }: { sop: SopDetail }) {
  const latest = sop.latestVersion;
  const { t } = useLingui();
  if (!latest) return null;
  const latestNumber = latest.versionNumber;
  const previous = latest.submittedAt ? null : (sop.versions.find((v) => v.id !== latest.id && v.submittedAt) ?? null);
  const previousNumber = previous?.versionNumber;
  return (
    <SectionCard icon={MessageSquare} title={t`Review comments`} testId="review-comments" contentClassName="space-y-4">
      {previous && (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold text-navy">
            <Trans>On version {previousNumber}</Trans>
          </h3>
          <ReviewThread versionId={previous.id} />
        </div>
      )}
      <div className="space-y-2">
        {previous && (
          <h3 className="text-sm font-semibold text-navy">
            <Trans>On version {latestNumber}</Trans>
          </h3>
        )}
        <ReviewThreadWithReply versionId={latest.id} versionNumber={latest.versionNumber} />
      </div>
    </SectionCard>
  );
}
