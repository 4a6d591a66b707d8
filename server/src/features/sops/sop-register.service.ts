import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ListFilters, listScope } from './sop-list.service';
import type { SopView } from './sop-visibility.service';
import { nextReviewDueJson, reviewClockJoins } from './sop-review-schedule.service';

/** The register's columns, in the order auditors read them. */
export const REGISTER_COLUMNS = [
  'Title',
  'Department',
  'Division',
  'Status',
  'Version',
  'Version in force',
  'Revision class',
  'Approved at',
  'Approved by',
  'Owner',
  'Next review due',
  'Last edited',
] as const;

type RegisterRow = (string | null)[];

const isoText = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);
/** fullName (common/names.ts) in SQL, for a register that streams rows without touching them: each part trimmed, empty ones left out. */
const personName = (alias: string) => sql.raw(`nullif(concat_ws(' ', nullif(trim(${alias}.first_name), ''), nullif(trim(${alias}.last_name), '')), '')`);

/**
 * The document register: one row per SOP the list shows `view` for the same filters, in the list's
 * order (the filters and order come from the list's own `listScope`). The approval columns
 * describe the version in force; the division is the department's parent (empty when the
 * department is itself a division).
 */
export async function sopRegisterRows(db: Db, view: SopView, filters: ListFilters = {}): Promise<RegisterRow[]> {
  const { hits, from, filter, order, shown, status } = listScope(view, filters);
  const result = (await db.execute(sql`
    ${hits}
    select sops.title, d.name as department, p.name as division, ${status} as status,
      lv.version_number as version, ev.version_number as in_force, ev.revision_class,
      ${isoText('ev.approved_at')} as approved_at, ${personName('ap')} as approved_by,
      ${personName('o')} as owner, ${nextReviewDueJson} as next_review_due, ${isoText('sops.updated_at')} as last_edited
    from ${from}
    left join departments d on d.id = sops.department_id
    left join departments p on p.id = d.parent_id
    left join users o on o.id = sops.owner_id
    left join sop_versions lv on lv.id = ${shown}
    ${reviewClockJoins}
    left join sop_versions ev on ev.id = eff.id
    left join users ap on ap.id = ev.approved_by
    ${filter}
    order by ${order}`)) as unknown as { rows: Record<string, string | null>[] };
  return result.rows.map((r) => [
    r.title,
    r.department,
    r.division,
    r.status,
    r.version,
    r.in_force,
    r.revision_class,
    r.approved_at,
    r.approved_by,
    r.owner,
    r.next_review_due,
    r.last_edited,
  ]);
}
