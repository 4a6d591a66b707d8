import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../../common/contracts/sops';
import {
  COMPLIANCE_CSV_COLUMNS,
  ComplianceList,
  ComplianceQuery,
  MyReading,
  Notifications,
  SopCompliance,
  SopReading,
} from '../../../../common/contracts/reading';
import { ERROR_ANSWERS, answers } from '../../http/responses';
import { complianceList, sopCompliance } from './compliance.service';
import { notificationsFor } from './notifications.service';
import { myReading, sopReading } from './reading.service';

/** Required reading, the office's compliance view and the bell. */
export const readingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/reading', { schema: { response: answers({ 200: MyReading }) }, config: { access: 'sop.read' } }, async (request) =>
    myReading(app.db, request.actor),
  );

  app.get('/api/sops/:id/reading', { schema: { params: IdParams, response: answers({ 200: SopReading }) }, config: { access: 'sop.read' } }, async (request) =>
    sopReading(app.db, request.actor, request.params.id),
  );

  app.get(
    '/api/sops/:id/compliance',
    { schema: { params: IdParams, response: answers({ 200: SopCompliance }) }, config: { access: 'compliance.read' } },
    async (request) => sopCompliance(app.db, request.params.id),
  );

  app.get(
    '/api/compliance',
    { schema: { querystring: ComplianceQuery, response: answers({ 200: ComplianceList }) }, config: { access: 'compliance.read' } },
    async (request) => complianceList(app.db, request.query),
  );

  // UTF-8 with a byte order mark and CRLF line ends, so Excel opens it as it is.
  app.get(
    '/api/compliance/export.csv',
    { schema: { querystring: ComplianceQuery, response: ERROR_ANSWERS }, config: { access: 'compliance.read' } },
    async (request, reply) => {
      const rows = await complianceList(app.db, request.query);
      const csv = stringify(
        rows.map((r) => [
          r.sopId,
          cell(r.title),
          cell(r.department.name),
          r.versionNumber,
          r.required,
          r.attested,
          r.required - r.attested,
          percent(r.attested, r.required),
        ]),
        { bom: true, record_delimiter: 'windows', header: true, columns: [...COMPLIANCE_CSV_COLUMNS] },
      );
      return sendCsv(reply, `compliance-${new Date().toISOString().slice(0, 10)}.csv`, csv);
    },
  );

  app.get('/api/notifications', { schema: { response: answers({ 200: Notifications }) }, config: { access: 'sop.read' } }, async (request) =>
    notificationsFor(app.db, request.actor),
  );
};

/** Whole percent of the audience that has attested; an SOP nobody must read counts as complete. */
export function percent(attested: number, required: number): number {
  return required === 0 ? 100 : Math.floor((attested / required) * 100);
}

/** A text cell Excel would run as a formula (=, +, -, @, tab, CR first) is written with a leading apostrophe. */
export function cell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function sendCsv(reply: FastifyReply, filename: string, csv: string) {
  return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(csv);
}
