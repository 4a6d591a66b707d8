import { sql } from 'drizzle-orm';
import { index, integer, pgTable } from 'drizzle-orm/pg-core';
import { tsvector } from './columns';
import { sops } from './sops';

/**
 * Every word of the files an SOP is searched by (the files of its latest and of its effective
 * version), one stripped vector per SOP, so a search finds the SOPs whose files hold its words
 * through one index. Derived data, kept by the triggers of migration 0009_search_per_sop on
 * `sops`, `sop_versions`, `attachments` and `file_texts`, in the transaction of each change.
 * Left out of backups: restoring those tables rebuilds it.
 */
export const sopSearchFiles = pgTable(
  'sop_search_files',
  {
    sopId: integer('sop_id')
      .primaryKey()
      .references(() => sops.id, { onDelete: 'cascade' }),
    words: tsvector('words').notNull().default(sql`''::tsvector`),
  },
  (t) => [index('sop_search_files_words_idx').using('gin', t.words).with({ fastupdate: false })],
);
