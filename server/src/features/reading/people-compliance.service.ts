import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PeopleCompliance, PeopleComplianceQuery } from '../../../../common/contracts/reading';
import type { Db } from '../../db/client';
import { activeReader, departmentAndChildren, departmentsReadBy, versionInForce } from './audience-filter.service';
import type { Rows } from '../../db/rows';

interface PersonRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  department_id: number;
  department_name: string;
  required: number;
  attested: number;
  without_opening: number;
  outstanding: { sopId: number; title: string; versionNumber: string }[] | string;
}

/**
 * GET /api/compliance/people?departmentId=: every active member of the department (for a
 * division, of it and its departments), with the versions in force they must read (their
 * department's and its division's), how many they attested, how many of those without opening
 * every file, and what is outstanding. Most outstanding first, then by last and first name.
 */
export async function peopleCompliance(db: Db, query: z.output<typeof PeopleComplianceQuery>): Promise<z.output<typeof PeopleCompliance>> {
  const chosen = query.departmentId;
  const { rows } = (await db.execute(sql`
    with members as (
      select u.id, u.first_name, u.last_name, ud.id as department_id, ud.name as department_name, ud.parent_id
      from users u join departments ud on ud.id = u.department_id
      where ${activeReader} and u.department_id in ${departmentAndChildren(chosen)}
    ),
    eff as (
      select s.id as sop_id, s.title, s.department_id, e.id as version_id, e.version_number
      from sops s ${versionInForce}
      where s.department_id in (${departmentAndChildren(chosen)} union all ${departmentsReadBy(chosen)})
    ),
    required as (
      select m.id as user_id, eff.sop_id, eff.title, eff.version_number, a.id as attestation_id, a.unopened_files
      from members m
      join eff on eff.department_id = m.department_id or eff.department_id = m.parent_id
      left join attestations a on a.user_id = m.id and a.version_id = eff.version_id
    )
    select m.id, m.first_name, m.last_name, m.department_id, m.department_name,
      count(r.sop_id)::int as required,
      count(r.attestation_id)::int as attested,
      (count(r.attestation_id) filter (where r.unopened_files > 0))::int as without_opening,
      coalesce(
        json_agg(json_build_object('sopId', r.sop_id, 'title', r.title, 'versionNumber', r.version_number) order by lower(r.title), r.sop_id)
          filter (where r.sop_id is not null and r.attestation_id is null),
        '[]'::json
      ) as outstanding
    from members m
    left join required r on r.user_id = m.id
    group by m.id, m.first_name, m.last_name, m.department_id, m.department_name
    order by count(r.sop_id) - count(r.attestation_id) desc, lower(coalesce(m.last_name, '')), lower(coalesce(m.first_name, '')), m.id`)) as unknown as Rows<PersonRow>;
  return rows.map((r) => ({
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    department: { id: r.department_id, name: r.department_name },
    required: Number(r.required),
    attested: Number(r.attested),
    withoutOpening: Number(r.without_opening),
    outstanding: typeof r.outstanding === 'string' ? JSON.parse(r.outstanding) : r.outstanding,
  }));
}

/** GET /api/compliance/people.csv: each person as the spreadsheet's cells, in PEOPLE_CSV_COLUMNS order. */
export async function peopleComplianceExportRows(db: Db, query: z.output<typeof PeopleComplianceQuery>): Promise<(string | number | null)[][]> {
  const people = await peopleCompliance(db, query);
  return people.map((p) => [
    p.id,
    p.lastName,
    p.firstName,
    p.department.name,
    p.required,
    p.attested,
    p.outstanding.length,
    p.withoutOpening,
    p.outstanding.map((o) => `${o.title} (v${o.versionNumber})`).join('; '),
  ]);
}
