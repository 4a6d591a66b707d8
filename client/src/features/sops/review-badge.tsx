import type { ReviewStatus } from '@common/review-clock';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { i18n } from '@/lib/i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const REVIEW_STYLES: Record<ReviewStatus, { label: MessageDescriptor; className: string }> = {
  ok: { label: msg`Review OK`, className: 'border-emerald-300 bg-emerald-50 text-emerald-900' },
  due_soon: { label: msg`Review due soon`, className: 'border-amber-300 bg-amber-100 text-amber-950' },
  overdue: { label: msg`Review overdue`, className: 'border-rose-300 bg-rose-100 text-rose-900' },
};

/** The review's words in the interface's language (read when drawn). */
export const reviewLabel = (status: ReviewStatus): string => i18n._(REVIEW_STYLES[status].label);

/** A periodic review that needs attention; `ok` is shown only where asked (the SOP page). */
export function ReviewBadge({ status, showOk, className }: { status: ReviewStatus | null; showOk?: boolean; className?: string }) {
  if (!status || (status === 'ok' && !showOk)) return null;
  const style = REVIEW_STYLES[status];
  return (
    <Badge variant="outline" className={cn(style.className, className)} data-testid="review-badge" data-review={status}>
      {reviewLabel(status)}
    </Badge>
  );
}
