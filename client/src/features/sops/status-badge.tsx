import { type ApprovalStatus, FILTERABLE_STATUSES, type SopStatus } from '@common/sop-lifecycle';
import { Badge } from '@/components/ui/badge';
import { statusLabel } from '@/lib/labels';
import { cn } from '@/lib/utils';
import { t } from '@lingui/core/macro';

/** Colours that carry meaning, always with the status's label; typed so a new status needs one. */
const STATUS_STYLES: Record<SopStatus | ApprovalStatus, string> = {
  draft: 'bg-slate-100 text-slate-700 border-slate-300',
  submitted: 'bg-amber-100 text-amber-900 border-amber-300',
  in_review: 'bg-amber-100 text-amber-900 border-amber-300',
  changes_requested: 'bg-orange-100 text-orange-900 border-orange-300',
  approved: 'bg-sky-100 text-sky-900 border-sky-300',
  published: 'bg-emerald-100 text-emerald-900 border-emerald-300',
  archived: 'bg-slate-200 text-slate-800 border-slate-400',
  pending: 'bg-amber-100 text-amber-900 border-amber-300',
  rejected: 'bg-red-100 text-red-900 border-red-300',
};

const styleOf = (status: string) => (Object.hasOwn(STATUS_STYLES, status) ? STATUS_STYLES[status as keyof typeof STATUS_STYLES] : undefined);

/** The list's status filter: the statuses given (in lifecycle order: `listFiltersFor`), under their badges' labels. */
export const statusFilterOptions = (statuses: readonly SopStatus[] = FILTERABLE_STATUSES): { value: SopStatus | 'all'; label: string }[] => [
  { value: 'all', label: t`All Statuses` },
  ...statuses.map((value) => ({ value, label: statusLabel(value) })),
];

/** `upper` for headings where the badge reads as a stamp ('PUBLISHED'); the colour carries the same meaning. */
export function StatusBadge({ status, upper, className, ...rest }: { status: string; upper?: boolean; className?: string; 'data-testid'?: string }) {
  const style = styleOf(status);
  const label = statusLabel(status);
  return (
    <Badge variant="outline" className={cn(style ?? 'bg-slate-100 text-slate-700', upper && 'tracking-wide', className)} data-status={status} {...rest}>
      {upper ? label.toUpperCase() : label}
    </Badge>
  );
}
