import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { attachments } from './files';
import { users } from './users';

/**
 * A reader's first opening of a file of an SOP version (POST /api/sop-versions/{id}/reads):
 * one row per reader and file, never updated, so `openedAt` is always the first time.
 */
export const attachmentReads = pgTable(
  'attachment_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attachmentId: integer('attachment_id')
      .notNull()
      .references(() => attachments.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.attachmentId] }), index('attachment_reads_attachment_idx').on(t.attachmentId)],
);
