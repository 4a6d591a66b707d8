import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ComplianceList, ComplianceQuery, SopCompliance } from '../../../../common/contracts/reading';
import type { LanguageCode } from '../../../../common/languages';
import { languageCounts } from '../../../../common/translation-rules';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import {
  activeReader,
  departmentAndChildren,
  departmentsReadBy,
  isoDay,
  readerDueDay,
  readingDueDay,
  readsSop,
  utcToday,
  versionInForce,
  versionInForceIfAny,
} from './audience-filter.service';
import type { Rows } from '../../db/rows';

const EMPTY = {
  versionId: null,
  versionNumber: null,
  required: 0,
  attested: 0,
  withoutOpening: 0,
  dueDate: null,
  overdue: 0,
  departments: [],
  positions: [],
  outstanding: [],
};

/**
 * GET /api/sops/{id}/compliance: the audience of the version in force, per department (the
 * SOP's department, then those under it by name), and the readers who have not attested.
 */
export async function sopCompliance(db: Db, sopId: number): Promise<z.output<typeof SopCompliance>> {
  const [sop] = (
    (await db.execute(sql`
      select s.id, s.department_id, e.id as version_id, e.version_number,
        ${isoDay(readingDueDay())} as due_date, ${readingDueDay()} < ${utcToday} as past_due
      from sops s ${versionInForceIfAny}
      where s.id = ${sopId}`)) as unknown as Rows<{
      id: number;
      department_id: number;
      version_id: number | null;
      version_number: string | null;
      due_date: string | null;
      past_due: boolean | null;
    }>
  ).rows;
  if (!sop) throw notFound('SOP not found');
  if (sop.version_id === null) return EMPTY;

  // Every reader of the audience once (by department or by position), with their own due day.
  const audience = sql`from users u left join departments ud on ud.id = u.department_id
      join sops s on s.id = ${sopId} join sop_versions e on e.id = ${sop.version_id}
      left join attestations a on a.user_id = u.id and a.version_id = ${sop.version_id}
      where ${activeReader} and ${readsSop()}`;
  const [departments, positions, totals, outstanding] = await Promise.all([
    db.execute(sql`
      select d.id, d.name,
        count(u.id)::int as required,
        count(a.id)::int as attested
      from departments d
      left join users u on u.department_id = d.id and ${activeReader}
      left join attestations a on a.user_id = u.id and a.version_id = ${sop.version_id}
      where d.id = ${sop.department_id} or d.parent_id = ${sop.department_id}
      group by d.id, d.name
      order by d.id <> ${sop.department_id}, lower(d.name), d.id`) as unknown as Promise<
      Rows<{ id: number; name: string; required: number; attested: number }>
    >,
    db.execute(sql`
      select p.id, p.name, count(u.id)::int as required, count(a.id)::int as attested
      from sops s join positions p on p.id = any(s.reading_position_ids)
      left join users u on u.position_id = p.id and ${activeReader}
      left join attestations a on a.user_id = u.id and a.version_id = ${sop.version_id}
      where s.id = ${sopId}
      group by p.id, p.name
      order by lower(p.name), p.id`) as unknown as Promise<Rows<{ id: number; name: string; required: number; attested: number }>>,
    db.execute(sql`
      select count(*)::int as required, count(a.id)::int as attested,
        (count(a.id) filter (where a.unopened_files > 0))::int as without_opening,
        (count(*) filter (where a.id is null and ${readerDueDay()} < ${utcToday}))::int as overdue
      ${audience}`) as unknown as Promise<Rows<{ required: number; attested: number; without_opening: number; overdue: number }>>,
    db.execute(sql`
      select u.id, u.first_name, u.last_name, ud.id as department_id, ud.name as department_name
      ${audience} and a.id is null
      order by lower(coalesce(u.last_name, '')), lower(coalesce(u.first_name, '')), u.id`) as unknown as Promise<
      Rows<{ id: number; first_name: string | null; last_name: string | null; department_id: number | null; department_name: string | null }>
    >,
  ]);
  const counted = (d: { id: number; name: string; required: number; attested: number }) => ({
    id: d.id,
    name: d.name,
    required: Number(d.required),
    attested: Number(d.attested),
  });
  const total = totals.rows[0];
  return {
    versionId: sop.version_id,
    versionNumber: sop.version_number,
    required: Number(total.required),
    attested: Number(total.attested),
    withoutOpening: Number(total.without_opening),
    dueDate: sop.due_date,
    // A reader by position may have a later due day than the version's (decision 074).
    overdue: Number(total.overdue),
    departments: departments.rows.map(counted),
    positions: positions.rows.map(counted),
    outstanding: outstanding.rows.map((u) => ({
      id: u.id,
      firstName: u.first_name,
      lastName: u.last_name,
      department: u.department_id === null ? null : { id: u.department_id, name: u.department_name ?? '' },
    })),
  };
}

interface ComplianceRowRaw {
  sop_id: number;
  title: string;
  department_id: number;
  department_name: string;
  version_number: string;
  required: number;
  attested: number;
  without_opening: number;
  due_date: string;
  past_due: boolean;
  /** Position holders outside the SOP's department: how many, how many read, how many past their own due day. */
  by_position_n: number;
  by_position_read: number;
  position_late: number;
}

/**
 * GET /api/compliance: one row per SOP with a version in force, in one statement. The
 * audience size comes from a count of readers per department (a few dozen rows), the
 * attested count from the tallies per version and department (attestation_tallies), never
 * from the attestations themselves. With a department, the SOPs its members must read (its
 * own and its division's; a division's departments' too), counted over those members only.
 */
export async function complianceList(db: Db, query: z.output<typeof ComplianceQuery>): Promise<z.output<typeof ComplianceList>> {
  const chosen = query.departmentId;
  const inScope =
    chosen === undefined
      ? sql`true`
      : sql`(s.department_id in (${departmentAndChildren(chosen)} union all ${departmentsReadBy(chosen)})
        or exists (select 1 from users u where u.position_id = any(s.reading_position_ids) and u.department_id in ${departmentAndChildren(chosen)}))`;
  const member = (department: SQL) => (chosen === undefined ? sql`true` : sql`${department} in ${departmentAndChildren(chosen)}`);
  const { rows } = (await db.execute(sql`
    with eff as (
      select s.id as sop_id, s.id, s.kind, s.title, s.department_id, s.reading_position_ids, s.reading_days, e.id as version_id, e.version_number, e.approved_at,
        ${isoDay(readingDueDay())} as due_date, ${readingDueDay()} < ${utcToday} as past_due
      from sops s ${versionInForce}
      -- Circulars are counted per vessel in their own register (circulars.service.ts), not by department.
      where ${inScope} and s.kind = 'sop'
    ),
    readers as (
      select u.department_id, count(*)::int as n
      from users u where ${activeReader} and u.department_id is not null
      group by u.department_id
    ),
    audience as (
      select d.id as department_id, coalesce(sum(r.n), 0)::int as n
      from departments d
      left join departments m on (m.id = d.id or m.parent_id = d.id) and ${member(sql`m.id`)}
      left join readers r on r.department_id = m.id
      group by d.id
    ),
    read as (
      select eff.sop_id, sum(t.readers)::int as n, sum(t.unopened)::int as unopened
      from eff
      join attestation_tallies t on t.version_id = eff.version_id
      join departments td on td.id = t.department_id
      where (t.department_id = eff.department_id or td.parent_id = eff.department_id) and ${member(sql`t.department_id`)}
      group by eff.sop_id
    ),
    -- Holders of a reading position outside the SOP's department: counted from their attestations
    -- (the tallies count by department only). Few SOPs name positions, and few people hold each.
    by_position as (
      select eff.sop_id, count(u.id)::int as n, count(a.id)::int as read, (count(a.id) filter (where a.unopened_files > 0))::int as unopened,
        -- Each holder's own due day: a position taken after the version came into force counts from then.
        (count(*) filter (where a.id is null and ${readerDueDay('eff', 'eff')} < ${utcToday}))::int as late
      from eff
      join users u on u.position_id = any(eff.reading_position_ids)
      left join departments ud on ud.id = u.department_id
      left join attestations a on a.user_id = u.id and a.version_id = eff.version_id
      where ${activeReader} and ${member(sql`u.department_id`)}
        and not coalesce(u.department_id = eff.department_id or ud.parent_id = eff.department_id, false)
      group by eff.sop_id
    )
    select eff.sop_id, eff.title, d.id as department_id, d.name as department_name, eff.version_number, eff.due_date, eff.past_due,
      coalesce(audience.n, 0) + coalesce(by_position.n, 0) as required, coalesce(read.n, 0) + coalesce(by_position.read, 0) as attested,
      coalesce(read.unopened, 0) + coalesce(by_position.unopened, 0) as without_opening,
      coalesce(by_position.late, 0) as position_late, coalesce(by_position.n, 0) as by_position_n, coalesce(by_position.read, 0) as by_position_read
    from eff
    join departments d on d.id = eff.department_id
    left join audience on audience.department_id = eff.department_id
    left join read on read.sop_id = eff.sop_id
    left join by_position on by_position.sop_id = eff.sop_id
    order by lower(eff.title), eff.sop_id`)) as unknown as Rows<ComplianceRowRaw>;
  return rows.map((r) => ({
    sopId: r.sop_id,
    title: r.title,
    department: { id: r.department_id, name: r.department_name },
    versionNumber: r.version_number,
    required: Number(r.required),
    attested: Number(r.attested),
    withoutOpening: Number(r.without_opening),
    dueDate: r.due_date,
    // The department's readers are late from the version's due day; position holders from their own.
    overdue: (r.past_due ? Number(r.required) - Number(r.attested) - (Number(r.by_position_n) - Number(r.by_position_read)) : 0) + Number(r.position_late),
  }));
}

/** GET /api/compliance/export.csv: the list's rows as the spreadsheet's cells, in COMPLIANCE_CSV_COLUMNS order. */
export async function complianceExportRows(db: Db, query: z.output<typeof ComplianceQuery>): Promise<(string | number | null)[][]> {
  const rows = await complianceList(db, query);
  const languages = await translatedAttestations(db, query.departmentId);
  return rows.map((r) => [
    r.sopId,
    r.title,
    r.department.name,
    r.versionNumber,
    r.required,
    r.attested,
    r.required - r.attested,
    percent(r.attested, r.required),
    r.withoutOpening,
    r.dueDate,
    r.overdue,
    languages.get(r.sopId) ?? '',
  ]);
}

/**
 * Per SOP, the attestations of its version in force made reading a translation, by language:
 * 'Filipino 2, Spanish 1' (decision 073). With a department, its members' only, as the counts.
 */
async function translatedAttestations(db: Db, departmentId: number | undefined): Promise<Map<number, string>> {
  const member = departmentId === undefined ? sql`true` : sql`u.department_id in ${departmentAndChildren(departmentId)}`;
  const { rows } = (await db.execute(sql`
    select s.id as sop_id, a.language, count(*)::int as n
    from sops s ${versionInForce}
    join attestations a on a.version_id = e.id and a.language is not null
    join users u on u.id = a.user_id
    where ${member}
    group by s.id, a.language
    order by s.id, a.language`)) as unknown as Rows<{ sop_id: number; language: LanguageCode; n: number }>;
  const bySop = new Map<number, [LanguageCode, number][]>();
  for (const row of rows) {
    const counts = bySop.get(row.sop_id) ?? [];
    counts.push([row.language, Number(row.n)]);
    bySop.set(row.sop_id, counts);
  }
  return new Map([...bySop].map(([sopId, counts]) => [sopId, languageCounts(counts)]));
}

/** Whole percent of the audience that has attested; an SOP nobody must read counts as complete. */
function percent(attested: number, required: number): number {
  return required === 0 ? 100 : Math.floor((attested / required) * 100);
}
