import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { Db } from '../../db/client';
import { attachmentPreviews, attachments, sops, sopVersions } from '../../db/schema';
import { nextVersionNumber, type SopStatus, statusAfterNewVersion } from '../../../../common/sop-lifecycle';
import { badRequest, conflict } from '../../http/errors';
import { startPreview } from '../attachments/attachment-previews.service';
import { recordAudit } from '../audit/audit.service';
import { refreshSearchVector } from './sop-search.service';
import { linkAcceptedToNewVersion } from '../suggestions/suggestion-versions.service';

/**
 * Appends a version (versions are never rewritten), makes it the latest, puts a reviewed
 * SOP back to draft and keeps search current. Runs inside the caller's transaction, after
 * the caller has asked the lifecycle whether a version may be added.
 */
export async function appendVersion(
  tx: Db,
  actor: SessionUser,
  sop: { id: number; title: string; status: SopStatus; latestVersionId: number | null },
  input: { content: string; versionNumber?: string | null; changelog?: string | null; keepAttachmentIds?: number[] },
  defaultChangelog: string,
) {
  const existing = await tx.select({ id: sopVersions.id, versionNumber: sopVersions.versionNumber }).from(sopVersions).where(eq(sopVersions.sopId, sop.id));
  const latestNumber = existing.find((v) => v.id === sop.latestVersionId)?.versionNumber;
  const versionNumber =
    input.versionNumber ??
    nextVersionNumber(
      latestNumber,
      existing.map((v) => v.versionNumber),
    );
  if (existing.some((v) => v.versionNumber === versionNumber)) {
    throw conflict(`Version ${versionNumber} already exists for this SOP; choose another version number`, 'duplicate');
  }
  const reopened = statusAfterNewVersion(sop.status);
  const [version] = await tx
    .insert(sopVersions)
    .values({ sopId: sop.id, versionNumber, content: input.content, changelog: input.changelog ?? defaultChangelog, createdBy: actor.id })
    .returning();
  // Accepted suggestions not yet taken up in a version are taken up in this one (decision 079).
  version.changelog = await linkAcceptedToNewVersion(tx, sop.id, version);
  if (sop.latestVersionId) await carryAttachmentsForward(tx, sop.latestVersionId, version.id, input.keepAttachmentIds);
  await tx
    .update(sops)
    .set({ latestVersionId: version.id, updatedAt: new Date(), ...(reopened !== sop.status ? { status: reopened } : {}) })
    .where(and(eq(sops.id, sop.id)));
  await refreshSearchVector(tx, sop.id);
  await recordAudit(tx, {
    actorId: actor.id,
    action: 'sop_version_created',
    entityType: 'sop',
    entityId: sop.id,
    metadata: { title: sop.title, versionNumber, versionId: version.id },
  });
  return version;
}

/**
 * Copies the chosen attachments of the previous version (all when `keepIds` is absent),
 * with their previews, into the new version. Each version stays a complete record of what
 * was approved; the bytes are shared by hash, so a carried file costs a row, not a copy.
 */
async function carryAttachmentsForward(tx: Db, fromVersionId: number, toVersionId: number, keepIds: number[] | undefined) {
  const previous = await tx.select().from(attachments).where(eq(attachments.versionId, fromVersionId));
  const previousIds = new Set(previous.map((a) => a.id));
  const stray = keepIds?.find((id) => !previousIds.has(id));
  if (stray !== undefined) throw badRequest(`Attachment ${stray} is not on the current version`, undefined, 'keepAttachmentIds');
  const kept = keepIds ? previous.filter((a) => keepIds.includes(a.id)) : previous;
  for (const { id: oldId, versionId: _from, createdAt: _at, ...fields } of kept) {
    const [copy] = await tx
      .insert(attachments)
      .values({ ...fields, versionId: toVersionId })
      .returning({ id: attachments.id });
    const [preview] = await tx.select().from(attachmentPreviews).where(eq(attachmentPreviews.attachmentId, oldId));
    if (preview) await tx.insert(attachmentPreviews).values({ ...preview, attachmentId: copy.id });
    // A preview still being made for the original is made for the copy too.
    else if (fields.previewStatus === 'pending') await startPreview(tx, { id: copy.id, mimeType: fields.mimeType, sha256: fields.sha256 });
  }
}
