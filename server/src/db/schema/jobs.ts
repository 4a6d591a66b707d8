import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/**
 * Background work that must survive a restart and run once across instances (document
 * previews, text extraction). One row per (kind, key): enqueueing the same work again while
 * it waits is a no-op. Claimed with FOR UPDATE SKIP LOCKED; `locked_until` is the lease a
 * runner holds, so work held by a process that died is taken up again after it passes.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar('kind', { length: 40 }).notNull(),
    key: varchar('key', { length: 200 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** queued | running | done | failed */
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: varchar('locked_by', { length: 100 }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('jobs_kind_key_idx').on(t.kind, t.key), index('jobs_claim_idx').on(t.status, t.runAfter)],
);
