import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_ATTACHMENTS_PER_UPLOAD } from '../../../../common/limits';
import { IdParams } from '../../../../common/contracts/sops';
import { attachmentBlobs, attachmentPreviews, attachments } from '../../db/schema';
import { readUploadStream } from '../../files/read-upload';
import { sendBlob } from '../../files/send-file';
import { requireUser } from '../../http/access';
import { badRequest, HttpError, notFound, unsupportedType } from '../../http/errors';
import { canPreview, ensurePreview, schedulePreviews } from './attachment-previews.service';
import { type CheckedFile, checkAttachmentType, findVersionForUpload, storeAttachments } from './attachment-store.service';

export const attachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Multipart field `file`, repeated up to 5 times. One file answers the attachment; several, an array. */
  app.post('/api/sop-versions/:id/attachments', { schema: { params: IdParams } }, async (request, reply) => {
    const actor = requireUser(request);
    const target = await findVersionForUpload(app.db, actor, request.params.id);
    if (!request.isMultipart()) throw badRequest('Send the files as multipart/form-data in the "file" field');

    // Every part is read and checked before anything is written: a refused upload stores nothing.
    const files: CheckedFile[] = [];
    for await (const part of request.files()) {
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw badRequest(`Unexpected file field "${part.fieldname}"; send files in the "file" field`);
      }
      if (files.length === MAX_ATTACHMENTS_PER_UPLOAD) {
        part.file.resume();
        throw badRequest(`At most ${MAX_ATTACHMENTS_PER_UPLOAD} files can be uploaded at once`);
      }
      const data = await readUploadStream(part.file);
      files.push(checkAttachmentType({ data, originalName: part.filename || 'file' }));
    }
    if (files.length === 0) throw badRequest('file: choose at least one file to upload');

    const stored = await storeAttachments(app.db, actor, target, files);
    schedulePreviews(app.db, request.log, stored.map((a) => a.id), stored.map((a) => a.mimeType));
    return reply.status(201).send(stored.length === 1 ? stored[0] : stored);
  });

  app.get('/api/attachments/:id/download', { config: { access: 'files.read' }, schema: { params: IdParams } }, async (request, reply) => {
    const [file] = await app.db
      .select({ originalName: attachments.originalName, mimeType: attachments.mimeType, data: attachmentBlobs.data, checksum: attachmentBlobs.checksum })
      .from(attachments)
      .innerJoin(attachmentBlobs, eq(attachmentBlobs.attachmentId, attachments.id))
      .where(eq(attachments.id, request.params.id));
    if (!file) throw notFound('Attachment not found');
    return sendBlob(reply, file);
  });

  app.get('/api/attachments/:id/preview', { config: { access: 'files.read' }, schema: { params: IdParams } }, async (request, reply) => {
    const [preview] = await app.db
      .select({ originalName: attachments.originalName, mimeType: attachmentPreviews.mimeType, data: attachmentPreviews.data, checksum: attachmentPreviews.checksum })
      .from(attachmentPreviews)
      .innerJoin(attachments, eq(attachments.id, attachmentPreviews.attachmentId))
      .where(eq(attachmentPreviews.attachmentId, request.params.id));
    if (!preview) throw notFound('Preview not available');
    return sendBlob(reply, { ...preview, originalName: `${preview.originalName.replace(/\.[^.]+$/, '')}-preview.png` }, 'inline');
  });

  /** Renders the preview now (or waits for the background run) and says whether it exists. */
  app.post('/api/attachments/:id/preview', { config: { access: 'files.read' }, schema: { params: IdParams } }, async (request) => {
    const [attachment] = await app.db.select({ mimeType: attachments.mimeType }).from(attachments).where(eq(attachments.id, request.params.id));
    if (!attachment) throw notFound('Attachment not found');
    if (!canPreview(attachment.mimeType)) throw unsupportedType('Previews are available for PDF and Word (docx) files only');
    try {
      await ensurePreview(app.db, request.params.id);
    } catch (err) {
      request.log.warn({ err, attachmentId: request.params.id }, 'preview generation failed');
      throw new HttpError(422, 'The preview could not be generated');
    }
    return { message: 'Preview ready' };
  });
};
