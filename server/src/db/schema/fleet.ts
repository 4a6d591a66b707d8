import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { versionRef } from './sops';

/** The vessel register, kept by the office: a ship's VESSEL must name one of these codes. */
export const vessels = pgTable(
  'vessels',
  {
    /** 2-16 of A-Z, 0-9 and '-' (checked by the contract and by the database). */
    code: varchar('code', { length: 16 }).primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    /** When the office last heard from the ship (any message from it). */
    lastContactAt: timestamp('last_contact_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('vessels_code_check', sql`${t.code} ~ '^[A-Z0-9-]{2,16}$'`)],
);

/**
 * At the office, per vessel: which versions the ship reported readable on board with all
 * their files (receipts), and when it removed them again (withdrawals).
 */
export const vesselDocuments = pgTable(
  'vessel_documents',
  {
    vesselCode: varchar('vessel_code', { length: 16 })
      .notNull()
      .references(() => vessels.code, { onDelete: 'cascade' }),
    versionId: versionRef('version_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.vesselCode, t.versionId] }), index('vessel_documents_version_idx').on(t.versionId)],
);

/** At the office: each message for a vessel, in its order, until JetStream has stored it. */
export const fleetOutbox = pgTable(
  'fleet_outbox',
  {
    vesselCode: varchar('vessel_code', { length: 16 })
      .notNull()
      .references(() => vessels.code, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.vesselCode, t.seq] }), index('fleet_outbox_unsent_idx').on(t.vesselCode, t.seq).where(sql`${t.sentAt} is null`)],
);

/** At the office: the fingerprint of each record last sent to a vessel. */
export const fleetSent = pgTable(
  'fleet_sent',
  {
    vesselCode: varchar('vessel_code', { length: 16 })
      .notNull()
      .references(() => vessels.code, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    key: text('key').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.vesselCode, t.kind, t.key] })],
);

/** Where a message is received: per origin, the last one applied (written in its transaction). */
export const fleetApplied = pgTable('fleet_applied', {
  origin: varchar('origin', { length: 40 }).primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  streamSeq: bigint('stream_seq', { mode: 'number' }).notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/** On board: an attachment whose file has not arrived yet, added when its bytes are in. */
export const fleetPendingAttachments = pgTable(
  'fleet_pending_attachments',
  {
    attachmentId: integer('attachment_id').primaryKey(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    row: jsonb('row').notNull(),
  },
  (t) => [index('fleet_pending_attachments_sha256_idx').on(t.sha256)],
);
