import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { sops } from './sops';
import { users } from './users';

/** A skeleton an SOP can start from: its content, default category and tags. Kept by admins, ashore only. */
export const sopTemplates = pgTable(
  'sop_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 120 }).notNull(),
    content: text('content').notNull(),
    category: varchar('category', { length: 100 }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sop_templates_name_key').on(sql`lower(${t.name})`), index('sop_templates_created_by_idx').on(t.createdBy)],
);

/**
 * Each SOP created from a template ('Most used' counts these). A use outlives its SOP, since it
 * happened, but not its template. Kept apart from `sops` because ship copies replicate whole SOP rows.
 */
export const sopTemplateUses = pgTable(
  'sop_template_uses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    templateId: integer('template_id')
      .notNull()
      .references(() => sopTemplates.id, { onDelete: 'cascade' }),
    sopId: integer('sop_id').references(() => sops.id, { onDelete: 'set null' }),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sop_template_uses_template_idx').on(t.templateId),
    uniqueIndex('sop_template_uses_sop_key').on(t.sopId),
    index('sop_template_uses_used_by_idx').on(t.usedBy),
  ],
);
