import { and, desc, eq } from 'drizzle-orm';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { CreateSopInput, CreateVersionInput, UpdateSopInput } from '../../../../common/contracts/sops';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { attachmentPreviews, attachments, departments, sops, sopTranslations, sopVersions } from '../../db/schema';
import { INITIAL_STATUS, refuseAddVersion, refuseEdit } from '../../../../common/sop-lifecycle';
import { refuseDelete } from '../../../../common/sop-withdrawal';
import { releaseFiles } from '../../files/store';
import { refuse } from '../../http/access';
import { badRequest } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { departmentNames, fieldChanges } from '../audit/field-changes.service';
import { findSopForAccess } from './sop-detail.service';
import { refreshSearchVector } from './sop-search.service';
import { appendVersion } from './sop-versions.service';
import { assertVesselsRegistered } from '../fleet/vessels.service';
import { assertPositionsExist, positionNames } from '../positions/positions.service';
import { recordTemplateUse } from '../templates/templates.service';
import { detailsDigestOf, type SopDetails } from '../signatures/version-digest.service';

type SopInput = z.output<typeof CreateSopInput>;
type SopUpdateInput = z.output<typeof UpdateSopInput>;
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
  ...(input.readingDays !== undefined ? { readingDays: input.readingDays } : {}),
  ...(input.isConfidential !== undefined ? { isConfidential: input.isConfidential } : {}),
  ...(input.vesselCodes !== undefined ? { vesselCodes: input.vesselCodes } : {}),
  ...(input.readingPositionIds !== undefined ? { readingPositionIds: input.readingPositionIds } : {}),
});

/** A draft SOP owned by the actor, with its first version. Returns the new id. */
export async function createSop(db: Db, actor: SessionUser, input: SopInput): Promise<number> {
  await assertDepartmentExists(db, input.departmentId);
  await assertVesselsRegistered(db, input.vesselCodes);
  await assertPositionsExist(db, input.readingPositionIds, 'readingPositionIds');
  return db.transaction(async (tx) => {
    const [sop] = await tx
      .insert(sops)
      .values({ ...sopFields(input), ownerId: actor.id, status: INITIAL_STATUS })
      .returning({ id: sops.id });
    const content = input.content?.trim() ? input.content : `Standard operating procedure: ${input.title}`;
    const [version] = await tx
      .insert(sopVersions)
      .values({ sopId: sop.id, versionNumber: input.versionNumber ?? '1.0', content, changelog: input.changelog ?? 'Initial version', createdBy: actor.id })
      .returning({ id: sopVersions.id });
    await tx.update(sops).set({ latestVersionId: version.id }).where(eq(sops.id, sop.id));
    await refreshSearchVector(tx, sop.id);
    const template = input.templateId === undefined ? null : await recordTemplateUse(tx, actor, input.templateId, sop.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'sop_created',
      entityType: 'sop',
      entityId: sop.id,
      metadata: { title: input.title, ...(template ? { template: template.name } : {}) },
    });
    return sop.id;
  });
}

/** The SOP's own fields as the trail names them; the text and files are recorded as versions. */
const SOP_FIELD_LABELS = {
  title: 'Title',
  department: 'Department',
  category: 'Category',
  summary: 'Summary',
  tags: 'Tags',
  reviewFrequency: 'Review frequency (months)',
  readingDays: 'Days to read',
  isConfidential: 'Confidential',
  vesselCodes: 'Vessels',
  readingPositions: 'Reading positions',
};

export interface SopUpdate {
  versionAdded: boolean;
  /** The answer's sentence: what the save did (a version, only the details, or nothing). */
  message: string;
}

/**
 * PUT: new field values, plus a new version when the text or the files changed. Saving with
 * nothing changed adds no version (History never holds two identical versions) and no event.
 */
export async function updateSop(db: Db, actor: SessionUser, id: number, input: SopUpdateInput): Promise<SopUpdate> {
  const sop = await findSopForAccess(db, id);
  const addsVersion = await changesVersion(db, sop.latestVersionId, input);
  refuse(refuseEdit(actor, sop, { addsVersion }));
  await assertDepartmentExists(db, input.departmentId);
  await assertVesselsRegistered(db, input.vesselCodes);
  await assertPositionsExist(db, input.readingPositionIds, 'readingPositionIds');
  const [current] = await db.select().from(sops).where(eq(sops.id, id));
  const name = await departmentNames(db, [current.departmentId, input.departmentId]);
  const fields = sopFields(input);
  const position = await positionNames(db, [...current.readingPositionIds, ...(fields.readingPositionIds ?? [])]);
  const positionsText = (ids: number[]) => ids.map((id) => position(id)).join(', ') || null;
  const changes = fieldChanges(
    SOP_FIELD_LABELS,
    { ...current, department: name(current.departmentId) ?? null, readingPositions: positionsText(current.readingPositionIds) },
    { ...fields, department: name(input.departmentId), readingPositions: fields.readingPositionIds && positionsText(fields.readingPositionIds) },
  );
  if (changes.length === 0 && !addsVersion) return { versionAdded: false, message: 'Nothing changed, so no new version was added' };
  const detailsChange = await detailsChangeOf(db, id, changes, { ...current, ...fields, department: name(input.departmentId) ?? null });
  const version = await db.transaction(async (tx) => {
    if (changes.length > 0) {
      await tx
        .update(sops)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(sops.id, id));
      await recordAudit(tx, {
        actorId: actor.id,
        action: detailsChange ? 'sop_details_changed' : 'sop_updated',
        entityType: 'sop',
        entityId: id,
        metadata: { title: input.title, changes, ...detailsChange },
      });
    }
    // appendVersion refreshes the search vector itself, after the new content is in place.
    if (!addsVersion) {
      await refreshSearchVector(tx, id);
      return null;
    }
    return appendVersion(
      tx,
      actor,
      { ...sop, title: input.title },
      { content: input.content!, versionNumber: input.versionNumber, changelog: input.changelog, keepAttachmentIds: input.keepAttachmentIds },
      'Updated version',
    );
  });
  if (version) return { versionAdded: true, message: `Saved as version ${version.versionNumber}` };
  return { versionAdded: false, message: 'Details saved; the text and files are unchanged, so no new version was added' };
}

/** What readers rely on beside the text: a change to one of these on an SOP in force is a change of details. */
const CONTROLLED_DETAILS = new Set(['title', 'summary', 'category', 'department', 'vesselCodes', 'isConfidential']);

/**
 * A change of the controlled details of an SOP with a version in force is recorded, not reviewed
 * (decision 053): the event names the version in force it applies to and the digest of the
 * details after it, so the history shows it beside that version and the audit chain binds it.
 * Null when the SOP has none in force or no controlled detail changed.
 */
async function detailsChangeOf(db: Db, sopId: number, changes: { field: string }[], after: SopDetails) {
  if (!changes.some((c) => CONTROLLED_DETAILS.has(c.field))) return null;
  const [inForce] = await db
    .select({ id: sopVersions.id, versionNumber: sopVersions.versionNumber })
    .from(sopVersions)
    .where(and(eq(sopVersions.sopId, sopId), eq(sopVersions.isPublished, true)))
    .orderBy(desc(sopVersions.id))
    .limit(1);
  if (!inForce) return null;
  return { versionId: inForce.id, versionNumber: inForce.versionNumber, detailsSha256: detailsDigestOf(after) };
}

/**
 * Whether a save makes a new version: its text differs from the latest version's, it leaves
 * out a file of the latest version, or files are about to be added to it (`attachingFiles`).
 */
async function changesVersion(db: Db, latestVersionId: number | null, input: SopUpdateInput): Promise<boolean> {
  if (!input.content?.trim()) return false;
  if (!latestVersionId || input.attachingFiles) return true;
  const [latest] = await db.select({ content: sopVersions.content }).from(sopVersions).where(eq(sopVersions.id, latestVersionId));
  if (!latest || latest.content !== input.content) return true;
  if (!input.keepAttachmentIds) return false;
  const files = await db.select({ id: attachments.id }).from(attachments).where(eq(attachments.versionId, latestVersionId));
  return files.some((file) => !input.keepAttachmentIds!.includes(file.id));
}

/** POST /api/sops/{id}/versions. */
export async function addVersion(db: Db, actor: SessionUser, id: number, input: VersionInput) {
  const sop = await findSopForAccess(db, id);
  refuse(refuseAddVersion(actor, sop));
  return db.transaction((tx) => appendVersion(tx, actor, sop, input, 'Updated version'));
}

/**
 * Only a draft that never had a version in force is deleted (its owner or an admin; anything
 * else is withdrawn: sop-withdraw.service.ts). Versions, attachments, previews and tasks go by
 * cascade (translations too); the audit trail stays, then the stored bytes only this SOP used are removed.
 */
export async function deleteSop(db: Db, actor: SessionUser, id: number): Promise<void> {
  const sop = await findSopForAccess(db, id);
  refuse(refuseDelete(actor, sop));
  const hashes = await db.transaction(async (tx) => {
    const files = await sopFileHashes(tx, id);
    await tx.delete(sops).where(eq(sops.id, id));
    await recordAudit(tx, { actorId: actor.id, action: 'sop_deleted', entityType: 'sop', entityId: id, metadata: { title: sop.title } });
    return files;
  });
  await releaseFiles(db, hashes);
}

/** Every stored file the SOP's versions point at: attachments and their previews. */
async function sopFileHashes(db: Db, sopId: number): Promise<(string | null)[]> {
  const rows = await db
    .select({ file: attachments.sha256, preview: attachmentPreviews.sha256 })
    .from(attachments)
    .innerJoin(sopVersions, eq(sopVersions.id, attachments.versionId))
    .leftJoin(attachmentPreviews, eq(attachmentPreviews.attachmentId, attachments.id))
    .where(eq(sopVersions.sopId, sopId));
  // Its translations' files go with its versions too.
  const translated = await db
    .select({ file: sopTranslations.sha256 })
    .from(sopTranslations)
    .innerJoin(sopVersions, eq(sopVersions.id, sopTranslations.versionId))
    .where(eq(sopVersions.sopId, sopId));
  return [...rows.flatMap((r) => [r.file, r.preview]), ...translated.map((r) => r.file)];
}
