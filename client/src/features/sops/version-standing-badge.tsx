import type { VersionStanding } from '@common/sop-lifecycle';
import { Badge } from '@/components/ui/badge';
import { versionStandingLabel } from '@/lib/labels';

const STANDING_STYLES: Record<VersionStanding, string> = {
  in_force: 'border-emerald-300 bg-emerald-100 text-emerald-900',
  superseded: 'border-slate-300 bg-slate-200 text-slate-700',
  changes_requested: 'border-orange-300 bg-orange-100 text-orange-900',
  submitted: 'border-amber-300 bg-amber-100 text-amber-900',
  draft: 'border-slate-300 bg-slate-100 text-slate-700',
};

/** Whether a version is the one to use: in force, superseded by a newer approval, submitted for approval, or a draft. */
export function VersionStandingBadge({ standing }: { standing: VersionStanding }) {
  return (
    <Badge variant="outline" className={STANDING_STYLES[standing]} data-testid="version-standing" data-standing={standing}>
      {versionStandingLabel(standing)}
    </Badge>
  );
}
