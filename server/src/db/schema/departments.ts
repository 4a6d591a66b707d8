import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { RouteStep } from '../../../../common/contracts/approval-routes';
import { createdAt, updatedAt, identityId } from './columns';

/** Two levels: a division has no parent; a department's parent is a division. */
export const departments = pgTable(
  'departments',
  {
    id: identityId(),
    name: varchar('name', { length: 120 }).notNull(),
    description: text('description'),
    parentId: integer('parent_id').references((): AnyPgColumn => departments.id, { onDelete: 'cascade' }),
    /** Its review route (common/contracts/approval-routes.ts); null or [] for none (its division's, else the default). */
    approvalRoute: jsonb('approval_route').$type<RouteStep[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('departments_parent_idx').on(t.parentId),
    uniqueIndex('departments_parent_name_key').on(sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`),
  ],
);
