import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../../common/contracts/sops';
import {
  COMPLIANCE_CSV_COLUMNS,
  ComplianceList,
  ComplianceQuery,
  MyReading,
  Notifications,
  PEOPLE_CSV_COLUMNS,
  PeopleCompliance,
  PeopleComplianceQuery,
  SopCompliance,
  SopReading,
} from '../../../../common/contracts/reading';
import { datedFileName, sendCsv, toCsv } from '../../http/csv';
import { ERROR_ANSWERS, answers } from '../../http/responses';
import { complianceList, sopCompliance } from './compliance.service';
import { notificationsFor } from './notifications.service';
import { peopleCompliance } from './people-compliance.service';
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

  app.get(
    '/api/compliance/export.csv',
    { schema: { querystring: ComplianceQuery, response: ERROR_ANSWERS }, config: { access: 'compliance.read' } },
    async (request, reply) => {
      const rows = await complianceList(app.db, request.query);
      const csv = toCsv(
        [...COMPLIANCE_CSV_COLUMNS],
        rows.map((r) => [
          r.sopId,
          r.title,
          r.department.name,
          r.versionNumber,
          r.required,
          r.attested,
          r.required - r.attested,
          percent(r.attested, r.required),
          r.withoutOpening,
        ]),
      );
      return sendCsv(reply, datedFileName('compliance'), csv);
    },
  );

  app.get(
    '/api/compliance/people',
    { schema: { querystring: PeopleComplianceQuery, response: answers({ 200: PeopleCompliance }) }, config: { access: 'compliance.read' } },
    async (request) => peopleCompliance(app.db, request.query),
  );

  app.get(
    '/api/compliance/people.csv',
    { schema: { querystring: PeopleComplianceQuery, response: ERROR_ANSWERS }, config: { access: 'compliance.read' } },
    async (request, reply) => {
      const people = await peopleCompliance(app.db, request.query);
      const csv = toCsv(
        [...PEOPLE_CSV_COLUMNS],
        people.map((p) => [
          p.id,
          p.lastName,
          p.firstName,
          p.department.name,
          p.required,
          p.attested,
          p.outstanding.length,
          p.withoutOpening,
          p.outstanding.map((o) => `${o.title} (v${o.versionNumber})`).join('; '),
        ]),
      );
      return sendCsv(reply, datedFileName('compliance-people'), csv);
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
