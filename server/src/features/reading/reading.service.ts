import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { VersionComparison } from '../../../../common/contracts/review-loop';
import { type MyReading, READING_DONE_LIMIT, type ReadingItem, type SopReading } from '../../../../common/contracts/reading';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { comparePair } from '../sops/sop-compare.service';
import { assertSopVisible, sopVisible, viewOf } from '../sops/sop-visibility.service';
import { iso, isoDay, readerDueDay, readingDueDay, readsSop, utcToday, versionInForce, versionInForceIfAny } from './audience-filter.service';
import type { Rows } from '../../db/rows';

type Item = z.output<typeof ReadingItem>;
interface ItemRow {
  sop_id: number;
  title: string;
  department_id: number;
  department_name: string;
  version_id: number;
  version_number: string;
  approved_at: string;
  changelog: string | null;
  attested_at: string | null;
  due_date: string;
  overdue: boolean;
  circular_number: string | null;
}

const toItem = (r: ItemRow): Item => ({
  sopId: r.sop_id,
  title: r.title,
  department: { id: r.department_id, name: r.department_name },
  versionId: r.version_id,
  versionNumber: r.version_number,
  approvedAt: new Date(r.approved_at),
  changelog: r.changelog,
  attestedAt: r.attested_at === null ? null : new Date(r.attested_at),
  dueDate: r.due_date,
  overdue: Boolean(r.overdue),
  // Said only of a circular: other SOPs' items stay as they were.
  ...(r.circular_number ? { circular: r.circular_number } : {}),
});

/** The number of SOP `s` when it is a circular, else null. */
const circularNumber = sql`(case when s.kind = 'circular' then (select c.number from circulars c where c.sop_id = s.id) end)`;

/**
 * `select ...` of the versions in force the reader must read (by department or by position)
 * and has not attested, as the columns of ItemRow plus `at` (the approval, a timestamptz) and
 * `due` (the reader's due day, a date). Also the `reading` kinds of the notifications.
 */
export function outstandingReading(reader: Pick<SessionUser, 'id'>) {
  return sql`select s.id as sop_id, s.title, d.id as department_id, d.name as department_name,
      e.id as version_id, e.version_number, ${iso(sql`e.approved_at`)} as approved_at, e.changelog,
      null::text as attested_at, ${isoDay(readerDueDay())} as due_date, ${readerDueDay()} < ${utcToday} as overdue,
      e.approved_at as at, ${readerDueDay()} as due, ${circularNumber} as circular_number
    from users u
    left join departments ud on ud.id = u.department_id
    cross join sops s
    join departments d on d.id = s.department_id
    ${versionInForce}
    where u.id = ${reader.id} and ${readsSop()}
      and not exists (select 1 from attestations a where a.user_id = u.id and a.version_id = e.id)`;
}

/** GET /api/reading: two statements, each served by indexes whatever the number of users and attestations. */
export async function myReading(db: Db, reader: SessionUser): Promise<z.output<typeof MyReading>> {
  const outstandingQuery = db.execute(sql`${outstandingReading(reader)} order by due, at desc, sop_id`) as unknown as Promise<Rows<ItemRow>>;
  // The reader's attestations of versions still in force, wherever the SOP belongs, of the SOPs
  // they may still see (a confidential SOP drops out when they leave its audience). What is
  // outstanding needs no such check: the audience of an SOP always sees its version in force.
  const doneQuery = db.execute(sql`
    select s.id as sop_id, s.title, d.id as department_id, d.name as department_name,
      v.id as version_id, v.version_number, ${iso(sql`v.approved_at`)} as approved_at, v.changelog,
      ${iso(sql`a.attested_at`)} as attested_at, ${isoDay(readingDueDay('v'))} as due_date, false as overdue, ${circularNumber} as circular_number
    from attestations a
    join sop_versions v on v.id = a.version_id
    join sops s on s.id = v.sop_id
    join departments d on d.id = s.department_id
    where a.user_id = ${reader.id}
      and v.id = (select max(p.id) from sop_versions p where p.sop_id = v.sop_id and p.is_published)
      and ${sopVisible(viewOf(reader), 's')}
    order by a.attested_at desc, a.id desc
    limit ${READING_DONE_LIMIT}`) as unknown as Promise<Rows<ItemRow>>;
  const [outstanding, done] = await Promise.all([outstandingQuery, doneQuery]);
  const manualOf = await manualsOf(
    db,
    [...outstanding.rows, ...done.rows].map((r) => r.sop_id),
  );
  // Said only of a section of a manual: other SOPs' items stay as they were.
  const withManual = (r: ItemRow) => {
    const manual = manualOf.get(r.sop_id);
    return manual ? { ...toItem(r), manual } : toItem(r);
  };
  return { outstanding: outstanding.rows.map(withManual), done: done.rows.map(withManual) };
}

/** The manual and section number of each SOP that is a section of one. */
async function manualsOf(db: Db, sopIds: number[]) {
  const found = new Map<number, { id: number; code: string; title: string; section: string }>();
  if (!sopIds.length) return found;
  const { rows } = (await db.execute(sql`
    select ms.sop_id, m.id, m.code, m.title, c.position as chapter, ms.position as section
    from manual_sections ms join manual_chapters c on c.id = ms.chapter_id join manuals m on m.id = c.manual_id
    where ms.sop_id in (${sql.join(
      sopIds.map((id) => sql`${id}`),
      sql`, `,
    )})`)) as unknown as Rows<{ sop_id: number; id: number; code: string; title: string; chapter: number; section: number }>;
  for (const r of rows) found.set(r.sop_id, { id: r.id, code: r.code, title: r.title, section: `${r.chapter}.${r.section}` });
  return found;
}

interface VersionRow {
  version_id: number;
  version_number: string;
  approved_at: string;
  changelog: string | null;
  attested_at: string | null;
}

/**
 * GET /api/sops/{id}/reading: whether the caller must read this SOP, whether they have read
 * the version in force, and what changed since the version they last attested.
 */
export async function sopReading(db: Db, reader: SessionUser, sopId: number): Promise<z.output<typeof SopReading>> {
  await assertSopVisible(db, viewOf(reader), sopId);
  const [sop] = (
    (await db.execute(sql`
      select s.id, ${readsSop()} as required,
        ${isoDay(readerDueDay())} as due_date, ${readerDueDay()} < ${utcToday} as past_due
      from sops s ${versionInForceIfAny}
      left join users u on u.id = ${reader.id}
      left join departments ud on ud.id = u.department_id
      where s.id = ${sopId}`)) as unknown as Rows<{
      id: number;
      required: boolean;
      due_date: string | null;
      past_due: boolean | null;
    }>
  ).rows;
  if (!sop) throw notFound('SOP not found');
  // Every published version, newest first, with the caller's attestation of it.
  const { rows } = (await db.execute(sql`
    select v.id as version_id, v.version_number, ${iso(sql`v.approved_at`)} as approved_at, v.changelog, ${iso(sql`a.attested_at`)} as attested_at
    from sop_versions v
    left join attestations a on a.version_id = v.id and a.user_id = ${reader.id}
    where v.sop_id = ${sopId} and v.is_published
    order by v.id desc`)) as unknown as Rows<VersionRow>;
  const inForce = rows[0];
  const lastIndex = rows.findIndex((r) => r.attested_at !== null);
  const last = lastIndex === -1 ? null : rows[lastIndex];
  const changes = lastIndex === -1 ? rows : rows.slice(0, lastIndex);
  return {
    versionId: inForce?.version_id ?? null,
    versionNumber: inForce?.version_number ?? null,
    required: Boolean(sop.required),
    attested: lastIndex === 0,
    dueDate: sop.due_date,
    overdue: Boolean(sop.required) && lastIndex !== 0 && Boolean(sop.past_due),
    lastAttested: last ? { versionId: last.version_id, versionNumber: last.version_number, attestedAt: new Date(last.attested_at as string) } : null,
    changes: changes.map((r) => ({ versionId: r.version_id, versionNumber: r.version_number, approvedAt: new Date(r.approved_at), changelog: r.changelog })),
  };
}

/**
 * GET /api/sops/{id}/reading/changes: the version in force against the version the caller last
 * attested, or, never attested, against the version in force before it. Only versions that
 * were in force are compared, so a reader who sees no draft or earlier version sees what
 * changed in the one they must read, and nothing more.
 */
export async function readingChanges(db: Db, reader: SessionUser, sopId: number): Promise<VersionComparison> {
  await assertSopVisible(db, viewOf(reader), sopId);
  const { rows } = (await db.execute(sql`
    select v.id, exists (select 1 from attestations a where a.version_id = v.id and a.user_id = ${reader.id}) as attested
    from sop_versions v where v.sop_id = ${sopId} and v.is_published order by v.id desc`)) as unknown as Rows<{ id: number; attested: boolean }>;
  const [inForce, ...earlier] = rows;
  if (inForce?.attested) throw notFound('You attested the version in force: nothing changed since');
  const base = earlier.find((r) => r.attested) ?? earlier[0];
  if (!inForce || !base) throw notFound('No earlier version in force to compare with');
  return comparePair(db, sopId, base.id, inForce.id);
}
