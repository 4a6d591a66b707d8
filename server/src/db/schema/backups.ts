import { bigint, boolean, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { identityId } from './columns';

/** One row per backup the server made (scheduled, or an admin's 'Back up now'), failed ones included. */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: identityId(),
    /** scheduled | manual */
    trigger: varchar('trigger', { length: 16 }).notNull(),
    /** The scheduled slot a scheduled backup stood for (nextSlot in scheduled-backups.ts). */
    slot: timestamp('slot', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }),
    ok: boolean('ok').notNull(),
    error: text('error'),
  },
  (t) => [index('backup_runs_finished_idx').on(t.finishedAt), index('backup_runs_slot_idx').on(t.slot)],
);
