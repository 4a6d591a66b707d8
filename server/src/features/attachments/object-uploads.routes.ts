import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { MAX_FILE_BYTES } from '../../../../common/limits';
import { Attachment, CreateAttachmentInput, UploadReceived, UploadUrlResult } from '../../../../common/contracts/attachments';
import { discardTempFiles, receiveUpload } from '../../files/temp-files';
import { badRequest, payloadTooLarge } from '../../http/errors';
import { answers } from '../../http/responses';
import { findVersionForUpload, storeAttachments } from './attachment-store.service';
import {
  assertOwnReservation,
  dropReservation,
  keepReservedBytes,
  ownUploadId,
  reserveUpload,
  reservedFile,
  UPLOAD_PATH,
  UploadParams,
} from './object-uploads.service';

/** Two-step uploads: reserve a URL, PUT the raw bytes to it, then attach them to a version. */
export const objectUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/objects/upload', { schema: { response: answers({ 200: UploadUrlResult }) }, config: { access: 'sop.create' } }, async (request) => {
    return { uploadURL: await reserveUpload(app.db, request.actor.id) };
  });

  // The PUT body is the file itself, whatever its type: read as a stream, limited while reading.
  await app.register(async (scope) => {
    const raw = scope.withTypeProvider<ZodTypeProvider>();
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    raw.put(
      `${UPLOAD_PATH}:uploadId`,
      { config: { access: 'sop.create', upload: true }, schema: { params: UploadParams, response: answers({ 200: UploadReceived }) } },
      async (request) => {
        const { actor } = request;
        await assertOwnReservation(raw.db, actor.id, request.params.uploadId);
        if (Number(request.headers['content-length'] ?? 0) > MAX_FILE_BYTES) throw payloadTooLarge();
        const body = request.body as Readable | undefined;
        if (!body) throw badRequest('The uploaded file is empty');
        const file = await receiveUpload(body);
        try {
          if (file.size === 0) throw badRequest('The uploaded file is empty');
          await keepReservedBytes(raw.db, request.params.uploadId, file);
        } finally {
          await discardTempFiles([file]);
        }
        return { message: 'File received', size: file.size };
      },
    );
  });

  app.post(
    '/api/attachments',
    { config: { access: 'sop.edit' }, schema: { body: CreateAttachmentInput, response: answers({ 201: Attachment }) } },
    async (request, reply) => {
      const { actor } = request;
      const uploadId = ownUploadId(request.body.fileURL, request.host);
      if (!uploadId) throw badRequest('File URL must be an upload URL from this server (/api/objects/uploads/...)', undefined, 'fileURL');
      const target = await findVersionForUpload(app.db, actor, request.body.versionId);
      const file = await reservedFile(app.db, actor, uploadId, request.body.originalName);
      const [stored] = await storeAttachments(app.db, actor, target, [file], {
        // The canonical path, never the string as sent.
        fileURL: `${UPLOAD_PATH}${uploadId}`,
        within: (tx) => dropReservation(tx, uploadId),
      });
      return reply.status(201).send(stored);
    },
  );
};
