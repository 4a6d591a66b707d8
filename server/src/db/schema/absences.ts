import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { users } from './users';

/**
 * An approver's or admin's absence (one per person): from `startsOn` to `endsOn`, calendar days
 * in UTC, both included, `delegateId` may decide the tasks they could.
 */
export const absences = pgTable(
  'absences',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    delegateId: integer('delegate_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('absences_delegate_idx').on(t.delegateId),
    check('absences_dates_check', sql`${t.endsOn} >= ${t.startsOn}`),
    check('absences_not_self_check', sql`${t.delegateId} <> ${t.userId}`),
  ],
);
