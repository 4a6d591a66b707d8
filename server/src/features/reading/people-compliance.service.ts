import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fullName } from '../../../../common/names';
import {
  BEHIND_LIMIT,
  type Behind,
  type BehindQuery,
  type PeopleCompliance,
  type PeopleComplianceQuery,
  type VesselCompliance,
} from '../../../../common/contracts/reading';
import type { LanguageCode } from '../../../../common/languages';
import { languageCounts } from '../../../../common/translation-rules';
import { READING_DAYS_DEFAULT } from '../../../../common/contracts/reading';
import type { Db } from '../../db/client';
import { activeReader, departmentAndChildren, departmentsReadBy, isoDay, readingDueDay, utcToday, versionInForce } from './audience-filter.service';
import type { Rows } from '../../db/rows';

interface Outstanding {
  sopId: number;
  title: string;
  versionNumber: string;
  dueDate: string;
  overdue: boolean;
}

interface PersonRow {
  id: number;
  username: string;
  first_name: string | null;
  last_name: string | null;
  vessel_codes: string[];
  department_id: number | null;
  department_name: string | null;
  position_id: number | null;
  position_name: string | null;
  required: number;
  attested: number;
  without_opening: number;
  overdue: number;
  outstanding: Outstanding[] | string;
  /** The language of each attestation of a version in force made reading a translation. */
  languages: LanguageCode[] | string;
  total: number;
}

interface Scope {
  /** Which active readers (`u`, with their department `ud`). */
  members: SQL;
  /** Which SOPs (`s`) can concern them: a narrowing for speed, the audience rule still applies. */
  sops: SQL;
  /** Only those with something past its due day. */
  behindOnly: boolean;
  order: SQL;
  limit?: number;
}

/**
 * Readers with the versions in force they must read (their department's and its division's),
 * how many they attested, how many of those without opening every file, and what is
 * outstanding with its due day, overdue first. One statement for a department and for the fleet.
 */
async function readersReading(db: Db, scope: Scope) {
  const { rows } = (await db.execute(sql`
    with members as (
      select u.id, u.username, u.first_name, u.last_name, u.vessel_codes, ud.id as department_id, ud.name as department_name, ud.parent_id,
        u.position_id, p.name as position_name, u.position_since
      from users u left join departments ud on ud.id = u.department_id
      left join positions p on p.id = u.position_id
      where ${activeReader} and ${scope.members}
    ),
    eff as (
      select s.id as sop_id, s.title, s.department_id, s.reading_position_ids, e.id as version_id, e.version_number,
        ${readingDueDay()} as due, coalesce(s.reading_days, ${READING_DAYS_DEFAULT})::int as days
      from sops s ${versionInForce}
      -- Circulars are counted per vessel in their own register (circulars.service.ts).
      where ${scope.sops} and s.kind = 'sop'
    ),
    -- The audience rule (audience-filter.service.ts) row by row: by department, or by position
    -- with the days to read counted from the later of the version and the position (readerDueDay).
    required as (
      select m.id as user_id, eff.sop_id, eff.title, eff.version_number,
        case when eff.department_id = m.department_id or eff.department_id = m.parent_id then eff.due
          else greatest(eff.due, (m.position_since at time zone 'UTC')::date + eff.days) end as due,
        a.id as attestation_id, a.unopened_files, a.language
      from members m
      join eff on eff.department_id = m.department_id or eff.department_id = m.parent_id or m.position_id = any(eff.reading_position_ids)
      left join attestations a on a.user_id = m.id and a.version_id = eff.version_id
    ),
    people as (
      select m.id, m.username, m.first_name, m.last_name, m.vessel_codes, m.department_id, m.department_name, m.position_id, m.position_name,
        count(r.sop_id)::int as required,
        count(r.attestation_id)::int as attested,
        (count(r.attestation_id) filter (where r.unopened_files > 0))::int as without_opening,
        (count(r.sop_id) filter (where r.attestation_id is null and r.due < ${utcToday}))::int as overdue,
        min(r.due) filter (where r.attestation_id is null) as oldest_due,
        coalesce(
          json_agg(json_build_object('sopId', r.sop_id, 'title', r.title, 'versionNumber', r.version_number,
              'dueDate', ${isoDay(sql`r.due`)}, 'overdue', r.due < ${utcToday})
            order by r.due >= ${utcToday}, lower(r.title), r.sop_id)
            filter (where r.sop_id is not null and r.attestation_id is null),
          '[]'::json
        ) as outstanding,
        coalesce(json_agg(r.language order by r.language) filter (where r.language is not null), '[]'::json) as languages
      from members m
      left join required r on r.user_id = m.id
      group by m.id, m.username, m.first_name, m.last_name, m.vessel_codes, m.department_id, m.department_name, m.position_id, m.position_name
    )
    select *, count(*) over ()::int as total from people
    ${scope.behindOnly ? sql`where overdue > 0` : sql``}
    order by ${scope.order}
    ${scope.limit === undefined ? sql`` : sql`limit ${scope.limit}`}`)) as unknown as Rows<PersonRow>;
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    firstName: r.first_name,
    lastName: r.last_name,
    vesselCodes: r.vessel_codes ?? [],
    department: r.department_id === null ? null : { id: r.department_id, name: r.department_name ?? '' },
    position: r.position_id === null ? null : { id: r.position_id, name: r.position_name ?? '' },
    required: Number(r.required),
    attested: Number(r.attested),
    withoutOpening: Number(r.without_opening),
    overdue: Number(r.overdue),
    outstanding: (typeof r.outstanding === 'string' ? JSON.parse(r.outstanding) : r.outstanding) as Outstanding[],
    languages: (typeof r.languages === 'string' ? JSON.parse(r.languages) : r.languages) as LanguageCode[],
    total: Number(r.total),
  }));
}

const byName = sql`lower(coalesce(last_name, '')), lower(coalesce(first_name, '')), id`;

/** How a person is named in a spreadsheet: their name, else their username. */
const nameInCsv = (p: { firstName: string | null; lastName: string | null; username: string }) => fullName(p) ?? p.username;

/**
 * Every active member of the department (for a division, of it and its departments), or every
 * active holder of the position. Most outstanding first, then by last and first name.
 */
async function groupReaders(db: Db, query: z.output<typeof PeopleComplianceQuery>) {
  const { departmentId, positionId } = query;
  if (departmentId === undefined) {
    return readersReading(db, {
      members: sql`u.position_id = ${positionId ?? 0}`,
      sops: sql`true`,
      behindOnly: false,
      order: sql`required - attested desc, ${byName}`,
    });
  }
  return readersReading(db, {
    members: sql`u.department_id in ${departmentAndChildren(departmentId)}`,
    // An SOP naming positions may concern a member of any department.
    sops: sql`(s.department_id in (${departmentAndChildren(departmentId)} union all ${departmentsReadBy(departmentId)}) or cardinality(s.reading_position_ids) > 0)`,
    behindOnly: false,
    order: sql`required - attested desc, ${byName}`,
  });
}

/** GET /api/compliance/people?departmentId= or ?positionId=. */
export async function peopleCompliance(db: Db, query: z.output<typeof PeopleComplianceQuery>): Promise<z.output<typeof PeopleCompliance>> {
  const people = await groupReaders(db, query);
  return people.map(({ username: _username, vesselCodes: _vessels, total: _total, languages: _languages, ...person }) => person);
}

/** GET /api/compliance/people.csv: each person as the spreadsheet's cells, in PEOPLE_CSV_COLUMNS order. */
export async function peopleComplianceExportRows(db: Db, query: z.output<typeof PeopleComplianceQuery>): Promise<(string | number | null)[][]> {
  const people = await groupReaders(db, query);
  return people.map((p) => [
    nameInCsv(p),
    p.lastName,
    p.firstName,
    p.department?.name ?? null,
    p.position?.name ?? null,
    p.required,
    p.attested,
    p.outstanding.length,
    p.withoutOpening,
    p.overdue,
    p.outstanding.map((o) => `${o.title} (v${o.versionNumber}, due ${o.dueDate})`).join('; '),
    languagesRead(p.languages),
  ]);
}

/** The person's attestations made reading a translation, by language: 'Filipino 2, Spanish 1' (empty: all the original). */
function languagesRead(languages: LanguageCode[]): string {
  const counts = new Map<LanguageCode, number>();
  for (const language of languages) counts.set(language, (counts.get(language) ?? 0) + 1);
  return languageCounts(counts);
}

/**
 * Who is behind: every active reader with a version in force past its due day, across the
 * fleet or among the people assigned to one vessel. Oldest due day first, then most overdue.
 */
async function behindReaders(db: Db, query: z.output<typeof BehindQuery>) {
  return readersReading(db, {
    members: query.vesselCode === undefined ? sql`true` : sql`${query.vesselCode} = any(u.vessel_codes)`,
    sops: sql`true`,
    behindOnly: true,
    order: sql`oldest_due, overdue desc, ${byName}`,
    limit: BEHIND_LIMIT,
  });
}

/** GET /api/compliance/behind?vesselCode=. */
export async function behind(db: Db, query: z.output<typeof BehindQuery>): Promise<z.output<typeof Behind>> {
  const people = await behindReaders(db, query);
  return {
    total: people[0]?.total ?? 0,
    people: people.map(({ username: _username, required: _r, attested: _a, withoutOpening: _w, total: _total, languages: _l, ...person }) => person),
  };
}

/** GET /api/compliance/behind.csv: each person behind as the spreadsheet's cells, in BEHIND_CSV_COLUMNS order. */
export async function behindExportRows(db: Db, query: z.output<typeof BehindQuery>): Promise<(string | number | null)[][]> {
  const people = await behindReaders(db, query);
  return people.map((p) => [
    nameInCsv(p),
    p.department?.name ?? null,
    p.vesselCodes.join(' '),
    p.overdue,
    p.outstanding.length,
    p.outstanding
      .filter((o) => o.overdue)
      .map((o) => `${o.title} (v${o.versionNumber}, due ${o.dueDate})`)
      .join('; '),
  ]);
}

/**
 * GET /api/compliance/vessels: each registered vessel with the active readers assigned to it by
 * its code (those with a department or a position: who has SOPs to read), how many of them are behind and how many versions they have past due, by name.
 */
export async function vesselCompliance(db: Db): Promise<z.output<typeof VesselCompliance>> {
  const { rows: vessels } = (await db.execute(sql`
    select v.code, v.name, count(u.id)::int as people
    from vessels v
    left join users u on v.code = any(u.vessel_codes) and ${activeReader} and (u.department_id is not null or u.position_id is not null)
    group by v.code, v.name
    order by lower(v.name), v.code`)) as unknown as Rows<{ code: string; name: string; people: number }>;
  if (vessels.length === 0) return [];
  const behindOnBoard = await readersReading(db, {
    members: sql`cardinality(u.vessel_codes) > 0`,
    sops: sql`true`,
    behindOnly: true,
    order: sql`id`,
  });
  return vessels.map((v) => {
    const aboard = behindOnBoard.filter((p) => p.vesselCodes.includes(v.code));
    return {
      code: v.code,
      name: v.name,
      people: Number(v.people),
      behind: aboard.length,
      overdue: aboard.reduce((sum, p) => sum + p.overdue, 0),
    };
  });
}

/**
 * The inspection pack's reading section: every active reader assigned to vessel `code`, with
 * what they must read, have read, have outstanding and overdue, and the languages read in.
 */
export async function vesselReaders(db: Db, code: string) {
  const people = await readersReading(db, { members: sql`${code} = any(u.vessel_codes)`, sops: sql`true`, behindOnly: false, order: byName });
  return people.map((p) => ({
    name: nameInCsv(p),
    department: p.department?.name ?? null,
    position: p.position?.name ?? null,
    required: p.required,
    done: p.attested,
    outstanding: p.outstanding.length,
    overdue: p.overdue,
    languages: languagesRead(p.languages),
    outstandingItems: p.outstanding.map((o) => `${o.title} (v${o.versionNumber}, due ${o.dueDate}${o.overdue ? ', overdue' : ''})`),
  }));
}
