import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, identityId } from './columns';
import { sops } from './sops';
import { userRef } from './users';

/** A skeleton an SOP can start from: its content, default category and tags. Kept by admins, ashore only. */
export const sopTemplates = pgTable(
  'sop_templates',
  {
    id: identityId(),
    name: varchar('name', { length: 120 }).notNull(),
    content: text('content').notNull(),
    category: varchar('category', { length: 100 }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    createdBy: userRef('created_by'),
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
    id: identityId(),
    templateId: integer('template_id')
      .notNull()
      .references(() => sopTemplates.id, { onDelete: 'cascade' }),
    sopId: integer('sop_id').references(() => sops.id, { onDelete: 'set null' }),
    usedBy: userRef('used_by'),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sop_template_uses_template_idx').on(t.templateId),
    uniqueIndex('sop_template_uses_sop_key').on(t.sopId),
    index('sop_template_uses_used_by_idx').on(t.usedBy),
  ],
);
