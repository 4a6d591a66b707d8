import { eq } from 'drizzle-orm';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { Db } from '../../db/client';
import { attachmentPreviews, attachments, storedFiles } from '../../db/schema';
import type { FileToSend } from '../../files/send-file';
import { notFound, unsupportedType } from '../../http/errors';
import { wakeJobRunners } from '../../jobs/job-queue';
import { assertAttachmentVisible, viewOf } from '../sops/sop-visibility.service';
import { canPreview, previewFailure, previewState, requestPreview, waitForPreview } from './attachment-previews.service';

/** Long enough for an ordinary file on a busy machine, short enough for a request to wait. */
const PREVIEW_WAIT_MS = 20_000;

/** The rendered first-page image of an attachment this person may see, named after the file. */
export async function previewImage(db: Db, actor: SessionUser, attachmentId: number): Promise<FileToSend> {
  await assertAttachmentVisible(db, viewOf(actor), attachmentId, 'Preview not available');
  const [preview] = await db
    .select({ originalName: attachments.originalName, mimeType: attachmentPreviews.mimeType, sha256: attachmentPreviews.sha256, size: storedFiles.size })
    .from(attachmentPreviews)
    .innerJoin(attachments, eq(attachments.id, attachmentPreviews.attachmentId))
    .leftJoin(storedFiles, eq(storedFiles.sha256, attachmentPreviews.sha256))
    .where(eq(attachmentPreviews.attachmentId, attachmentId));
  if (!preview) throw notFound('Preview not available');
  return { ...preview, originalName: `${preview.originalName.replace(/\.[^.]+$/, '')}-preview.png` };
}

export type PreviewAnswer = { status: 'ready' } | { status: 'failed'; reason: string | null } | { status: 'pending' };

/**
 * Asks for the preview and waits (up to PREVIEW_WAIT_MS, or until `signal` says the client
 * went away) for the job that renders it. A file whose preview failed is never rendered
 * again: it answers 'failed' at once.
 */
export async function askForPreview(db: Db, actor: SessionUser, attachmentId: number, signal: AbortSignal): Promise<PreviewAnswer> {
  await assertAttachmentVisible(db, viewOf(actor), attachmentId);
  const state = await previewState(db, attachmentId);
  if (!state) throw notFound('Attachment not found');
  if (!canPreview(state.mimeType)) throw unsupportedType('Previews are available for PDF and Word (docx) files only');
  if (state.status !== 'failed' && !state.stored) {
    await requestPreview(db, attachmentId);
    wakeJobRunners();
  }
  const outcome = await waitForPreview(db, attachmentId, PREVIEW_WAIT_MS, signal);
  if (outcome?.stored) return { status: 'ready' };
  if (outcome?.status === 'failed' || outcome?.status === 'none') return { status: 'failed', reason: await previewFailure(db, state.sha256) };
  return { status: 'pending' };
}
