import { Progress } from '@/components/ui/progress';
import { share } from './api';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

/**
 * The compliance tables' cells break between words only: the page's `overflow-wrap: anywhere`
 * (for one long name on a phone) would cut 'Disembarkation' and '0 of 1' in a narrow tablet column.
 */
export const WHOLE_WORDS = '[overflow-wrap:normal]';

/** One labelled bar: 'name · n of m'. */
export function ComplianceBar({ label, attested, required }: { label: string; attested: number; required: number }) {
  // Nobody to count is not 'all read': an empty, greyed bar.
  const percent = required === 0 ? 0 : share(attested, required);
  return (
    <div className="space-y-1">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="truncate font-medium">{label}</span>
        <span className="shrink-0 tabular-nums text-muted-foreground">
          <Trans>
            {attested} of {required}
          </Trans>
        </span>
      </div>
      <Progress value={percent} aria-label={t`${label}: ${attested} of ${required} have read it`} className={required === 0 ? 'opacity-50' : undefined} />
    </div>
  );
}

/** A table cell's bar: 'n of m' beside it; the bar is named after what it counts (`label`). */
export function ShareBar({ label, attested, required }: { label: string; attested: number; required: number }) {
  if (required === 0)
    return (
      <span className="text-sm text-muted-foreground">
        <Trans>Nobody must read it</Trans>
      </span>
    );
  return (
    <div className="flex items-center gap-2 lg:min-w-36">
      {/* A tablet's table has room for the count only; the list on a phone and the wide table show the bar. */}
      <Progress
        value={share(attested, required)}
        aria-label={t`${label}: ${attested} of ${required} have read it`}
        className="hidden w-24 max-md:block lg:block"
      />
      <span className="text-sm whitespace-nowrap tabular-nums">
        <Trans>
          {attested} of {required}
        </Trans>
      </span>
    </div>
  );
}
