import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, identityId } from './columns';
import { sopRef, sops, versionRef } from './sops';
import { userRef } from './users';

/**
 * A fleet circular (decision 078): an SOP of kind 'circular' (review, versions, files, reading,
 * attestation and the fleet's replication are the SOP's), with what only a circular has. Its
 * audience is these departments, the SOP's reading positions and its vessels; none of the
 * first two: everyone on those vessels.
 */
export const circulars = pgTable(
  'circulars',
  {
    sopId: integer('sop_id')
      .primaryKey()
      .references(() => sops.id, { onDelete: 'cascade' }),
    /** 'FC-2026-014': given by the server at creation, per calendar year, gap-free. */
    number: varchar('number', { length: 20 }).notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    departmentIds: integer('department_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** The day its audience must have read it by ('YYYY-MM-DD'). */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** From this day (UTC) it leaves the reading lists, the bell and the Procedures list; it stays in the register. */
    expiresAt: date('expires_at', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('circulars_number_key').on(t.number),
    uniqueIndex('circulars_year_seq_key').on(t.year, t.seq),
    check('circulars_dates_check', sql`${t.expiresAt} > ${t.dueDate}`),
  ],
);

/** The last number given in each calendar year. */
export const circularCounters = pgTable('circular_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** A vessel's acknowledgement of a circular's receipt, made on board by its master and sent ashore. */
export const circularAcknowledgements = pgTable(
  'circular_acknowledgements',
  {
    id: identityId(),
    sopId: sopRef('sop_id'),
    vesselCode: varchar('vessel_code', { length: 16 }).notNull(),
    /** The version in force that was acknowledged. */
    versionId: versionRef('version_id'),
    userId: userRef('user_id'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('circular_acknowledgements_vessel_key').on(t.sopId, t.vesselCode),
    index('circular_acknowledgements_user_idx').on(t.userId),
    index('circular_acknowledgements_version_idx').on(t.versionId),
  ],
);
