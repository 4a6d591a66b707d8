import { check, index, integer, jsonb, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, identityId } from './columns';
import { users } from './users';

/**
 * Append-only: a database trigger refuses UPDATE, DELETE and TRUNCATE. Events are appended by
 * db/audit-chain.ts only, which numbers each under the chain head's lock and sets `hash` (an
 * HMAC with AUDIT_KEY over its content and the previous event's hash, migration 0034).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: identityId(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'restrict' }),
    action: varchar('action', { length: 60 }).notNull(),
    entityType: varchar('entity_type', { length: 40 }).notNull(),
    entityId: integer('entity_id'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    /** NOT NULL in the database; declared optional here because only db/audit-chain.ts writes it. */
    hash: varchar('hash', { length: 64 }),
  },
  (t) => [
    index('audit_events_created_idx').on(t.createdAt),
    index('audit_events_entity_idx').on(t.entityType, t.createdAt),
    index('audit_events_actor_idx').on(t.actorId, t.createdAt),
  ],
);

/** The chain's head: the last event's id and hash (one row, locked by each append), and which key chained it. */
export const auditChain = pgTable(
  'audit_chain',
  {
    id: smallint('id').primaryKey().default(1),
    lastId: integer('last_id').notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
    /** The first 12 hex of SHA-256 of the AUDIT_KEY that chained the trail (NULL: unkeyed, before 0034). */
    keyFingerprint: varchar('key_fingerprint', { length: 12 }),
  },
  (t) => [check('audit_chain_one_row', sql`${t.id} = 1`)],
);
