import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditEvents, AuditExportQuery, AuditFacets, AuditQuery, AuditVerification, LastAuditVerification } from '../../../../common/contracts/audit';
import { sendCsv } from '../../http/csv';
import { answers, ERROR_ANSWERS } from '../../http/responses';
import { lastAuditVerification, verifyAuditChain } from './audit-chain.service';
import { AUDIT_EXPORT_COLUMNS, auditExportRows, auditFacets, listAuditEvents } from './audit-query.service';

/** The trail is append-only (the database refuses changes to it): this plugin only reads it. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/audit', { schema: { querystring: AuditQuery, response: answers({ 200: AuditEvents }) }, config: { access: 'audit.read' } }, async (request) => {
    return listAuditEvents(app.db, request.query);
  });

  app.get('/api/audit/facets', { schema: { response: answers({ 200: AuditFacets }) }, config: { access: 'audit.read' } }, async () => auditFacets(app.db));

  // Recomputes the hash chain over the whole trail; the answer is kept as the last verification.
  app.get('/api/audit/verify', { schema: { response: answers({ 200: AuditVerification }) }, config: { access: 'audit.read' } }, async () =>
    verifyAuditChain(app.db),
  );

  app.get('/api/audit/verification', { schema: { response: answers({ 200: LastAuditVerification }) }, config: { access: 'audit.read' } }, async () =>
    lastAuditVerification(app.db),
  );

  // The same filters as the screen; every matching event (up to AUDIT_EXPORT_MAX), not one page.
  app.get(
    '/api/audit/export.csv',
    { schema: { querystring: AuditExportQuery, response: ERROR_ANSWERS }, config: { access: 'audit.read' } },
    async (request, reply) => sendCsv(reply, 'audit-log', AUDIT_EXPORT_COLUMNS, await auditExportRows(app.db, request.query)),
  );
};
