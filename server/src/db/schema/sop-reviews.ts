import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sops, sopVersions } from './sops';
import { users } from './users';

/**
 * Periodic reviews: an approver or admin confirmed that the version in force is still
 * valid. The newest one restarts the SOP's review clock (migration 0006_review_loop).
 */
export const sopReviews = pgTable(
  'sop_reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sopId: integer('sop_id')
      .notNull()
      .references(() => sops.id, { onDelete: 'cascade' }),
    /** The version in force that was confirmed. */
    versionId: integer('version_id')
      .notNull()
      .references(() => sopVersions.id, { onDelete: 'cascade' }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
    comments: text('comments'),
  },
  (t) => [
    index('sop_reviews_sop_idx').on(t.sopId, t.reviewedAt),
    index('sop_reviews_version_idx').on(t.versionId),
    index('sop_reviews_reviewed_by_idx').on(t.reviewedBy),
  ],
);
