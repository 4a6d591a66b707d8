import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateSopInput, CreateVersionInput, IdParams, ListSopsQuery, type SubmitSopResult, UpdateSopInput } from '../../../../common/contracts/sops';
import { sendVersionedJson } from '../../http/versioned-answer';
import { getSopDetail } from './sop-detail.service';
import { listSopsJson } from './sop-list.service';
import { submitSop } from './sop-lifecycle.service';
import { reviewDay } from './sop-review-schedule';
import { toVersion } from './sop-mappers';
import { addVersion, createSop, deleteSop, updateSop } from './sop-write.service';

export const sopRoutes: FastifyPluginAsyncZod = async (app) => {
  // Both reads answer from the versioned cache (ETag, 304, one build and compression per
  // data version), so they skip the app's compression.
  app.get('/api/sops', { config: { access: 'sop.read' }, compress: false, schema: { querystring: ListSopsQuery } }, async (request, reply) => {
    const { query } = request;
    // Review statuses depend on the day as well as the data: the day joins the tag.
    const today = reviewDay();
    return sendVersionedJson(app.answerCache, app.db, request, reply, { key: `list ${JSON.stringify(query)}`, scope: today, build: () => listSopsJson(app.db, { ...query, today }) });
  });

  app.post('/api/sops', { config: { access: 'sop.create' }, schema: { body: CreateSopInput } }, async (request, reply) => {
    const id = await createSop(app.db, request.actor, request.body);
    return reply.status(201).send(await getSopDetail(app.db, id));
  });

  app.get('/api/sops/:id', { config: { access: 'sop.read' }, compress: false, schema: { params: IdParams } }, async (request, reply) => {
    const { id } = request.params;
    const today = reviewDay();
    return sendVersionedJson(app.answerCache, app.db, request, reply, { key: `sop ${id}`, scope: today, build: async () => JSON.stringify(await getSopDetail(app.db, id, today)) });
  });

  app.put('/api/sops/:id', { config: { access: 'sop.edit' }, schema: { params: IdParams, body: UpdateSopInput } }, async (request) => {
    await updateSop(app.db, request.actor, request.params.id, request.body);
    return getSopDetail(app.db, request.params.id);
  });

  app.delete('/api/sops/:id', { config: { access: 'sop.delete' }, schema: { params: IdParams } }, async (request) => {
    await deleteSop(app.db, request.actor, request.params.id);
    return { message: 'SOP deleted' };
  });

  app.post('/api/sops/:id/versions', { config: { access: 'sop.edit' }, schema: { params: IdParams, body: CreateVersionInput } }, async (request, reply) => {
    const version = await addVersion(app.db, request.actor, request.params.id, request.body);
    return reply.status(201).send(toVersion(version));
  });

  app.post('/api/sops/:id/submit', { config: { access: 'sop.submit' }, schema: { params: IdParams } }, async (request) => {
    const { taskId } = await submitSop(app.db, request.actor, request.params.id);
    const result: SubmitSopResult = { ...(await getSopDetail(app.db, request.params.id)), taskId, message: 'SOP submitted for approval' };
    return result;
  });
};
