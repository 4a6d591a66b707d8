/**
 * Attachment previews as durable jobs, one per stored file: identical bytes are rendered
 * once, whichever attachments share them. Storing a PDF or Word file either shares the
 * preview (or the failure) of an identical file already processed, or marks the attachment
 * `pending` and queues a `preview` job for its hash in the same transaction. A job runner
 * renders it in a document worker process and marks every pending attachment of that hash
 * `ready`, or `failed` for good when the file is refused, crashes the worker or runs out of
 * time. A failed file is never rendered again.
 *
 * Every change of a hash's preview state first locks its `stored_files` row, so a file
 * stored (or carried into a new version) while its job finishes is never left pending.
 */
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { PreviewStatus } from '../../../../common/preview-status';
import type { Db } from '../../db/client';
import { attachmentPreviews, attachments, storedFiles } from '../../db/schema';
import type { DocumentWorkers } from '../../documents/worker-pool';
import { putBuffer, releaseFiles } from '../../files/store';
import { enqueueJob, findJob, noOpenJob } from '../../jobs/job-queue';
import type { JobHandler } from '../../jobs/job-runner';
import { workOnStoredFile } from './stored-file-work.service';

export const PREVIEW_JOB = 'preview';

const PREVIEWABLE = new Set(['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document']);

export const canPreview = (mimeType: string) => PREVIEWABLE.has(mimeType);

const jobKey = (sha256: string) => `file:${sha256}`;

async function lockFile(tx: Db, sha256: string) {
  await tx.select({ sha256: storedFiles.sha256 }).from(storedFiles).where(eq(storedFiles.sha256, sha256)).for('update');
}

const ofFile = (sha256: string) => eq(attachments.sha256, sha256);

/** A stored preview of the same bytes, to share instead of rendering again. */
async function twinPreview(tx: Db, sha256: string) {
  const [twin] = await tx
    .select({ mimeType: attachmentPreviews.mimeType, width: attachmentPreviews.width, height: attachmentPreviews.height, sha256: attachmentPreviews.sha256 })
    .from(attachmentPreviews)
    .innerJoin(attachments, eq(attachments.id, attachmentPreviews.attachmentId))
    .where(ofFile(sha256))
    .limit(1);
  return twin;
}

/**
 * Gives a just-stored attachment its preview state; call it inside the storing transaction.
 * Answers the status it now has.
 */
export async function startPreview(tx: Db, attachment: { id: number; mimeType: string; sha256: string | null }): Promise<PreviewStatus> {
  const set = async (previewStatus: PreviewStatus) => {
    await tx.update(attachments).set({ previewStatus }).where(eq(attachments.id, attachment.id));
    return previewStatus;
  };
  if (!canPreview(attachment.mimeType) || !attachment.sha256) return set('none');
  const sha256 = attachment.sha256;
  await lockFile(tx, sha256);
  const twin = await twinPreview(tx, sha256);
  if (twin) {
    await tx
      .insert(attachmentPreviews)
      .values({ ...twin, attachmentId: attachment.id })
      .onConflictDoNothing();
    return set('ready');
  }
  const [failedTwin] = await tx
    .select({ id: attachments.id })
    .from(attachments)
    .where(and(ofFile(sha256), eq(attachments.previewStatus, 'failed'), ne(attachments.id, attachment.id)))
    .limit(1);
  if (failedTwin) return set('failed');
  await enqueueJob(tx, { kind: PREVIEW_JOB, key: jobKey(sha256), payload: { sha256 } });
  return set('pending');
}

export interface PreviewState {
  mimeType: string;
  sha256: string | null;
  status: PreviewStatus;
  stored: boolean;
}

export async function previewState(db: Db, attachmentId: number): Promise<PreviewState | null> {
  const [row] = await db
    .select({
      mimeType: attachments.mimeType,
      sha256: attachments.sha256,
      status: attachments.previewStatus,
      stored: sql<boolean>`exists (select 1 from ${attachmentPreviews} p where p.attachment_id = ${attachments.id})`,
    })
    .from(attachments)
    .where(eq(attachments.id, attachmentId));
  return row ?? null;
}

/** Why a file's preview failed, as its job recorded it. */
export async function previewFailure(db: Db, sha256: string | null): Promise<string | null> {
  return sha256 ? ((await findJob(db, PREVIEW_JOB, jobKey(sha256)))?.lastError ?? null) : null;
}

/**
 * A previewable, not-failed attachment whose image is missing (a preview row lost after it
 * was ready, say): mark it pending again and make sure a job will produce it.
 */
export async function requestPreview(db: Db, attachmentId: number) {
  await db.transaction(async (tx) => {
    const [attachment] = await tx.select().from(attachments).where(eq(attachments.id, attachmentId));
    if (attachment && attachment.previewStatus !== 'failed') await startPreview(tx, attachment);
  });
}

/** The `preview` job: render one stored file in a document worker and give every pending attachment of it the image. */
export function previewJob(workers: DocumentWorkers): JobHandler {
  return {
    async run(payload, { db, signal }) {
      const sha256 = String(payload.sha256);
      const [pending] = await db
        .select({ mimeType: attachments.mimeType })
        .from(attachments)
        .where(and(ofFile(sha256), eq(attachments.previewStatus, 'pending')))
        .limit(1);
      if (!pending) return;
      const shared = await db.transaction(async (tx) => {
        await lockFile(tx, sha256);
        const twin = await twinPreview(tx, sha256);
        if (twin) await givePreview(tx, sha256, twin);
        return twin !== undefined;
      });
      if (shared) return;

      const page = await workOnStoredFile(db, workers, 'preview', { sha256, mimeType: pending.mimeType }, signal);
      const png = Buffer.from(page.png.buffer, page.png.byteOffset, page.png.byteLength);
      const unused = await db.transaction(async (tx) => {
        await lockFile(tx, sha256);
        const image = await putBuffer(tx, png);
        const given = await givePreview(tx, sha256, { mimeType: 'image/png', width: page.width, height: page.height, sha256: image.sha256 });
        return given === 0 ? image.sha256 : null;
      });
      // Every attachment of the file was deleted meanwhile: the image has no record.
      await releaseFiles(db, [unused]);
    },
    async resume(db) {
      const rows = await db
        .selectDistinct({ sha256: attachments.sha256 })
        .from(attachments)
        .where(and(eq(attachments.previewStatus, 'pending'), isNotNull(attachments.sha256), noOpenJob(PREVIEW_JOB, attachments.sha256)));
      for (const { sha256 } of rows) await enqueueJob(db, { kind: PREVIEW_JOB, key: jobKey(sha256!), payload: { sha256 } });
      return rows.length;
    },
    async failed(payload, _reason, tx) {
      const sha256 = String(payload.sha256);
      await lockFile(tx, sha256);
      await tx
        .update(attachments)
        .set({ previewStatus: 'failed' })
        .where(and(ofFile(sha256), eq(attachments.previewStatus, 'pending')));
    },
  };
}

/** The image for every pending attachment of the file; answers how many received it. */
async function givePreview(tx: Db, sha256: string, image: { mimeType: string; width: number; height: number; sha256: string }) {
  const waiting = await tx
    .update(attachments)
    .set({ previewStatus: 'ready' })
    .where(and(ofFile(sha256), eq(attachments.previewStatus, 'pending')))
    .returning({ id: attachments.id });
  for (const { id } of waiting)
    await tx
      .insert(attachmentPreviews)
      .values({ ...image, attachmentId: id })
      .onConflictDoNothing();
  return waiting.length;
}

/**
 * Waits (polling the database, so it also sees runners in other instances) until the
 * preview is ready or failed, or `timeoutMs` passes; answers the last state seen.
 */
export async function waitForPreview(db: Db, attachmentId: number, timeoutMs: number, signal?: AbortSignal): Promise<PreviewState | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await previewState(db, attachmentId);
    if (!state || state.status === 'failed' || state.stored || Date.now() >= deadline || signal?.aborted) return state;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
