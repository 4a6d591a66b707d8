import { REVIEW_OVERDUE_MONTHS } from '@common/limits';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/labels';
import { Trans } from '@lingui/react/macro';

/** The day the next review is due: 12 months after the last one was signed. */
export function nextReviewDue(lastSignedAt: string): Date {
  const day = new Date(lastSignedAt);
  day.setMonth(day.getMonth() + REVIEW_OVERDUE_MONTHS);
  return day;
}

/** The Fleet page's line for a vessel's last review: its date, flagged when older than 12 months, or none on record. */
export function LastReviewBadge({ at }: { at: string | null }) {
  const overdue = at === null || nextReviewDue(at) < new Date();
  const when = at ? formatDate(at) : null;
  return (
    <span className="flex flex-wrap items-center gap-2">
      {when ? <span>{when}</span> : <Trans>None on record</Trans>}
      {overdue && <Badge className="border-amber-300 bg-amber-100 text-amber-900">{at ? <Trans>Over 12 months old</Trans> : <Trans>Due</Trans>}</Badge>}
    </span>
  );
}
