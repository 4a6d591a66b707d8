import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VersionComparison } from '../../../../common/contracts/review-loop';
import { IdParams } from '../../../../common/contracts/sops';
import {
  BEHIND_CSV_COLUMNS,
  Behind,
  BehindQuery,
  COMPLIANCE_CSV_COLUMNS,
  ComplianceList,
  ComplianceQuery,
  MyReading,
  Notifications,
  PEOPLE_CSV_COLUMNS,
  PeopleCompliance,
  PeopleComplianceQuery,
  RemindDepartmentInput,
  RemindResult,
  SopCompliance,
  SopReading,
  VesselCompliance,
} from '../../../../common/contracts/reading';
import { sendCsv } from '../../http/csv';
import { ERROR_ANSWERS, answers } from '../../http/responses';
import { complianceExportRows, complianceList, sopCompliance } from './compliance.service';
import { notificationsFor } from './notifications.service';
import { linksFor } from '../mail/notify.service';
import { behind, behindExportRows, peopleCompliance, peopleComplianceExportRows, vesselCompliance } from './people-compliance.service';
import { remindDepartment, remindPerson } from './reading-nudges.service';
import { myReading, readingChanges, sopReading } from './reading.service';

/** Required reading, the office's compliance view and the bell. */
export const readingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/reading', { schema: { response: answers({ 200: MyReading }) }, config: { access: 'sop.read' } }, async (request) =>
    myReading(app.db, request.actor),
  );

  app.get('/api/sops/:id/reading', { schema: { params: IdParams, response: answers({ 200: SopReading }) }, config: { access: 'sop.read' } }, async (request) =>
    sopReading(app.db, request.actor, request.params.id),
  );

  app.get(
    '/api/sops/:id/reading/changes',
    { schema: { params: IdParams, response: answers({ 200: VersionComparison }) }, config: { access: 'sop.read' } },
    async (request) => readingChanges(app.db, request.actor, request.params.id),
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
    async (request, reply) => sendCsv(reply, 'compliance', COMPLIANCE_CSV_COLUMNS, await complianceExportRows(app.db, request.query)),
  );

  app.get(
    '/api/compliance/people',
    { schema: { querystring: PeopleComplianceQuery, response: answers({ 200: PeopleCompliance }) }, config: { access: 'compliance.read' } },
    async (request) => peopleCompliance(app.db, request.query),
  );

  app.get(
    '/api/compliance/people.csv',
    { schema: { querystring: PeopleComplianceQuery, response: ERROR_ANSWERS }, config: { access: 'compliance.read' } },
    async (request, reply) => sendCsv(reply, 'compliance-people', PEOPLE_CSV_COLUMNS, await peopleComplianceExportRows(app.db, request.query)),
  );

  app.get(
    '/api/compliance/behind',
    { schema: { querystring: BehindQuery, response: answers({ 200: Behind }) }, config: { access: 'compliance.read' } },
    async (request) => behind(app.db, request.query),
  );

  app.get(
    '/api/compliance/behind.csv',
    { schema: { querystring: BehindQuery, response: ERROR_ANSWERS }, config: { access: 'compliance.read' } },
    async (request, reply) => sendCsv(reply, 'compliance-behind', BEHIND_CSV_COLUMNS, await behindExportRows(app.db, request.query)),
  );

  app.get('/api/compliance/vessels', { schema: { response: answers({ 200: VesselCompliance }) }, config: { access: 'compliance.read' } }, async () =>
    vesselCompliance(app.db),
  );

  app.post(
    '/api/compliance/people/:id/remind',
    { schema: { params: IdParams, response: answers({ 200: RemindResult }) }, config: { access: 'compliance.remind' } },
    async (request) => remindPerson(app.db, linksFor(app.notifier, request), request.actor, request.params.id),
  );

  app.post(
    '/api/compliance/remind',
    { schema: { body: RemindDepartmentInput, response: answers({ 200: RemindResult }) }, config: { access: 'compliance.remind' } },
    async (request) => remindDepartment(app.db, linksFor(app.notifier, request), request.actor, request.body.departmentId),
  );

  app.get('/api/notifications', { schema: { response: answers({ 200: Notifications }) }, config: { access: 'sop.read' } }, async (request) =>
    notificationsFor(app.db, request.actor),
  );
};
