import { date, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sopRef } from './sops';
import { users } from './users';

/** The kinds of notification e-mail a person has switched off; every kind without a row is on. */
export const mailOptOuts = pgTable(
  'mail_opt_outs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 30 }).notNull(),
  },
  (t) => [primaryKey({ name: 'mail_opt_outs_pkey', columns: [t.userId, t.kind] })],
);

/** A periodic review due day that was mailed, so each SOP's due review is mailed once per due day. */
export const reviewDueMails = pgTable(
  'review_due_mails',
  {
    sopId: sopRef('sop_id'),
    dueOn: date('due_on').notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'review_due_mails_pkey', columns: [t.sopId, t.dueOn] })],
);
