import { Progress } from '@/components/ui/progress';
import { share } from './api';

/** One labelled bar: 'name · n of m'. */
export function ComplianceBar({ label, attested, required }: { label: string; attested: number; required: number }) {
  // Nobody to count is not 'all read': an empty, greyed bar.
  const percent = required === 0 ? 0 : share(attested, required);
  return (
    <div className="space-y-1">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="truncate font-medium">{label}</span>
        <span className="shrink-0 tabular-nums text-muted-foreground">
          {attested} of {required}
        </span>
      </div>
      <Progress value={percent} aria-label={`${label}: ${attested} of ${required} have read it`} className={required === 0 ? 'opacity-50' : undefined} />
    </div>
  );
}
