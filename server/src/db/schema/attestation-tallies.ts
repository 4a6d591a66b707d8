import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { departments } from './departments';
import { versionRef } from './sops';

/**
 * How many active readers of each department have attested each version: derived data, kept
 * by the triggers of migration 0007_reading on `attestations` (a row added or removed) and
 * `users` (a reader moved, deactivated, deleted), so the compliance list adds up a few rows
 * per SOP instead of counting every attestation. Left out of backups: restoring the
 * attestations rebuilds it.
 */
export const attestationTallies = pgTable(
  'attestation_tallies',
  {
    versionId: versionRef('version_id'),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    readers: integer('readers').notNull(),
    /** Of those, the attestations made without opening every file of the version (migration 0012_attest). */
    unopened: integer('unopened').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.departmentId] }), index('attestation_tallies_department_idx').on(t.departmentId)],
);
