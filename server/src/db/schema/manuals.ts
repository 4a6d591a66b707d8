import { sql } from 'drizzle-orm';
import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, identityId, updatedAt } from './columns';
import { sops } from './sops';

/**
 * A manual (the SMS manual, the Fleet Operations manual): chapters of sections, each section one
 * SOP. Numbers ('3', '3.2') are never stored: they follow from the positions. Kept ashore: the
 * structure is the office's, and a ship reads its SOPs as before.
 */
export const manuals = pgTable(
  'manuals',
  {
    id: identityId(),
    code: varchar('code', { length: 20 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('manuals_code_key').on(sql`lower(${t.code})`)],
);

export const manualChapters = pgTable(
  'manual_chapters',
  {
    id: identityId(),
    manualId: integer('manual_id')
      .notNull()
      .references(() => manuals.id, { onDelete: 'cascade' }),
    /** 1, 2, 3…: the chapter's number. */
    position: integer('position').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
  },
  (t) => [uniqueIndex('manual_chapters_position_key').on(t.manualId, t.position)],
);

export const manualSections = pgTable(
  'manual_sections',
  {
    id: identityId(),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => manualChapters.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… within the chapter: the section's number after the chapter's. */
    position: integer('position').notNull(),
    sopId: integer('sop_id')
      .notNull()
      .references(() => sops.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('manual_sections_position_key').on(t.chapterId, t.position),
    // An SOP is a section of one manual at most.
    uniqueIndex('manual_sections_sop_key').on(t.sopId),
    index('manual_sections_chapter_idx').on(t.chapterId),
  ],
);
