import { type ApprovalStatus, FILTERABLE_STATUSES, type SopStatus } from '@common/sop-lifecycle';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** Colours that carry meaning, always with a text label; typed so a new status needs one. */
const STATUS_STYLES: Record<SopStatus | ApprovalStatus, { label: string; className: string }> = {
  draft: { label: 'Draft', className: 'bg-slate-100 text-slate-700 border-slate-300' },
  submitted: { label: 'Submitted', className: 'bg-amber-100 text-amber-900 border-amber-300' },
  in_review: { label: 'In Review', className: 'bg-amber-100 text-amber-900 border-amber-300' },
  changes_requested: { label: 'Changes Requested', className: 'bg-orange-100 text-orange-900 border-orange-300' },
  approved: { label: 'Approved', className: 'bg-sky-100 text-sky-900 border-sky-300' },
  published: { label: 'Published', className: 'bg-emerald-100 text-emerald-900 border-emerald-300' },
  archived: { label: 'Archived', className: 'bg-slate-200 text-slate-800 border-slate-400' },
  pending: { label: 'Pending', className: 'bg-amber-100 text-amber-900 border-amber-300' },
  rejected: { label: 'Rejected', className: 'bg-red-100 text-red-900 border-red-300' },
};

const capitalise = (value: string) => (value ? value[0].toUpperCase() + value.slice(1) : value);

const styleOf = (status: string) => (Object.hasOwn(STATUS_STYLES, status) ? STATUS_STYLES[status as keyof typeof STATUS_STYLES] : undefined);

export function statusLabel(status: string): string {
  return styleOf(status)?.label ?? capitalise(status);
}

/** The list's status filter: every status still in use, in lifecycle order, under its badge's label. */
export const STATUS_FILTERS: { value: SopStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'All Statuses' },
  ...FILTERABLE_STATUSES.map((value) => ({ value, label: statusLabel(value) })),
];

/** `upper` for headings where the badge reads as a stamp ('PUBLISHED'); the colour carries the same meaning. */
export function StatusBadge({ status, upper, className, ...rest }: { status: string; upper?: boolean; className?: string; 'data-testid'?: string }) {
  const style = styleOf(status);
  const label = statusLabel(status);
  return (
    <Badge
      variant="outline"
      className={cn(style?.className ?? 'bg-slate-100 text-slate-700', upper && 'tracking-wide', className)}
      data-status={status}
      {...rest}
    >
      {upper ? label.toUpperCase() : label}
    </Badge>
  );
}
