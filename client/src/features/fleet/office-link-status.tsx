import { useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, LoaderCircle, Unplug } from 'lucide-react';
import type { FleetLinkState } from '@common/contracts/fleet';
import { formatDateTime } from '@/lib/labels';
import { cn } from '@/lib/utils';
import { fleetQueries } from './api';
import { t } from '@lingui/core/macro';

/** How often the Fleet page asks again while it is open. */
const REFRESH_MS = 10_000;

/** The office's link in one sentence: connected since when, or down since when and why. */
export function officeLinkSentence(link: FleetLinkState): string {
  const since = link.since ? formatDateTime(link.since) : null;
  switch (link.state) {
    case 'connected':
      return since ? t`The office is connected to the fleet link (NATS) since ${since}.` : t`The office is connected to the fleet link (NATS).`;
    case 'connecting':
      return since ? t`The office is connecting to the fleet link (NATS), trying since ${since}.` : t`The office is connecting to the fleet link (NATS).`;
    case 'down': {
      const reason = link.error ?? t`no reason given`;
      return since
        ? t`The office's link to NATS is down since ${since}: ${reason}. Nothing reaches the ships until it is back.`
        : t`The office's link to NATS is down: ${reason}. Nothing reaches the ships until it is back.`;
    }
    case 'not_configured':
      return t`The office has no fleet link: NATS_URL is not set, so nothing is sent to the ships.`;
  }
}

const LOOK: Record<FleetLinkState['state'], { icon: typeof CircleCheck; className: string }> = {
  connected: { icon: CircleCheck, className: 'border-emerald-300 bg-emerald-50 text-emerald-950' },
  connecting: { icon: LoaderCircle, className: 'border-amber-300 bg-amber-50 text-amber-950' },
  down: { icon: CircleAlert, className: 'border-rose-300 bg-rose-50 text-rose-950' },
  not_configured: { icon: Unplug, className: 'border-slate-300 bg-slate-50 text-slate-800' },
};

/** Above the vessels: whether the office itself reaches NATS, so 'Last contact Never' has its reason beside it. */
export function OfficeLinkStatus() {
  const status = useQuery({ ...fleetQueries.status(), staleTime: 0, refetchInterval: REFRESH_MS });
  const link = status.data?.link;
  if (!link) return null;
  const { icon: Icon, className } = LOOK[link.state];
  return (
    <p
      role="status"
      data-testid="office-link"
      data-state={link.state}
      className={cn('mb-6 flex items-start gap-2 rounded-lg border px-4 py-3 text-sm break-words', className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0">{officeLinkSentence(link)}</span>
    </p>
  );
}
