import { useQuery } from '@tanstack/react-query';
import { Activity } from 'lucide-react';
import { ACTIVITY_SHOWN } from '@common/limits';
import { SectionCard } from '@/components/section-card';
import { Timestamp } from '@/components/timestamp';
import { eventLabel } from '@/lib/event-labels';
import { actorNameOf } from '@/lib/names';
import { dashboardQueries } from './api';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

/** The newest five SOP events: who, what, which SOP, when. */
export function RecentActivity() {
  const { data, isLoading, isError, refetch } = useQuery(dashboardQueries.activity());
  const entries = (data ?? []).slice(0, ACTIVITY_SHOWN);
  return (
    <SectionCard icon={Activity} title={t`Recent Activity`} titleClassName="text-navy">
      {isLoading ? (
        <p className="text-sm text-muted-foreground">
          <Trans>Loading activity...</Trans>
        </p>
      ) : isError ? (
        <p className="text-sm text-muted-foreground">
          <Trans>The activity could not be loaded.</Trans>{' '}
          <button type="button" className="font-medium text-ocean underline-offset-4 hover:underline" onClick={() => refetch()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No recent activity</Trans>
        </p>
      ) : (
        <ul className="divide-y" data-testid="recent-activity">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5 text-sm">
              <span>
                <span className="font-medium">{actorNameOf(entry.actor)}</span> · {eventLabel(entry.action)}
                {entry.metadata.title && <> "{entry.metadata.title}"</>}
              </span>
              <Timestamp at={entry.createdAt} />
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
