import { and, eq } from 'drizzle-orm';
import type { PublicUser } from '../../../../common/contracts/auth';
import type { Db } from '../../db/client';
import { attachmentBlobs, attachmentPreviews, attachments, sops, sopVersions } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { refreshSearchVector } from './sop-search';

/** Statuses a new version sends back to draft: the new text has not been reviewed. */
const BACK_TO_DRAFT = new Set(['published', 'approved', 'changes_requested']);
/** While a version waits for a decision, the text under review must not move under the approver. */
const UNDER_REVIEW = new Set(['submitted', 'in_review']);

/** '1.0' -> '1.1'; anything unparseable -> the next whole number after the count of versions. */
export function nextVersionNumber(latest: string | undefined, existing: string[]): string {
  const taken = new Set(existing);
  const match = latest?.match(/^(\d+)\.(\d+)$/);
  let major = match ? Number(match[1]) : existing.length + 1;
  let minor = match ? Number(match[2]) + 1 : 0;
  while (taken.has(`${major}.${minor}`)) {
    if (match) minor += 1;
    else major += 1;
  }
  return `${major}.${minor}`;
}

export function assertCanAddVersion(sop: { status: string }) {
  if (UNDER_REVIEW.has(sop.status)) {
    throw conflict('This SOP is waiting for approval; a new version can be added once the approver has decided');
  }
}

/**
 * Appends a version (versions are never rewritten), makes it the latest, puts a reviewed
 * SOP back to draft and keeps search current. Runs inside the caller's transaction.
 */
export async function appendVersion(
  tx: Db,
  actor: PublicUser,
  sop: { id: number; title: string; status: string; latestVersionId: number | null },
  input: { content: string; versionNumber?: string | null; changelog?: string | null; keepAttachmentIds?: number[] },
  defaultChangelog: string,
) {
  assertCanAddVersion(sop);
  const existing = await tx.select({ id: sopVersions.id, versionNumber: sopVersions.versionNumber }).from(sopVersions).where(eq(sopVersions.sopId, sop.id));
  const latestNumber = existing.find((v) => v.id === sop.latestVersionId)?.versionNumber;
  const versionNumber = input.versionNumber ?? nextVersionNumber(latestNumber, existing.map((v) => v.versionNumber));
  if (existing.some((v) => v.versionNumber === versionNumber)) {
    throw conflict(`Version ${versionNumber} already exists for this SOP; choose another version number`);
  }
  const [version] = await tx
    .insert(sopVersions)
    .values({ sopId: sop.id, versionNumber, content: input.content, changelog: input.changelog ?? defaultChangelog, createdBy: actor.id })
    .returning();
  if (sop.latestVersionId) await carryAttachmentsForward(tx, sop.latestVersionId, version.id, input.keepAttachmentIds);
  await tx
    .update(sops)
    .set({ latestVersionId: version.id, updatedAt: new Date(), ...(BACK_TO_DRAFT.has(sop.status) ? { status: 'draft' as const } : {}) })
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
 * with their stored bytes and previews, into the new version. Each version stays a
 * complete record of what was approved: the earlier version keeps its own copies.
 */
async function carryAttachmentsForward(tx: Db, fromVersionId: number, toVersionId: number, keepIds: number[] | undefined) {
  const previous = await tx.select().from(attachments).where(eq(attachments.versionId, fromVersionId));
  const previousIds = new Set(previous.map((a) => a.id));
  const stray = keepIds?.find((id) => !previousIds.has(id));
  if (stray !== undefined) throw badRequest(`keepAttachmentIds: attachment ${stray} is not on the current version`);
  const kept = keepIds ? previous.filter((a) => keepIds.includes(a.id)) : previous;
  for (const { id: oldId, versionId: _from, createdAt: _at, ...fields } of kept) {
    const [copy] = await tx.insert(attachments).values({ ...fields, versionId: toVersionId }).returning({ id: attachments.id });
    const [blob] = await tx.select().from(attachmentBlobs).where(eq(attachmentBlobs.attachmentId, oldId));
    if (blob) await tx.insert(attachmentBlobs).values({ ...blob, attachmentId: copy.id });
    const [preview] = await tx.select().from(attachmentPreviews).where(eq(attachmentPreviews.attachmentId, oldId));
    if (preview) await tx.insert(attachmentPreviews).values({ ...preview, attachmentId: copy.id });
  }
}
