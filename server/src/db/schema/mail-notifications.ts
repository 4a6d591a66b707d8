import { date, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sopRef, versionRef } from './sops';
import { userRef, users } from './users';

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

/**
 * A reading reminder the server sent by itself: one row per reader, version and stage (`before`
 * the due day, or `due` on it), so a scan that runs again, on any instance, reminds nobody twice.
 */
export const readingReminders = pgTable(
  'reading_reminders',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    versionId: versionRef('version_id'),
    stage: varchar('stage', { length: 10 }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'reading_reminders_pkey', columns: [t.userId, t.versionId, t.stage] }), index('reading_reminders_version_idx').on(t.versionId)],
);

/** A reminder an approver sent a person by hand ('Remind'): at most one per person and UTC day. */
export const readingNudges = pgTable(
  'reading_nudges',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remindedOn: date('reminded_on').notNull(),
    remindedBy: userRef('reminded_by'),
    remindedAt: timestamp('reminded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'reading_nudges_pkey', columns: [t.userId, t.remindedOn] }), index('reading_nudges_reminded_by_idx').on(t.remindedBy)],
);
