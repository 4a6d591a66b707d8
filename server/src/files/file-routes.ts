import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { idParams } from '../../../common/contracts/fields';
import type { Db } from '../db/client';
import { answers, ERROR_ANSWERS, NO_CONTENT } from '../http/responses';
import { type FileToSend, sendStoredFile, storedFileRoute } from './send-file';

/**
 * Every file route repeats its error message in `error` (the client reads that field on uploads),
 * and declares its permission so 401/403 come before any upload is read.
 */
export const readable = { errorField: true, access: 'files.read' } as const;
export const manageable = { errorField: true, access: 'files.manage' } as const;
export const uploading = { ...manageable, upload: true } as const;

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The download and delete routes of one kind of stored file, at `${base}/:id/download` and
 * `${base}/:id`: the same permissions, answers and streaming for every kind.
 */
export function storedFileByIdRoutes(
  app: ZodApp,
  base: string,
  kind: {
    params: ReturnType<typeof idParams>;
    find: (db: Db, id: number) => Promise<FileToSend>;
    remove: (db: Db, actorId: number, id: number) => Promise<void>;
  },
) {
  // Fastify answers HEAD on this GET route too; sendStoredFile answers it without reading bytes.
  app.get(
    `${base}/:id/download`,
    { ...storedFileRoute, config: readable, schema: { params: kind.params, response: ERROR_ANSWERS } },
    async (request, reply) => {
      return sendStoredFile(reply, await kind.find(app.db, request.params.id));
    },
  );

  app.delete(`${base}/:id`, { config: manageable, schema: { params: kind.params, response: answers({ 204: NO_CONTENT }) } }, async (request, reply) => {
    const { actor } = request;
    await kind.remove(app.db, actor.id, request.params.id);
    return reply.status(204).send();
  });
}
