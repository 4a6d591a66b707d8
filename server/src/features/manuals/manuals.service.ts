/**
 * Manuals: chapters of numbered sections, each one SOP. Every read goes through the SOP
 * visibility rule (sop-visibility.service.ts): a section is listed to those who may see its SOP,
 * and shows its version in force, never a draft. Numbers come from positions over the whole
 * structure, so '3.2' is the same section for the master and the auditor whoever reads it.
 */
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { ManualDetail, ManualEffective, ManualInput, ManualRevisions, ManualStructureInput, ManualSummary } from '../../../../common/contracts/manuals';
import type { RevisionClass } from '../../../../common/revision-classes';
import type { Db } from '../../db/client';
import type { Rows } from '../../db/rows';
import { manualChapters, manuals, manualSections } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { isUniqueViolation } from '../auth/auth.service';
import { departmentsReadBy, iso } from '../reading/audience-filter.service';
import { sopVisible, viewOf } from '../sops/sop-visibility.service';

type Detail = z.output<typeof ManualDetail>;
type Summary = z.output<typeof ManualSummary>;
type Effective = z.output<typeof ManualEffective>;
type Revisions = z.output<typeof ManualRevisions>;

/**
 * A section is marked for the caller when they have not attested its version in force and either
 * must read it (its audience) or read an earlier version: a Deck officer is not told that every
 * Hotel section is new to them. SOP `s`, version in force `e`.
 */
const changedFor = (actor: SessionUser) => {
  const inAudience = actor.departmentId === null ? sql`false` : sql`s.department_id in ${departmentsReadBy(actor.departmentId)}`;
  return sql`(e.id is not null and not exists (select 1 from attestations a where a.user_id = ${actor.id} and a.version_id = e.id)
    and (${inAudience} or exists (select 1 from attestations a join sop_versions p on p.id = a.version_id where a.user_id = ${actor.id} and p.sop_id = s.id)))`;
};

const execute = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows;

/** The manual's own row, or 404. */
async function manualRow(db: Db, id: number) {
  const [row] = await db.select({ id: manuals.id, code: manuals.code, title: manuals.title }).from(manuals).where(eq(manuals.id, id));
  if (!row) throw notFound('Manual not found');
  return row;
}

/** The UTC day, 'YYYY-MM-DD'. */
const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const sectionNumber = (chapter: number, section: number) => `${chapter}.${section}`;

export async function listManuals(db: Db, actor: SessionUser): Promise<Summary[]> {
  const rows = await execute<{ id: number; code: string; title: string; chapters: number; sections: number; changed: number }>(
    db,
    sql`select m.id, m.code, m.title,
      (select count(*) from manual_chapters c where c.manual_id = m.id)::int as chapters,
      count(s.id)::int as sections,
      count(s.id) filter (where ${changedFor(actor)})::int as changed
    from manuals m
    left join manual_chapters c on c.manual_id = m.id
    left join manual_sections ms on ms.chapter_id = c.id
    left join sops s on s.id = ms.sop_id and ${sopVisible(viewOf(actor), 's')}
    left join lateral (select v.id from sop_versions v where v.sop_id = s.id and v.is_published order by v.id desc limit 1) e on true
    group by m.id
    order by lower(m.code), m.id`,
  );
  return rows.map((r) => ({ id: r.id, code: r.code, title: r.title, chapterCount: r.chapters, sectionCount: r.sections, changedCount: r.changed }));
}

export async function createManual(db: Db, actor: SessionUser, input: z.output<typeof ManualInput>): Promise<Detail> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(manuals).values(input).returning();
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'manual_created',
        entityType: 'manual',
        entityId: row.id,
        metadata: { code: row.code, title: row.title },
      });
      return { id: row.id, code: row.code, title: row.title, chapters: [] };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`A manual with the code "${input.code}" already exists`, 'duplicate');
    throw err;
  }
}

interface SectionRow {
  chapter: number;
  section: number;
  sop_id: number;
  title: string;
  version_id: number | null;
  version_number: string | null;
  approved_at: string | null;
  changed: boolean;
  last_read: string | null;
}

/** GET /api/manuals/{id}: the table of contents as the caller may read it. */
export async function getManual(db: Db, actor: SessionUser, id: number): Promise<Detail> {
  const manual = await manualRow(db, id);
  const chapters = await db
    .select({ position: manualChapters.position, title: manualChapters.title })
    .from(manualChapters)
    .where(eq(manualChapters.manualId, id))
    .orderBy(manualChapters.position);
  const sections = await execute<SectionRow>(
    db,
    sql`select c.position as chapter, ms.position as section, s.id as sop_id, s.title,
      e.id as version_id, e.version_number, ${iso(sql`e.approved_at`)} as approved_at,
      ${changedFor(actor)} as changed,
      (select v.version_number from attestations a join sop_versions v on v.id = a.version_id
        where a.user_id = ${actor.id} and v.sop_id = s.id and v.is_published order by v.id desc limit 1) as last_read
    from manual_chapters c
    join manual_sections ms on ms.chapter_id = c.id
    join sops s on s.id = ms.sop_id
    left join lateral (select v.id, v.version_number, v.approved_at from sop_versions v
      where v.sop_id = s.id and v.is_published order by v.id desc limit 1) e on true
    where c.manual_id = ${id} and ${sopVisible(viewOf(actor), 's')}
    order by c.position, ms.position`,
  );
  return {
    ...manual,
    chapters: chapters.map((c) => ({
      number: String(c.position),
      title: c.title,
      sections: sections
        .filter((s) => s.chapter === c.position)
        .map((s) => ({
          number: sectionNumber(s.chapter, s.section),
          sopId: s.sop_id,
          title: s.title,
          versionId: s.version_id,
          versionNumber: s.version_number,
          inForceSince: s.approved_at === null ? null : new Date(s.approved_at),
          changed: Boolean(s.changed),
          lastReadVersionNumber: s.last_read,
        })),
    })),
  };
}

/**
 * PUT /api/manuals/{id}/structure: replaces the chapters and sections at once. Refused (400,
 * naming the SOP) for an SOP that does not exist or is withdrawn, one given twice, or one that
 * is a section of another manual; the unique index on sop_id settles a race between two.
 */
export async function putStructure(db: Db, actor: SessionUser, id: number, input: z.output<typeof ManualStructureInput>): Promise<Detail> {
  const all = input.chapters.flatMap((c) => c.sopIds);
  const seen = new Set<number>();
  for (const sopId of all) {
    if (seen.has(sopId)) throw badRequest(`SOP ${sopId} is given more than once; an SOP is one section of one manual`, 'validation', 'chapters');
    seen.add(sopId);
  }
  try {
    await db.transaction(async (tx) => {
      const [manual] = await tx.select({ id: manuals.id, code: manuals.code }).from(manuals).where(eq(manuals.id, id)).for('update');
      if (!manual) throw notFound('Manual not found');
      if (all.length > 0) {
        const known = await execute<{ id: number; title: string; withdrawn: boolean; other: string | null }>(
          tx,
          sql`select s.id, s.title, s.withdrawn_at is not null as withdrawn,
            (select m.code from manual_sections ms join manual_chapters c on c.id = ms.chapter_id join manuals m on m.id = c.manual_id
              where ms.sop_id = s.id and m.id <> ${id}) as other
          from sops s where s.id in (${sql.join(
            all.map((n) => sql`${n}`),
            sql`, `,
          )})`,
        );
        const byId = new Map(known.map((k) => [k.id, k]));
        for (const sopId of all) {
          const sop = byId.get(sopId);
          if (!sop) throw badRequest(`SOP ${sopId} does not exist`, 'validation', 'chapters');
          if (sop.withdrawn) throw badRequest(`SOP ${sopId} (${sop.title}) is withdrawn and cannot be a section`, 'validation', 'chapters');
          if (sop.other) throw badRequest(`SOP ${sopId} (${sop.title}) is already a section of manual ${sop.other}`, 'validation', 'chapters');
        }
      }
      await tx.delete(manualChapters).where(eq(manualChapters.manualId, id));
      for (const [index, chapter] of input.chapters.entries()) {
        const [row] = await tx
          .insert(manualChapters)
          .values({ manualId: id, position: index + 1, title: chapter.title })
          .returning({ id: manualChapters.id });
        if (chapter.sopIds.length > 0)
          await tx.insert(manualSections).values(chapter.sopIds.map((sopId, at) => ({ chapterId: row.id, position: at + 1, sopId })));
      }
      await tx.update(manuals).set({ updatedAt: new Date() }).where(eq(manuals.id, id));
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'manual_structure_changed',
        entityType: 'manual',
        entityId: id,
        metadata: { code: manual.code, chapters: input.chapters.length, sections: all.length },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest('One of these SOPs was just made a section of another manual; reload and try again', 'validation', 'chapters');
    throw err;
  }
  return getManual(db, actor, id);
}

interface EffectiveRow {
  chapter: number;
  section: number;
  sop_id: number;
  title: string;
  version_number: string | null;
  approved_at: string | null;
  revision_class: RevisionClass | null;
}

/**
 * The list of effective sections: each visible section's version in force at the end of day
 * `at` (UTC; today when not given) and since when. The structure is today's: a manual's
 * chapters are not versioned, its sections' versions are.
 */
export async function effectiveSections(db: Db, actor: SessionUser, id: number, at?: string): Promise<Effective> {
  const manual = await manualRow(db, id);
  const day = at ?? utcDay(new Date());
  const rows = await execute<EffectiveRow>(
    db,
    sql`select c.position as chapter, ms.position as section, s.id as sop_id, s.title,
      e.version_number, ${iso(sql`e.approved_at`)} as approved_at, e.revision_class
    from manual_chapters c
    join manual_sections ms on ms.chapter_id = c.id
    join sops s on s.id = ms.sop_id
    left join lateral (select v.version_number, v.approved_at, v.revision_class from sop_versions v
      where v.sop_id = s.id and v.is_published and v.approved_at < ((${day}::date + 1)::timestamp at time zone 'UTC')
      order by v.id desc limit 1) e on true
    where c.manual_id = ${id} and ${sopVisible(viewOf(actor), 's')}
    order by c.position, ms.position`,
  );
  return {
    ...manual,
    at: day,
    sections: rows.map((r) => ({
      number: sectionNumber(r.chapter, r.section),
      sopId: r.sop_id,
      title: r.title,
      versionNumber: r.version_number,
      inForceSince: r.approved_at === null ? null : new Date(r.approved_at),
      revisionClass: r.revision_class,
    })),
  };
}

export const EFFECTIVE_CSV_HEADER = ['Section', 'Title', 'Version', 'In force since', 'Revision class'] as const;

export function effectiveCsvRows(effective: Effective): (string | null)[][] {
  return effective.sections.map((s) => [s.number, s.title, s.versionNumber, s.inForceSince ? utcDay(s.inForceSince) : null, s.revisionClass]);
}

interface RevisionRow {
  approved_at: string;
  chapter: number;
  section: number;
  sop_id: number;
  title: string;
  from_version: string | null;
  to_version: string;
  revision_class: RevisionClass;
  changelog: string | null;
}

/** The record of revisions: every version that came into force in a visible section, newest first. */
export async function manualRevisions(db: Db, actor: SessionUser, id: number): Promise<Revisions> {
  const manual = await manualRow(db, id);
  const rows = await execute<RevisionRow>(
    db,
    sql`select ${iso(sql`v.approved_at`)} as approved_at, c.position as chapter, ms.position as section, s.id as sop_id, s.title,
      (select p.version_number from sop_versions p where p.sop_id = s.id and p.is_published and p.id < v.id order by p.id desc limit 1) as from_version,
      v.version_number as to_version, v.revision_class, v.changelog
    from manual_chapters c
    join manual_sections ms on ms.chapter_id = c.id
    join sops s on s.id = ms.sop_id
    join sop_versions v on v.sop_id = s.id and v.is_published
    where c.manual_id = ${id} and ${sopVisible(viewOf(actor), 's')}
    order by v.approved_at desc, v.id desc`,
  );
  return {
    ...manual,
    revisions: rows.map((r) => ({
      date: new Date(r.approved_at),
      number: sectionNumber(r.chapter, r.section),
      sopId: r.sop_id,
      title: r.title,
      fromVersion: r.from_version,
      toVersion: r.to_version,
      revisionClass: r.revision_class,
      changelog: r.changelog,
    })),
  };
}
