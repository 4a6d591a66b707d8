import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { approvalStatusEnum, sopVersions } from './sops';
import { users } from './users';

/**
 * The review thread of a version (migration 0013_review_comments). A decision's comment is
 * kept here too, with its decision, so the author finds every reviewer's words in one place.
 */
export const reviewComments = pgTable(
  'review_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    versionId: integer('version_id')
      .notNull()
      .references(() => sopVersions.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** Set when the comment came with a decision on the version's approval task. */
    decision: approvalStatusEnum('decision'),
    createdAt: createdAt(),
  },
  (t) => [index('review_comments_version_idx').on(t.versionId, t.createdAt), index('review_comments_author_idx').on(t.authorId)],
);
