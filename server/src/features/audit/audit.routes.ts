import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditEvents, AuditExportQuery, AuditFacets, AuditQuery } from '../../../../common/contracts/audit';
import { datedFileName, sendCsv, toCsv } from '../../http/csv';
import { answers, ERROR_ANSWERS } from '../../http/responses';
import { AUDIT_EXPORT_COLUMNS, auditExportRows, auditFacets, listAuditEvents } from './audit.query';

/** The trail is append-only (the database refuses changes to it): this plugin only reads it. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/audit', { schema: { querystring: AuditQuery, response: answers({ 200: AuditEvents }) }, config: { access: 'audit.read' } }, async (request) => {
    return listAuditEvents(app.db, request.query);
  });

  app.get('/api/audit/facets', { schema: { response: answers({ 200: AuditFacets }) }, config: { access: 'audit.read' } }, async () => auditFacets(app.db));

  // The same filters as the screen; every matching event (up to AUDIT_EXPORT_MAX), not one page.
  app.get(
    '/api/audit/export.csv',
    { schema: { querystring: AuditExportQuery, response: ERROR_ANSWERS }, config: { access: 'audit.read' } },
    async (request, reply) => {
      const rows = await auditExportRows(app.db, request.query);
      return sendCsv(reply, datedFileName('audit-log'), toCsv([...AUDIT_EXPORT_COLUMNS], rows));
    },
  );
};
