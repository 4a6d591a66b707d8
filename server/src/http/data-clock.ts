import type { Db } from '../db/client';
import { readDataVersion } from './versioned-answer';

/**
 * The data version (a counter the database bumps on every committed write to what the answers
 * read, users and the ending of sessions included) as this instance last read it. A request
 * takes a version read no longer than `freshMs` before it arrived, so a busy instance reads it
 * a few times a second instead of once per request, and an idle one not at all. A write this
 * instance answered makes the next request read it again, so a person always sees their own
 * change; a change made elsewhere (another instance, a background job) shows within `freshMs`.
 */
export interface DataClock {
  /** A version read no earlier than `freshMs` before `arrivedAt` (one read shared by requests arriving together). */
  versionFor(arrivedAt: number): Promise<number>;
  /** The newest version known now, without reading. */
  known(): number;
  /** The version known, if it was read no earlier than `freshMs` before `now` and after this instance's last change; else undefined. */
  fresh(now: number): number | undefined;
  /** A version read with other data (the session's query), begun at `startedAt`: kept if it is the newest. */
  saw(version: number, startedAt: number): void;
  /** This instance has just committed a change: no version read before now serves another request. */
  moved(): void;
}

export function createDataClock(db: Db, freshMs: number): DataClock {
  let known = { version: 0, readAt: Number.NEGATIVE_INFINITY };
  let movedAt = Number.NEGATIVE_INFINITY;
  let inFlight: { startedAt: number; version: Promise<number> } | undefined;

  /** The earliest read a request arriving at `at` may take: within the freshness, and after this instance's last change. */
  const oldestUsable = (at: number) => Math.max(at - freshMs, movedAt);
  const saw = (version: number, startedAt: number) => {
    if (startedAt >= movedAt && startedAt >= known.readAt) known = { version, readAt: startedAt };
  };
  const read = () => {
    const startedAt = performance.now();
    const version = readDataVersion(db).then((v) => {
      saw(v, startedAt);
      return v;
    });
    const flight = { startedAt, version };
    inFlight = flight;
    const done = () => {
      if (inFlight === flight) inFlight = undefined;
    };
    version.then(done, done);
    return flight;
  };

  return {
    versionFor(arrivedAt) {
      const oldest = oldestUsable(arrivedAt);
      if (known.readAt >= oldest) return Promise.resolve(known.version);
      return (inFlight && inFlight.startedAt >= oldest ? inFlight : read()).version;
    },
    known: () => known.version,
    fresh: (now) => (known.readAt >= oldestUsable(now) ? known.version : undefined),
    saw,
    moved() {
      movedAt = performance.now();
    },
  };
}
