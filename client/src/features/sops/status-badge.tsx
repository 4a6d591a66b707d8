import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** DESIGN.md: colours that carry meaning, always with a text label. */
const STATUS_STYLES: Record<string, { label: string; className: string }> = {
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

export function statusLabel(status: string): string {
  return STATUS_STYLES[status]?.label ?? capitalise(status);
}

export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const style = STATUS_STYLES[status];
  return (
    <Badge variant="outline" className={cn(style?.className ?? 'bg-slate-100 text-slate-700', className)} data-status={status}>
      {statusLabel(status)}
    </Badge>
  );
}
