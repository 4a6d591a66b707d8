import { and, eq, lt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { MAX_FILE_BYTES } from '../../../../common/limits';
import { Attachment, CreateAttachmentInput, UploadReceived, UploadUrlResult } from '../../../../common/contracts/sops';
import type { Db } from '../../db/client';
import { pendingUploads } from '../../db/schema';
import { putFile, readHead, releaseFiles } from '../../files/store';
import { discardTempFiles, HEAD_BYTES, receiveUpload } from '../../files/temp-files';
import { badRequest, notFound, payloadTooLarge } from '../../http/errors';
import { answers } from '../../http/responses';
import { checkAttachmentType, findVersionForUpload, storeAttachments } from './attachment-store.service';

const UPLOAD_PATH = '/api/objects/uploads/';
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;
const UploadParams = z.object({ uploadId: z.uuid('Unknown upload URL') });
const OWN_UPLOAD_PATH = /^\/api\/objects\/uploads\/([0-9A-Fa-f-]{36})$/;

/**
 * The upload id of one of this server's own upload URLs, or null. Accepted: the path
 * `/api/objects/uploads/<uuid>` as POST /api/objects/upload hands it out, or that path on
 * this very origin (http or https, the request's host). Anything else is refused, however
 * its path ends: `javascript:/api/objects/uploads/<id>`, `data:`, another host, `//host/...`,
 * credentials, a query or a fragment.
 */
function ownUploadId(fileURL: string, requestHost: string): string | null {
  let pathname = fileURL;
  if (!fileURL.startsWith('/')) {
    let url: URL;
    try {
      url = new URL(fileURL);
    } catch {
      return null;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password || url.search || url.hash) return null;
    // Compare hosts as URL writes them (lower case, default port dropped).
    if (url.host !== new URL(`${url.protocol}//${requestHost}`).host) return null;
    pathname = url.pathname;
  }
  const match = OWN_UPLOAD_PATH.exec(pathname);
  return match && UploadParams.safeParse({ uploadId: match[1] }).success ? match[1].toLowerCase() : null;
}

/** Reservations never turned into attachments are dropped after a day, with their bytes. */
async function dropStaleReservations(db: Db) {
  const dropped = await db
    .delete(pendingUploads)
    .where(lt(pendingUploads.createdAt, new Date(Date.now() - STALE_AFTER_MS)))
    .returning({ sha256: pendingUploads.sha256 });
  await releaseFiles(
    db,
    dropped.map((d) => d.sha256),
  );
}

/** Two-step uploads: reserve a URL, PUT the raw bytes to it, then attach them to a version. */
export const objectUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/objects/upload', { schema: { response: answers({ 200: UploadUrlResult }) }, config: { access: 'sop.create' } }, async (request) => {
    await dropStaleReservations(app.db);
    const [row] = await app.db.insert(pendingUploads).values({ userId: request.actor.id }).returning({ id: pendingUploads.id });
    return { uploadURL: `${UPLOAD_PATH}${row.id}` };
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
        const [pending] = await raw.db
          .select({ id: pendingUploads.id })
          .from(pendingUploads)
          .where(and(eq(pendingUploads.id, request.params.uploadId), eq(pendingUploads.userId, actor.id)));
        if (!pending) throw notFound('Unknown upload URL');
        if (Number(request.headers['content-length'] ?? 0) > MAX_FILE_BYTES) throw payloadTooLarge();
        const body = request.body as Readable | undefined;
        if (!body) throw badRequest('The uploaded file is empty');
        const file = await receiveUpload(body);
        try {
          if (file.size === 0) throw badRequest('The uploaded file is empty');
          // A second PUT to the same URL replaces the first file.
          const replaced = await raw.db.transaction(async (tx) => {
            const [before] = await tx.select({ sha256: pendingUploads.sha256 }).from(pendingUploads).where(eq(pendingUploads.id, pending.id)).for('update');
            await putFile(tx, file.path, file);
            await tx.update(pendingUploads).set({ sha256: file.sha256, size: file.size }).where(eq(pendingUploads.id, pending.id));
            return before?.sha256;
          });
          await releaseFiles(raw.db, [replaced]);
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
      if (!uploadId) throw badRequest('fileURL: File URL must be an upload URL from this server (/api/objects/uploads/...)');
      const target = await findVersionForUpload(app.db, actor, request.body.versionId);
      const [pending] = await app.db
        .select()
        .from(pendingUploads)
        .where(and(eq(pendingUploads.id, uploadId), eq(pendingUploads.userId, actor.id)));
      if (!pending) throw notFound('Unknown upload URL');
      if (!pending.sha256 || pending.size === null) throw badRequest('fileURL: no file has been uploaded to this URL yet');
      // The client's mimeType is ignored: the type comes from the bytes.
      const head = await readHead(app.db, pending.sha256, HEAD_BYTES);
      const file = checkAttachmentType({ file: { sha256: pending.sha256, size: pending.size, head }, originalName: request.body.originalName });
      const [stored] = await storeAttachments(app.db, actor, target, [file], {
        // The canonical path, never the string as sent.
        fileURL: `${UPLOAD_PATH}${uploadId}`,
        within: async (tx) => {
          await tx.delete(pendingUploads).where(eq(pendingUploads.id, uploadId));
        },
      });
      return reply.status(201).send(stored);
    },
  );
};
