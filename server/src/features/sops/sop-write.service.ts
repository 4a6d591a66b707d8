import { eq } from 'drizzle-orm';
import type { PublicUser } from '../../../../common/contracts/auth';
import type { CreateSopInput, CreateVersionInput } from '../../../../common/contracts/sops';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { departments, sops, sopVersions } from '../../db/schema';
import { assertCan } from '../../http/access';
import { badRequest } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { findSopForAccess } from './sop-detail.service';
import { refreshSearchVector } from './sop-search';
import { appendVersion, assertCanAddVersion } from './sop-versions.service';

type SopInput = z.output<typeof CreateSopInput>;
type VersionInput = z.output<typeof CreateVersionInput>;

async function assertDepartmentExists(db: Db, departmentId: number) {
  const [row] = await db.select({ id: departments.id }).from(departments).where(eq(departments.id, departmentId));
  if (!row) throw badRequest('Department not found');
}

const sopFields = (input: SopInput) => ({
  title: input.title,
  departmentId: input.departmentId,
  category: input.category,
  summary: input.summary,
  tags: input.tags,
  ...(input.reviewFrequency !== undefined ? { reviewFrequency: input.reviewFrequency } : {}),
  ...(input.isConfidential !== undefined ? { isConfidential: input.isConfidential } : {}),
});

/** A draft SOP owned by the actor, with its first version. Returns the new id. */
export async function createSop(db: Db, actor: PublicUser, input: SopInput): Promise<number> {
  assertCan(actor, 'sop.create');
  await assertDepartmentExists(db, input.departmentId);
  return db.transaction(async (tx) => {
    const [sop] = await tx.insert(sops).values({ ...sopFields(input), ownerId: actor.id, status: 'draft' }).returning({ id: sops.id });
    const content = input.content?.trim() ? input.content : `Standard operating procedure: ${input.title}`;
    const [version] = await tx
      .insert(sopVersions)
      .values({ sopId: sop.id, versionNumber: input.versionNumber ?? '1.0', content, changelog: input.changelog ?? 'Initial version', createdBy: actor.id })
      .returning({ id: sopVersions.id });
    await tx.update(sops).set({ latestVersionId: version.id }).where(eq(sops.id, sop.id));
    await refreshSearchVector(tx, sop.id);
    await recordAudit(tx, { actorId: actor.id, action: 'sop_created', entityType: 'sop', entityId: sop.id, metadata: { title: input.title } });
    return sop.id;
  });
}

/** PUT: new field values, plus a new version when the body carries content. */
export async function updateSop(db: Db, actor: PublicUser, id: number, input: SopInput): Promise<void> {
  const sop = await findSopForAccess(db, id);
  assertCan(actor, 'sop.edit', { ownerId: sop.ownerId }, 'Only the owner, an approver or an admin can edit this SOP');
  await assertDepartmentExists(db, input.departmentId);
  const hasContent = Boolean(input.content?.trim());
  if (hasContent) assertCanAddVersion(sop);
  await db.transaction(async (tx) => {
    await tx.update(sops).set({ ...sopFields(input), updatedAt: new Date() }).where(eq(sops.id, id));
    await recordAudit(tx, { actorId: actor.id, action: 'sop_updated', entityType: 'sop', entityId: id, metadata: { title: input.title } });
    // appendVersion refreshes the search vector itself, after the new content is in place.
    if (hasContent) {
      await appendVersion(tx, actor, { ...sop, title: input.title }, { content: input.content!, versionNumber: input.versionNumber, changelog: input.changelog, keepAttachmentIds: input.keepAttachmentIds }, 'Updated version');
    } else {
      await refreshSearchVector(tx, id);
    }
  });
}

/** POST /api/sops/{id}/versions. */
export async function addVersion(db: Db, actor: PublicUser, id: number, input: VersionInput) {
  const sop = await findSopForAccess(db, id);
  assertCan(actor, 'sop.edit', { ownerId: sop.ownerId }, 'Only the owner, an approver or an admin can add a version to this SOP');
  return db.transaction((tx) => appendVersion(tx, actor, sop, input, 'Updated version'));
}

/** Versions, attachments, blobs, previews, tasks and attestations go by cascade; the audit trail stays. */
export async function deleteSop(db: Db, actor: PublicUser, id: number): Promise<void> {
  assertCan(actor, 'sop.delete', undefined, 'Only an approver or an admin can delete an SOP');
  const sop = await findSopForAccess(db, id);
  await db.transaction(async (tx) => {
    await tx.delete(sops).where(eq(sops.id, id));
    await recordAudit(tx, { actorId: actor.id, action: 'sop_deleted', entityType: 'sop', entityId: id, metadata: { title: sop.title } });
  });
}
