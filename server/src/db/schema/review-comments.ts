import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, identityId } from './columns';
import { approvalStatusEnum, versionRef } from './sops';
import { userRef } from './users';

/**
 * The review thread of a version (migration 0013_review_comments). A decision's comment is
 * kept here too, with its decision, so the author finds every reviewer's words in one place.
 */
export const reviewComments = pgTable(
  'review_comments',
  {
    id: identityId(),
    versionId: versionRef('version_id'),
    authorId: userRef('author_id'),
    body: text('body').notNull(),
    /** Set when the comment came with a decision on the version's approval task. */
    decision: approvalStatusEnum('decision'),
    createdAt: createdAt(),
  },
  (t) => [index('review_comments_version_idx').on(t.versionId, t.createdAt), index('review_comments_author_idx').on(t.authorId)],
);
