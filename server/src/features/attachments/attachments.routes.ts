import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_ATTACHMENTS_PER_UPLOAD } from '../../../../common/limits';
import { MessageBody } from '../../../../common/contracts/errors';
import {
  ControlledCopyQuery,
  DocumentHtmlAnswer,
  PreviewFailedBody,
  PreviewRequestResult,
  UploadAttachmentsResult,
} from '../../../../common/contracts/attachments';
import { IdParams } from '../../../../common/contracts/sops';
import { sendStoredFile, storedFileRoute } from '../../files/send-file';
import { uploadedFileName } from '../../files/file-name';
import { discardTempFiles, type ReceivedFile, receiveUpload } from '../../files/temp-files';
import { badRequest, HttpError, unsupportedType } from '../../http/errors';
import { answers, ERROR_ANSWERS } from '../../http/responses';
import { rememberAtVersion } from '../../http/versioned-answer';
import { documentHtml, isConvertedToHtml } from './attachment-html.service';
import { findReadableAttachment } from './attachment-read.service';
import { assertAttachmentVisible, viewOf } from '../sops/sop-visibility.service';
import { reviewDay } from '../sops/sop-review-schedule.service';
import { askForPreview, previewImage } from './attachment-preview-request.service';
import { sendControlledCopy } from './controlled-copy.service';
import { type CheckedFile, checkAttachmentType, findVersionForUpload, storeAttachments } from './attachment-store.service';

export const attachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Multipart field `file`, repeated up to 5 times. One file answers the attachment; several, an array. */
  app.post(
    '/api/sop-versions/:id/attachments',
    { config: { access: 'sop.edit', upload: true }, schema: { params: IdParams, response: answers({ 201: UploadAttachmentsResult }) } },
    async (request, reply) => {
      const { actor } = request;
      const target = await findVersionForUpload(app.db, actor, request.params.id);
      if (!request.isMultipart()) throw badRequest('Send the files as multipart/form-data in the "file" field');

      // Every part is streamed to a temp file and checked before anything is stored: a refused
      // upload stores nothing (its temp files are removed).
      const files: CheckedFile[] = [];
      const received: ReceivedFile[] = [];
      try {
        for await (const part of request.files()) {
          if (part.fieldname !== 'file') {
            part.file.resume();
            throw badRequest(`Unexpected file field "${part.fieldname}"; send files in the "file" field`);
          }
          if (files.length === MAX_ATTACHMENTS_PER_UPLOAD) {
            part.file.resume();
            throw badRequest(`At most ${MAX_ATTACHMENTS_PER_UPLOAD} files can be uploaded at once`);
          }
          const file = await receiveUpload(part.file);
          received.push(file);
          files.push(checkAttachmentType({ file, originalName: uploadedFileName(part.fieldname, part.filename, 'file') }));
        }
        if (files.length === 0) throw badRequest('Choose at least one file to upload', undefined, 'file');
        const stored = await storeAttachments(app.db, actor, target, files);
        return reply.status(201).send(stored.length === 1 ? stored[0] : stored);
      } finally {
        await discardTempFiles(received);
      }
    },
  );

  app.get(
    '/api/attachments/:id/download',
    { ...storedFileRoute, config: { access: 'files.read' }, schema: { params: IdParams, response: ERROR_ANSWERS } },
    // A reader asks for the same file again (at each opening, from each device): the decision (may
    // this view read it, and which bytes) is remembered until the data version moves.
    async (request, reply) => {
      const { id } = request.params;
      const key = `file ${id} ${reviewDay()}-${viewOf(request.actor).key}`;
      const file = await rememberAtVersion(app.answerCache, key, request.dataVersion, () => findReadableAttachment(app.db, request.actor, id));
      return sendStoredFile(reply, file);
    },
  );

  /**
   * The reader's view of a Word (docx) file: its sanitised HTML (200), 202 while it is being
   * converted, 422 when it could not be. Read by exactly the rule of the download.
   */
  app.get(
    '/api/attachments/:id/html',
    { config: { access: 'files.read' }, schema: { params: IdParams, response: answers({ 200: DocumentHtmlAnswer, 202: MessageBody }) } },
    async (request, reply) => {
      const file = await findReadableAttachment(app.db, request.actor, request.params.id);
      if (!isConvertedToHtml(file.mimeType)) throw unsupportedType('The reader shows Word (docx) files as HTML; open this file with Download');
      const outcome = await documentHtml(app.db, file);
      if (outcome.status === 'ready') return { html: outcome.html };
      if (outcome.status === 'failed') {
        const reason = outcome.reason ? `: ${outcome.reason}` : '';
        throw new HttpError(422, `The document could not be prepared for reading${reason}. Use Download to open it.`, 'unreadable_document');
      }
      return reply.status(202).send({ message: 'The document is being prepared for reading; try again in a moment' });
    },
  );

  // A PDF of the version in force, stamped on every page for printing (409 for any other file).
  app.get(
    '/api/attachments/:id/controlled-copy',
    {
      ...storedFileRoute,
      config: { access: 'files.read', recordsAction: true },
      schema: { params: IdParams, querystring: ControlledCopyQuery, response: ERROR_ANSWERS },
    },
    async (request, reply) => {
      await assertAttachmentVisible(app.db, viewOf(request.actor), request.params.id);
      // Printed in the printer's language unless the address names another.
      return sendControlledCopy(app.db, app.documentWorkers, request.actor, request.params.id, reply, request.query.language ?? request.actor.language ?? 'en');
    },
  );

  app.get(
    '/api/attachments/:id/preview',
    { ...storedFileRoute, config: { access: 'files.read' }, schema: { params: IdParams, response: ERROR_ANSWERS } },
    async (request, reply) => sendStoredFile(reply, await previewImage(app.db, request.actor, request.params.id), 'inline'),
  );

  /**
   * Asks for the preview and waits (up to PREVIEW_WAIT_MS) for the job that renders it:
   * 200 when it is ready, 422 at once for a file whose preview failed (it is never rendered
   * again), 202 when it is still being made.
   */
  app.post(
    '/api/attachments/:id/preview',
    {
      config: { access: 'files.preview' },
      schema: { params: IdParams, response: answers({ 200: PreviewRequestResult, 202: PreviewRequestResult, 422: PreviewFailedBody }) },
    },
    async (request, reply) => {
      // The response closing before we answer means the client went away: stop waiting.
      const closed = new AbortController();
      reply.raw.once('close', () => closed.abort());
      const answer = await askForPreview(app.db, request.actor, request.params.id, closed.signal);
      if (answer.status === 'ready') return { message: 'Preview ready' };
      if (answer.status === 'failed') {
        const { reason } = answer;
        return reply.status(422).send({ message: 'The preview could not be generated', code: 'preview_failed', ...(reason ? { reason } : {}) });
      }
      return reply.status(202).send({ message: 'The preview is still being generated; try again in a moment' });
    },
  );
};
