import type { VersionStanding } from '@common/sop-lifecycle';
import { Badge } from '@/components/ui/badge';

const STANDING: Record<VersionStanding, { label: string; className: string }> = {
  in_force: { label: 'In force', className: 'border-emerald-300 bg-emerald-100 text-emerald-900' },
  superseded: { label: 'Superseded', className: 'border-slate-300 bg-slate-200 text-slate-700' },
  draft: { label: 'Draft', className: 'border-slate-300 bg-slate-100 text-slate-700' },
};

/** Whether a version is the one to use: in force, superseded by a newer approval, or a draft never approved. */
export function VersionStandingBadge({ standing }: { standing: VersionStanding }) {
  const { label, className } = STANDING[standing];
  return (
    <Badge variant="outline" className={className} data-testid="version-standing">
      {label}
    </Badge>
  );
}
