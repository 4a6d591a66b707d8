import { sql } from 'drizzle-orm';
import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, identityId, updatedAt } from './columns';
import { departments } from './departments';

/** A position on board (Captain, Bosun, Head Waiter), in one department; names are unique fleet-wide. */
export const positions = pgTable(
  'positions',
  {
    id: identityId(),
    name: varchar('name', { length: 120 }).notNull(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('positions_name_lower_key').on(sql`lower(${t.name})`), index('positions_department_idx').on(t.departmentId)],
);
