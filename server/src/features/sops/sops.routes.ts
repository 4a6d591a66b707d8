import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateSopInput, CreateVersionInput, IdParams, ListSopsQuery, type SubmitSopResult, UpdateSopInput } from '../../../../common/contracts/sops';
import { requireUser } from '../../http/access';
import { getSopDetail } from './sop-detail.service';
import { listSopsJson } from './sop-list.service';
import { submitSop } from './sop-lifecycle.service';
import { toVersion } from './sop-mappers';
import { addVersion, createSop, deleteSop, updateSop } from './sop-write.service';

export const sopRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/sops', { config: { access: 'sop.read' }, schema: { querystring: ListSopsQuery } }, async (request, reply) => {
    return reply.type('application/json; charset=utf-8').send(await listSopsJson(app.db, request.query));
  });

  app.post('/api/sops', { config: { access: 'sop.create' }, schema: { body: CreateSopInput } }, async (request, reply) => {
    const actor = requireUser(request);
    const id = await createSop(app.db, actor, request.body);
    return reply.status(201).send(await getSopDetail(app.db, id));
  });

  app.get('/api/sops/:id', { config: { access: 'sop.read' }, schema: { params: IdParams } }, async (request) => {
    return getSopDetail(app.db, request.params.id);
  });

  app.put('/api/sops/:id', { schema: { params: IdParams, body: UpdateSopInput } }, async (request) => {
    const actor = requireUser(request);
    await updateSop(app.db, actor, request.params.id, request.body);
    return getSopDetail(app.db, request.params.id);
  });

  app.delete('/api/sops/:id', { config: { access: 'sop.delete' }, schema: { params: IdParams } }, async (request) => {
    const actor = requireUser(request);
    await deleteSop(app.db, actor, request.params.id);
    return { message: 'SOP deleted' };
  });

  app.post('/api/sops/:id/versions', { schema: { params: IdParams, body: CreateVersionInput } }, async (request, reply) => {
    const actor = requireUser(request);
    const version = await addVersion(app.db, actor, request.params.id, request.body);
    return reply.status(201).send(toVersion(version));
  });

  app.post('/api/sops/:id/submit', { schema: { params: IdParams } }, async (request) => {
    const actor = requireUser(request);
    const { taskId } = await submitSop(app.db, actor, request.params.id);
    const result: SubmitSopResult = { ...(await getSopDetail(app.db, request.params.id)), taskId, message: 'SOP submitted for approval' };
    return result;
  });
};
