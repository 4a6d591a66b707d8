import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { SignatureMeaning } from '../../../../common/contracts/approval-routes';
import { approvalTasks, sopVersions } from './sops';
import { users } from './users';

/** Each decision on a step of a task: who, in what capacity, at which step (one per person and task). */
export const approvalSignatures = pgTable(
  'approval_signatures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => approvalTasks.id, { onDelete: 'cascade' }),
    versionId: integer('version_id')
      .notNull()
      .references(() => sopVersions.id, { onDelete: 'cascade' }),
    stepIndex: integer('step_index').notNull(),
    stepName: varchar('step_name', { length: 100 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Set when a delegate decided: the absent person the decision counts for (`userId` is who decided). */
    onBehalfOf: integer('on_behalf_of').references(() => users.id, { onDelete: 'restrict' }),
    meaning: varchar('meaning', { length: 30 }).$type<SignatureMeaning>().notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('approval_signatures_task_user_key').on(t.taskId, t.userId),
    index('approval_signatures_version_idx').on(t.versionId),
    index('approval_signatures_user_idx').on(t.userId),
    index('approval_signatures_on_behalf_of_idx').on(t.onBehalfOf),
    check('approval_signatures_not_for_self_check', sql`${t.onBehalfOf} <> ${t.userId}`),
    check('approval_signatures_meaning_check', sql`${t.meaning} in ('approved', 'reviewed', 'changes_requested', 'rejected')`),
  ],
);

/** People added to one step of one task ('Add Co-Approver'): each must sign before the step is done. */
export const approvalCoApprovers = pgTable(
  'approval_co_approvers',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => approvalTasks.id, { onDelete: 'cascade' }),
    stepIndex: integer('step_index').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.stepIndex, t.userId] }),
    index('approval_co_approvers_user_idx').on(t.userId),
    index('approval_co_approvers_added_by_idx').on(t.addedBy),
  ],
);
