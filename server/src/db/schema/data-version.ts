import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * One row whose `version` grows with every committed transaction that changes what the SOP
 * list and detail answers read (sops, versions, files, previews, tasks, attestations,
 * departments, users, translations). Kept in the database, not in memory, so every app instance on one
 * PostgreSQL sees the same version and can answer `If-None-Match` with 304. Bumped by the
 * deferred triggers of migration 0003_etag.
 */
export const dataVersion = pgTable(
  'data_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [check('data_version_one_row', sql`${t.id} = 1`)],
);
