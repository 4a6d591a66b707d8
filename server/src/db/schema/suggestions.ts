import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { SuggestionStatus } from '../../../../common/contracts/suggestions';
import { createdAt, identityId } from './columns';
import { sopRef, sopVersions, versionRef } from './sops';
import { userRef } from './users';

/**
 * A suggestion for change on an SOP (decision 079), made on the version in force its author read,
 * ashore or on board (`vessel_code`). Triaged at the office: accepted ones are linked to the
 * SOP's next version (`linked_version_id`) and are done when it comes into force.
 */
export const suggestions = pgTable(
  'suggestions',
  {
    id: identityId(),
    sopId: sopRef('sop_id'),
    /** The version in force that was read when suggesting. */
    versionId: versionRef('version_id'),
    section: varchar('section', { length: 200 }),
    text: text('text').notNull(),
    status: varchar('status', { length: 10 }).$type<SuggestionStatus>().notNull().default('open'),
    reply: text('reply'),
    userId: userRef('user_id'),
    /** Made on board of this vessel; null ashore. */
    vesselCode: varchar('vessel_code', { length: 16 }),
    /** The ship's own id of a suggestion made on board: received once per vessel. */
    shipRef: integer('ship_ref'),
    createdAt: createdAt(),
    triagedBy: userRef('triaged_by'),
    triagedAt: timestamp('triaged_at', { withTimezone: true }),
    linkedVersionId: integer('linked_version_id').references((): AnyPgColumn => sopVersions.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('suggestions_status_check', sql`${t.status} in ('open', 'accepted', 'declined', 'done')`),
    index('suggestions_sop_status_idx').on(t.sopId, t.status),
    index('suggestions_status_created_idx').on(t.status, t.createdAt),
    index('suggestions_user_idx').on(t.userId),
    index('suggestions_vessel_idx').on(t.vesselCode),
    index('suggestions_version_idx').on(t.versionId),
    index('suggestions_linked_version_idx').on(t.linkedVersionId),
    index('suggestions_triaged_by_idx').on(t.triagedBy),
    uniqueIndex('suggestions_ship_ref_key').on(t.vesselCode, t.shipRef),
  ],
);
