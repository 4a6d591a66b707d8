import { useQuery } from '@tanstack/react-query';
import { Activity } from 'lucide-react';
import type { AuditEvent } from '@common/contracts/audit';
import { QueryState } from '@/components/query-state';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Timestamp } from '@/components/timestamp';
import { eventLabel } from '@/lib/event-labels';
import { actorNameOf } from '@/lib/names';
import { AUDIT_SHOWN, adminQueries } from './api';
import { Trans, useLingui } from '@lingui/react/macro';

/** The quoted subject of an event: its metadata name, else its title. */
function subjectOf(event: AuditEvent): string | null {
  const { name, title } = event.metadata ?? {};
  const subject = typeof name === 'string' && name ? name : typeof title === 'string' && title ? title : null;
  return subject;
}

export function RecentAdminActivity() {
  const { t } = useLingui();
  const audit = useQuery(adminQueries.audit());
  const events = (audit.data ?? []).slice(0, AUDIT_SHOWN);

  return (
    <Card>
      <CardHeader className="flex flex-row items-center gap-2">
        <Activity className="size-4 text-ocean" aria-hidden="true" />
        <CardTitle className="text-lg text-navy">
          <Trans>Recent Admin Activity</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState query={audit} loading={t`Loading activity`} failed={t`Could not load recent activity.`} frame="py-6">
          {events.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">
              <Trans>No recent admin activity</Trans>
            </p>
          ) : (
            <ul className="divide-y" aria-label={t`Recent admin activity`}>
              {events.map((event) => {
                const subject = subjectOf(event);
                return (
                  <li key={event.id} className="py-2.5 text-sm">
                    <p>
                      <span className="font-medium text-navy">{actorNameOf(event.actor)}</span> · {eventLabel(event.action)}
                      {subject && <span className="font-medium"> "{subject}"</span>}
                    </p>
                    <Timestamp at={event.createdAt} />
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
