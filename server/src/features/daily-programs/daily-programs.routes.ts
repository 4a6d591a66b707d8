import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DailyProgramHierarchy, DailyProgramIdParams, DailyProgramUploadFields, DailyProgramUploadResult } from '../../../../common/contracts/daily-programs';
import { sendStoredFile, storedFileRoute } from '../../files/send-file';
import { badRequest } from '../../http/errors';
import { answers, ERROR_ANSWERS, NO_CONTENT } from '../../http/responses';
import { deleteDailyProgramFile, findDailyProgramFile, listDailyProgramHierarchy, uploadDailyProgramDay } from './daily-programs.service';
import { withUploadParts } from '../../http/upload-parts';

/**
 * Every route repeats its error message in `error` (the client reads that field on uploads),
 * and declares its permission so 401/403 come before any upload is read.
 */
const readable = { errorField: true, access: 'files.read' } as const;
const manageable = { errorField: true, access: 'files.manage' } as const;
const uploading = { ...manageable, upload: true } as const;

export const dailyProgramRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/daily-programs/hierarchy', { schema: { response: answers({ 200: DailyProgramHierarchy }) }, config: readable }, async () => {
    return listDailyProgramHierarchy(app.db);
  });

  app.post('/api/daily-programs/batch', { schema: { response: answers({ 201: DailyProgramUploadResult }) }, config: uploading }, async (request, reply) => {
    const { actor } = request;
    // Every part is read before deciding: a refused upload stores nothing.
    const result = await withUploadParts(request, async ({ fields, files }) => {
      const parsed = DailyProgramUploadFields.safeParse(fields);
      if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
      return uploadDailyProgramDay(
        app.db,
        actor.id,
        parsed.data,
        files.filter((f) => f.fieldname === 'files'),
      );
    });
    return reply.status(201).send(result);
  });

  // Fastify answers HEAD on this GET route too; sendStoredFile answers it without reading bytes.
  app.get(
    '/api/daily-programs/:id/download',
    { ...storedFileRoute, config: readable, schema: { params: DailyProgramIdParams, response: ERROR_ANSWERS } },
    async (request, reply) => {
      return sendStoredFile(reply, await findDailyProgramFile(app.db, request.params.id));
    },
  );

  app.delete(
    '/api/daily-programs/:id',
    { config: manageable, schema: { params: DailyProgramIdParams, response: answers({ 204: NO_CONTENT }) } },
    async (request, reply) => {
      const { actor } = request;
      await deleteDailyProgramFile(app.db, actor.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
