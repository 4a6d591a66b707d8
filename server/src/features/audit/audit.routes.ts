import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditEvents, AuditQuery } from '../../../../common/contracts/audit';
import { answers } from '../../http/responses';
import { listAuditEvents } from './audit.query';

/** The trail is append-only (the database refuses changes to it): this plugin only reads it. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/audit', { schema: { querystring: AuditQuery, response: answers({ 200: AuditEvents }) }, config: { access: 'audit.read' } }, async (request) => {
    return listAuditEvents(app.db, request.query);
  });
};
