import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DailyProgramHierarchy, DailyProgramIdParams, DailyProgramUploadFields, DailyProgramUploadResult } from '../../../../common/contracts/daily-programs';
import { readable, storedFileByIdRoutes, uploading } from '../../files/file-routes';
import { badRequest } from '../../http/errors';
import { answers } from '../../http/responses';
import { deleteDailyProgramFile, findDailyProgramFile, listDailyProgramHierarchy, uploadDailyProgramDay } from './daily-programs.service';
import { withUploadParts } from '../../http/upload-parts';

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

  storedFileByIdRoutes(app, '/api/daily-programs', { params: DailyProgramIdParams, find: findDailyProgramFile, remove: deleteDailyProgramFile });
};
