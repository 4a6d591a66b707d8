import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DailyProgramIdParams, DailyProgramUploadFields } from '../../../../common/contracts/daily-programs';
import { sendBlob } from '../../files/send-file';
import { requireUser } from '../../http/access';
import { badRequest } from '../../http/errors';
import { deleteDailyProgramFile, findDailyProgramFile, listDailyProgramHierarchy, uploadDailyProgramDay } from './daily-programs.service';
import { collectUploadParts } from './upload-parts';

/**
 * Every route repeats its error message in `error` (the client reads that field on uploads),
 * and declares its permission so 401/403 come before any upload is read.
 */
const readable = { errorField: true, access: 'files.read' } as const;
const manageable = { errorField: true, access: 'files.manage' } as const;

export const dailyProgramRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/daily-programs/hierarchy', { config: readable }, async (request) => {
    return listDailyProgramHierarchy(app.db);
  });

  app.post('/api/daily-programs/batch', { config: manageable }, async (request, reply) => {
    const actor = requireUser(request);
    // Every part is read before deciding: a refused upload stores nothing.
    const { fields, files } = await collectUploadParts(request);
    const parsed = DailyProgramUploadFields.safeParse(fields);
    if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
    const result = await uploadDailyProgramDay(app.db, actor.id, parsed.data, files.filter((f) => f.fieldname === 'files'));
    return reply.status(201).send(result);
  });

  // Fastify answers HEAD on this GET route too; sendBlob leaves the body out for it.
  app.get('/api/daily-programs/:id/download', { config: readable, schema: { params: DailyProgramIdParams } }, async (request, reply) => {
    return sendBlob(reply, await findDailyProgramFile(app.db, request.params.id));
  });

  app.delete('/api/daily-programs/:id', { config: manageable, schema: { params: DailyProgramIdParams } }, async (request, reply) => {
    const actor = requireUser(request);
    await deleteDailyProgramFile(app.db, actor.id, request.params.id);
    return reply.status(204).send();
  });
};
