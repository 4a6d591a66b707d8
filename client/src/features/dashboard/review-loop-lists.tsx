import type { ReactNode } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CalendarClock, MessageSquareWarning } from 'lucide-react';
import { Link } from 'wouter';
import type { PublicUser } from '@common/contracts/auth';
import type { SopListItem } from '@common/contracts/sops';
import { can } from '@common/permissions';
import { CHANGES_REQUESTED_STATUS } from '@common/sop-lifecycle';
import type { ReviewFilter } from '@common/review-clock';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/labels';
import { queryKeys } from '@/lib/query-keys';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

// The SOP list by its shared keys: the same cache entries as the list's with these filters.
const changesRequestedQuery = queryOptions<SopListItem[]>({ queryKey: queryKeys.sops.list({ status: CHANGES_REQUESTED_STATUS }) });
const reviewQuery = (review: ReviewFilter) => queryOptions<SopListItem[]>({ queryKey: queryKeys.sops.list({ review }) });

function SopLinks({ sops, empty, detail }: { sops: SopListItem[]; empty: string; detail: (sop: SopListItem) => ReactNode }) {
  if (sops.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="divide-y text-sm">
      {sops.slice(0, 8).map((sop) => (
        <li key={sop.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
          <Link href={`/sop/${sop.id}`} className="font-medium text-navy hover:underline">
            {sop.title}
          </Link>
          <span className="text-xs text-muted-foreground">{detail(sop)}</span>
        </li>
      ))}
    </ul>
  );
}

/** 'Needs your changes': the signed-in author's SOPs a reviewer sent back. */
function NeedsYourChanges({ user }: { user: PublicUser }) {
  const { data, isLoading } = useQuery(changesRequestedQuery);
  const mine = (data ?? []).filter((sop) => sop.ownerId === user.id);
  if (isLoading || mine.length === 0) return null;
  return (
    <Card data-testid="needs-your-changes" className="gap-2 border-amber-300">
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="text-base text-navy">
          <Trans>Needs your changes</Trans>
        </CardTitle>
        <MessageSquareWarning className="size-5 text-amber-600" aria-hidden="true" />
      </CardHeader>
      <CardContent>
        <SopLinks sops={mine} empty="" detail={(sop) => `v${sop.latestVersion?.versionNumber ?? '1.0'}`} />
      </CardContent>
    </Card>
  );
}

/** 'Reviews due': SOPs whose periodic review is overdue or due within 30 days (approvers and admins). */
function ReviewsDue() {
  const overdue = useQuery(reviewQuery('overdue'));
  const soon = useQuery(reviewQuery('due_soon'));
  const due = [...(overdue.data ?? []), ...(soon.data ?? [])].sort((a, b) => (a.nextReviewDue ?? '').localeCompare(b.nextReviewDue ?? ''));
  return (
    <Card data-testid="reviews-due" className="gap-2">
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="text-base text-navy">
          <Trans>Reviews due</Trans>
        </CardTitle>
        <CalendarClock className="size-5 text-ocean" aria-hidden="true" />
      </CardHeader>
      <CardContent className="space-y-2">
        {overdue.isLoading || soon.isLoading ? (
          <p className="text-sm text-muted-foreground">...</p>
        ) : (
          <SopLinks
            sops={due}
            empty={t`No periodic reviews due in the next 30 days`}
            detail={(sop) => {
              const date = formatDate(`${sop.nextReviewDue}T00:00:00`);
              return sop.reviewStatus === 'overdue' ? t`Overdue since ${date}` : t`Due ${date}`;
            }}
          />
        )}
        {due.length > 0 && (
          <Link href="/documents?review=overdue" className="inline-block text-sm font-medium text-ocean underline-offset-4 hover:underline">
            <Trans>See overdue reviews</Trans>
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

/** The review loop on the dashboard: what the author must revise, and (for approvers and admins) which reviews are due. */
export function ReviewLoopLists({ user }: { user: PublicUser | null }) {
  if (!user) return null;
  const showReviews = can(user, 'sop.review.confirm');
  return (
    <div className="grid gap-4 lg:grid-cols-2 empty:hidden">
      <NeedsYourChanges user={user} />
      {showReviews && <ReviewsDue />}
    </div>
  );
}
