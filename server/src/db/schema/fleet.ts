import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
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
    /** Whether the office must plan everything the vessel should hold (once, when registered); after that only changes are planned. */
    fullPlanDue: boolean('full_plan_due').notNull().default(true),
    /** What the ship last said holds its reading of the office's records (its hello); null: nothing. */
    shipProblem: text('ship_problem'),
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
    /** The message; an office record's row is in fleet_payloads, named by payloadHash. */
    payload: jsonb('payload'),
    payloadHash: varchar('payload_hash', { length: 32 }).references(() => fleetPayloads.hash),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.vesselCode, t.seq] }),
    index('fleet_outbox_unsent_idx').on(t.vesselCode, t.seq).where(sql`${t.sentAt} is null`),
    index('fleet_outbox_payload_idx').on(t.payloadHash),
  ],
);

/** At the office: a record as sent, stored once whatever the number of vessels it goes to. */
export const fleetPayloads = pgTable('fleet_payloads', {
  hash: varchar('hash', { length: 32 }).primaryKey(),
  row: jsonb('row').notNull(),
});

/** At the office: each record changed since the planner last looked (written by triggers, migration 0023). */
export const fleetChanges = pgTable('fleet_changes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  kind: varchar('kind', { length: 20 }).notNull(),
  key: text('key').notNull(),
});

/** At the office: each version queued for a vessel, and when (what a ship's report about a version is checked against). */
export const fleetSentVersions = pgTable(
  'fleet_sent_versions',
  {
    vesselCode: varchar('vessel_code', { length: 16 })
      .notNull()
      .references(() => vessels.code, { onDelete: 'cascade' }),
    versionId: versionRef('version_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vesselCode, t.versionId] }), index('fleet_sent_versions_version_idx').on(t.versionId)],
);

/** At the office: a ship's message that could not be parsed or applied, kept with the reason until retried or discarded. */
export const fleetSetAside = pgTable(
  'fleet_set_aside',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    vesselCode: varchar('vessel_code', { length: 16 })
      .notNull()
      .references(() => vessels.code, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }),
    streamSeq: bigint('stream_seq', { mode: 'number' }).notNull(),
    schema: integer('schema'),
    body: text('body').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: varchar('resolution', { length: 10 }).$type<'applied' | 'discarded'>(),
  },
  (t) => [
    index('fleet_set_aside_vessel_idx').on(t.vesselCode, t.id),
    check('fleet_set_aside_resolution_check', sql`${t.resolution} in ('applied', 'discarded')`),
  ],
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
    /** When it was recorded (migration 0047; null before): on board, a receipt's or withdrawal's moment. */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vesselCode, t.kind, t.key] }), index('fleet_sent_kind_key_idx').on(t.kind, t.key)],
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

/**
 * On board: the SOP record whose version is not whole here yet (a file still crossing), kept
 * as it came and applied once every file is on board. One per SOP: a newer record replaces it.
 * `files` are the version's file hashes, so the store keeps those already on board meanwhile.
 */
export const fleetPendingVersions = pgTable('fleet_pending_versions', {
  sopId: integer('sop_id').primaryKey(),
  versionId: integer('version_id').notNull(),
  row: jsonb('row').notNull(),
  files: varchar('files', { length: 64 }).array().notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
