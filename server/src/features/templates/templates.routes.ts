import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageBody } from '../../../../common/contracts/errors';
import { SopTemplate, SopTemplateList, TemplateIdParams, TemplateInput } from '../../../../common/contracts/templates';
import { answers } from '../../http/responses';
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from './templates.service';

/**
 * Whoever may create an SOP may start it from a template; only admins write them. On a ship
 * every write here is 409 office_only by the access funnel (`templates.manage` is the office's in ON_SHIP).
 */
export const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/templates', { schema: { response: answers({ 200: SopTemplateList }) }, config: { access: 'sop.create' } }, async () => listTemplates(app.db));

  app.post(
    '/api/templates',
    { schema: { body: TemplateInput, response: answers({ 201: SopTemplate }) }, config: { access: 'templates.manage' } },
    async (request, reply) => reply.status(201).send(await createTemplate(app.db, request.actor, request.body)),
  );

  app.put(
    '/api/templates/:id',
    { schema: { params: TemplateIdParams, body: TemplateInput, response: answers({ 200: SopTemplate }) }, config: { access: 'templates.manage' } },
    async (request) => updateTemplate(app.db, request.actor, request.params.id, request.body),
  );

  app.delete(
    '/api/templates/:id',
    { schema: { params: TemplateIdParams, response: answers({ 200: MessageBody }) }, config: { access: 'templates.manage' } },
    async (request) => {
      await deleteTemplate(app.db, request.actor, request.params.id);
      return { message: 'Template deleted' };
    },
  );
};
