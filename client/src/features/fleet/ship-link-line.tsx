import { useQuery } from '@tanstack/react-query';
import type { FleetStatus } from '@common/contracts/fleet';
import { formatDateTime, formatTime } from '@/lib/labels';
import { can } from '@common/permissions';
import type { SessionUser } from '@/lib/session';
import { fleetQueries } from './api';
import { InspectionPackButtons } from './inspection-pack-buttons';
import { plural, t } from '@lingui/core/macro';

/** How often the line asks again (and whenever the window regains focus). */
const REFRESH_MS = 10_000;

/**
 * The time today, the date and time before, in the reader's one date style (lib/labels.ts uses
 * Intl only, no date-fns, so the header's entry stays small: decision 027).
 */
const timeOf = (value: string | Date, now: Date) => (new Date(value).toDateString() === now.toDateString() ? formatTime(value) : formatDateTime(value));

const waitingWords = (count: number) => plural(count, { one: '# attestation waiting to send', other: '# attestations waiting to send' });

/** The ship's link in one sentence: in step with the office, or since when not and what waits. */
export function shipLinkSentence(status: FleetStatus, now: Date = new Date()): string {
  const waiting = status.waiting.toSend > 0 ? ` · ${waitingWords(status.waiting.toSend)}` : '';
  const time = status.lastContactAt ? timeOf(status.lastContactAt, now) : null;
  if (status.connected && time) return `${t`Ship copy · in step with the office at ${time}`}${waiting}`;
  const since = time ? t`No link to the office since ${time}` : t`No link to the office yet`;
  return `${since}${waiting}`;
}

/**
 * On a ship's copy: a quiet line under the header saying whether the copy is in step with the
 * office, or since when the link is down and what waits to be sent, with the ship's own
 * inspection pack for those who may make it (`user`). Nothing at the office.
 */
export function ShipLinkLine({ user }: { user?: SessionUser | null }) {
  // Only a ship keeps asking: an office's answer never changes the header.
  const onShip = (query: { state: { data?: FleetStatus } }) => query.state.data?.role === 'ship';
  const status = useQuery({
    ...fleetQueries.status(),
    // The session's reader asked for the status a moment earlier (lib/session.ts): mounting
    // takes that answer instead of asking again; a ship then asks every REFRESH_MS.
    staleTime: (query) => (onShip(query) ? REFRESH_MS : Number.POSITIVE_INFINITY),
    refetchInterval: (query) => (onShip(query) ? REFRESH_MS : false),
    refetchOnWindowFocus: (query) => (onShip(query) ? 'always' : false),
  });
  const data = status.data;
  if (data?.role !== 'ship') return null;
  return (
    <div className="border-t border-white/10 bg-navy">
      <div className="mx-auto flex w-full max-w-[1440px] flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-1 sm:px-6 lg:px-8">
        <p className="min-w-0 text-xs text-slate-300" data-testid="ship-link-line" title={data.problem ?? undefined}>
          {shipLinkSentence(data)}
          {data.problem && <span className="text-amber-200"> · {data.problem}</span>}
        </p>
        {/* The ship's own inspection pack, made on board from its own records, link or no link. */}
        {data.vessel && can(user, 'fleet.inspection') && <InspectionPackButtons code={data.vessel.code} vesselName={data.vessel.name} compact />}
      </div>
    </div>
  );
}
