import { eq } from 'drizzle-orm';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { Db } from '../../db/client';
import { attachments, storedFiles } from '../../db/schema';
import { notFound } from '../../http/errors';
import { assertAttachmentVisible, viewOf } from '../sops/sop-visibility.service';

/**
 * The one answer to "may this actor read this attachment's file?" (the SOPs' visibility rule, then the bytes), used by the download and
 * by every other view of the same bytes (the reader's HTML of a Word file), so they can never
 * disagree: 404 for an attachment that does not exist or whose bytes are gone.
 */
export async function findReadableAttachment(db: Db, actor: SessionUser, attachmentId: number) {
  // Both reads go out together (one wait at a busy database, not two); a refusal returns neither.
  const [, [file]] = await Promise.all([
    assertAttachmentVisible(db, viewOf(actor), attachmentId),
    db
      .select({ originalName: attachments.originalName, mimeType: attachments.mimeType, sha256: attachments.sha256, size: storedFiles.size })
      .from(attachments)
      .leftJoin(storedFiles, eq(storedFiles.sha256, attachments.sha256))
      .where(eq(attachments.id, attachmentId)),
  ]);
  if (!file?.sha256) throw notFound('Attachment not found');
  return { ...file, sha256: file.sha256 };
}
