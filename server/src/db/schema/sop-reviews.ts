import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { identityId } from './columns';
import { sopRef, versionRef } from './sops';
import { userRef } from './users';

/**
 * Periodic reviews: an approver or admin confirmed that the version in force is still
 * valid. The newest one restarts the SOP's review clock (migration 0006_review_loop).
 */
export const sopReviews = pgTable(
  'sop_reviews',
  {
    id: identityId(),
    sopId: sopRef('sop_id'),
    /** The version in force that was confirmed. */
    versionId: versionRef('version_id'),
    reviewedBy: userRef('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
    comments: text('comments'),
  },
  (t) => [
    index('sop_reviews_sop_idx').on(t.sopId, t.reviewedAt),
    index('sop_reviews_version_idx').on(t.versionId),
    index('sop_reviews_reviewed_by_idx').on(t.reviewedBy),
  ],
);
