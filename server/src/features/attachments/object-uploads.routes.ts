import { and, eq, lt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { MAX_FILE_BYTES } from '../../../../common/limits';
import { CreateAttachmentInput } from '../../../../common/contracts/sops';
import { pendingUploads } from '../../db/schema';
import { sha256 } from '../../files/checksum';
import { readUploadStream } from '../../files/read-upload';
import { requireUser } from '../../http/access';
import { badRequest, notFound, payloadTooLarge } from '../../http/errors';
import { schedulePreviews } from './attachment-previews.service';
import { checkAttachmentType, findVersionForUpload, storeAttachments } from './attachment-store.service';

const UPLOAD_PATH = '/api/objects/uploads/';
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;
const UploadParams = z.object({ uploadId: z.uuid('Unknown upload URL') });

/** '/api/objects/uploads/<uuid>' (absolute or relative) to its id, or null. */
function uploadIdOf(fileURL: string): string | null {
  const pathname = fileURL.startsWith('/') ? fileURL : (() => {
    try {
      return new URL(fileURL).pathname;
    } catch {
      return '';
    }
  })();
  if (!pathname.startsWith(UPLOAD_PATH)) return null;
  const id = pathname.slice(UPLOAD_PATH.length).split(/[?#]/)[0];
  return UploadParams.safeParse({ uploadId: id }).success ? id : null;
}

/** Two-step uploads: reserve a URL, PUT the raw bytes to it, then attach them to a version. */
export const objectUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/objects/upload', { config: { access: 'sop.create' } }, async (request) => {
    const actor = requireUser(request);
    // Reservations never turned into attachments are dropped after a day.
    await app.db.delete(pendingUploads).where(lt(pendingUploads.createdAt, new Date(Date.now() - STALE_AFTER_MS)));
    const [row] = await app.db.insert(pendingUploads).values({ userId: actor.id }).returning({ id: pendingUploads.id });
    return { uploadURL: `${UPLOAD_PATH}${row.id}` };
  });

  // The PUT body is the file itself, whatever its type: read as a stream, limited while reading.
  await app.register(async (scope) => {
    const raw = scope.withTypeProvider<ZodTypeProvider>();
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    raw.put(`${UPLOAD_PATH}:uploadId`, { schema: { params: UploadParams } }, async (request) => {
      const actor = requireUser(request);
      const [pending] = await raw.db
        .select({ id: pendingUploads.id })
        .from(pendingUploads)
        .where(and(eq(pendingUploads.id, request.params.uploadId), eq(pendingUploads.userId, actor.id)));
      if (!pending) throw notFound('Unknown upload URL');
      if (Number(request.headers['content-length'] ?? 0) > MAX_FILE_BYTES) throw payloadTooLarge();
      const body = request.body as Readable | undefined;
      const data = body ? await readUploadStream(body) : Buffer.alloc(0);
      if (data.length === 0) throw badRequest('The uploaded file is empty');
      await raw.db.update(pendingUploads).set({ data, checksum: sha256(data), size: data.length }).where(eq(pendingUploads.id, pending.id));
      return { message: 'File received', size: data.length };
    });
  });

  app.post('/api/attachments', { schema: { body: CreateAttachmentInput } }, async (request, reply) => {
    const actor = requireUser(request);
    const uploadId = uploadIdOf(request.body.fileURL);
    if (!uploadId) throw badRequest('fileURL: not an upload URL from this server');
    const target = await findVersionForUpload(app.db, actor, request.body.versionId);
    const [pending] = await app.db
      .select()
      .from(pendingUploads)
      .where(and(eq(pendingUploads.id, uploadId), eq(pendingUploads.userId, actor.id)));
    if (!pending) throw notFound('Unknown upload URL');
    if (!pending.data) throw badRequest('fileURL: no file has been uploaded to this URL yet');
    // The client's mimeType is ignored: the type comes from the bytes.
    const file = checkAttachmentType({ data: pending.data, originalName: request.body.originalName });
    const [stored] = await storeAttachments(app.db, actor, target, [file], {
      fileURL: request.body.fileURL,
      within: async (tx) => {
        await tx.delete(pendingUploads).where(eq(pendingUploads.id, uploadId));
      },
    });
    schedulePreviews(app.db, request.log, [stored.id], [stored.mimeType]);
    return reply.status(201).send(stored);
  });
};
