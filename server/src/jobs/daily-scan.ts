/**
 * A scan the server runs by itself once a day, at midnight UTC when the day's clocks turn, and
 * once at each start: a job of `kind` keyed by its day, so several instances run each day's scan
 * once. The scan must be idempotent (it may run again after a crash or a start).
 */
import type { Db } from '../db/client';
import { enqueueJob, wakeJobRunners } from './job-queue';
import type { JobHandler } from './job-runner';

const DAY = 24 * 3600_000;
const today = (now = Date.now()) => new Date(Math.floor(now / DAY) * DAY);

export interface DailyScan {
  /** A scan now (at each start, and in tests); call with the transaction committed. */
  request(db: Db): Promise<void>;
  /** The job's handler: runs the scan, then queues tomorrow's. */
  handler(scan: (db: Db) => Promise<unknown>): JobHandler;
}

export function dailyScan(kind: string): DailyScan {
  /** Queues the scan of the day that starts at `slot` (run again if it ran already). */
  const queueScan = (db: Db, slot: Date) => enqueueJob(db, { kind, key: `scan:${slot.toISOString()}`, payload: {}, maxAttempts: 3, runAfter: slot });
  const tomorrow = () => new Date(today().getTime() + DAY);
  return {
    async request(db) {
      await queueScan(db, today());
      wakeJobRunners();
    },
    handler: (scan) => ({
      async run(_payload, { db }) {
        await scan(db);
        await queueScan(db, tomorrow());
      },
      async failed(_payload, _reason, db) {
        await queueScan(db, tomorrow());
      },
      async resume(db) {
        await queueScan(db, today());
        return 0;
      },
    }),
  };
}
