import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../../../common/contracts/auth';
import { type CircularDetailsInput, circularNumber, type CreateCircularInput } from '../../../../common/contracts/circulars';
import { INITIAL_STATUS } from '../../../../common/sop-lifecycle';
import type { Db } from '../../db/client';
import type { Rows } from '../../db/rows';
import { circularCounters, circulars, departments, positions, sops, sopVersions } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { assertVesselsRegistered } from '../fleet/vessels.service';
import { assertPositionsExist } from '../positions/positions.service';
import { refreshSearchVector } from '../sops/sop-search.service';

type Input = z.output<typeof CreateCircularInput>;

/** The SOP title a circular is listed, read and sent under: its number first, as crews quote it. */
export const circularTitle = (number: string, title: string) => `${number} ${title}`;

async function assertDepartmentsExist(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db.select({ id: departments.id }).from(departments).where(inArray(departments.id, ids));
  if (found.length !== ids.length) throw badRequest('No such department', undefined, 'departmentIds');
}

/**
 * The department a circular is filed under (an SOP has one; it decides nothing about who reads
 * a circular): the first of its audience, else that of its first position, else the issuer's
 * own, else the first division.
 */
async function filingDepartment(db: Db, actor: SessionUser, input: z.output<typeof CircularDetailsInput>): Promise<number> {
  const [position] = input.positionIds.length
    ? await db.select({ departmentId: positions.departmentId }).from(positions).where(eq(positions.id, input.positionIds[0]))
    : [];
  const chosen = input.departmentIds[0] ?? position?.departmentId ?? actor.departmentId;
  if (chosen) return chosen;
  const [first] = await db.select({ id: departments.id }).from(departments).orderBy(sql`${departments.parentId} nulls first`, departments.id).limit(1);
  if (!first) throw badRequest('Create a department first: a circular is filed under one', undefined, 'departmentIds');
  return first.id;
}

/** The year's next number, taken under the counter row's lock: concurrent creations queue, and a rolled-back one gives its number back. */
async function nextNumber(tx: Db, year: number): Promise<{ year: number; seq: number; number: string }> {
  const [row] = await tx
    .insert(circularCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: circularCounters.year, set: { last: sql`${circularCounters.last} + 1` } })
    .returning({ last: circularCounters.last });
  return { year, seq: row.last, number: circularNumber(year, row.last) };
}

/**
 * POST /api/circulars: a draft circular owned by the issuer, numbered in the current year (UTC),
 * with its first version. It is then reviewed and issued as any SOP version is. Returns its id.
 */
export async function createCircular(db: Db, actor: SessionUser, input: Input): Promise<{ id: number; number: string }> {
  await assertDetailsExist(db, input);
  const departmentId = await filingDepartment(db, actor, input);
  return db.transaction(async (tx) => {
    const numbered = await nextNumber(tx, new Date().getUTCFullYear());
    const [sop] = await tx
      .insert(sops)
      .values({
        kind: 'circular',
        title: circularTitle(numbered.number, input.title),
        departmentId,
        category: 'Circular',
        ownerId: actor.id,
        status: INITIAL_STATUS,
        vesselCodes: input.vesselCodes,
        readingPositionIds: input.positionIds,
      })
      .returning({ id: sops.id });
    const [version] = await tx
      .insert(sopVersions)
      .values({ sopId: sop.id, versionNumber: '1.0', content: input.content, changelog: 'Initial version', createdBy: actor.id })
      .returning({ id: sopVersions.id });
    await tx.update(sops).set({ latestVersionId: version.id }).where(eq(sops.id, sop.id));
    await tx.insert(circulars).values({
      sopId: sop.id,
      ...numbered,
      departmentIds: input.departmentIds,
      dueDate: input.dueDate,
      expiresAt: input.expiresAt,
    });
    await refreshSearchVector(tx, sop.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'circular_created',
      entityType: 'sop',
      entityId: sop.id,
      metadata: { title: circularTitle(numbered.number, input.title), number: numbered.number, dueDate: input.dueDate, expiresAt: input.expiresAt },
    });
    return { id: sop.id, number: numbered.number };
  });
}

async function assertDetailsExist(db: Db, details: z.output<typeof CircularDetailsInput>): Promise<void> {
  await assertDepartmentsExist(db, details.departmentIds);
  await assertPositionsExist(db, details.positionIds, 'positionIds');
  await assertVesselsRegistered(db, details.vesselCodes);
}

export const CIRCULAR_UNDER_REVIEW_MESSAGE = 'The circular is under review: its audience and days can be changed once it is sent back';
export const CIRCULAR_ISSUED_MESSAGE = 'An issued circular keeps its audience and days: issue a new circular to change them';

/**
 * PUT /api/circulars/{id}/details: who must read a circular, by when and until when, changed
 * while it is a draft or sent back with changes requested. Under review the approver decides on
 * what was submitted (409 under_review); once issued, its readers have their due day (409).
 */
export async function updateCircularDetails(db: Db, actor: SessionUser, sopId: number, details: z.output<typeof CircularDetailsInput>): Promise<void> {
  await assertDetailsExist(db, details);
  const departmentId = await filingDepartment(db, actor, details);
  await db.transaction(async (tx) => {
    const [circular] = (
      (await tx.execute(sql`select s.id, s.title, s.status,
          exists (select 1 from sop_versions v where v.sop_id = s.id and v.is_published) as issued
        from sops s join circulars c on c.sop_id = s.id where s.id = ${sopId} for update of s`)) as unknown as Rows<{
        id: number;
        title: string;
        status: string;
        issued: boolean;
      }>
    ).rows;
    if (!circular) throw notFound('Circular not found');
    if (circular.issued) throw conflict(CIRCULAR_ISSUED_MESSAGE, 'stale_version');
    if (circular.status !== 'draft' && circular.status !== 'changes_requested') throw conflict(CIRCULAR_UNDER_REVIEW_MESSAGE, 'under_review');
    await tx
      .update(sops)
      .set({ vesselCodes: details.vesselCodes, readingPositionIds: details.positionIds, departmentId, updatedAt: new Date() })
      .where(eq(sops.id, sopId));
    await tx
      .update(circulars)
      .set({ departmentIds: details.departmentIds, dueDate: details.dueDate, expiresAt: details.expiresAt })
      .where(eq(circulars.sopId, sopId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'circular_details_changed',
      entityType: 'sop',
      entityId: sopId,
      metadata: { title: circular.title, dueDate: details.dueDate, expiresAt: details.expiresAt, vessels: details.vesselCodes },
    });
  });
}
