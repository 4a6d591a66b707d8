import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EffectiveQuery,
  ManualDetail,
  ManualEffective,
  ManualIdParams,
  ManualCopyJob,
  ManualCopyJobParams,
  ManualInput,
  ManualList,
  ManualRevisions,
  ManualStructureInput,
} from '../../../../common/contracts/manuals';
import { ControlledCopyQuery } from '../../../../common/contracts/attachments';
import { storedFileRoute } from '../../files/send-file';
import { sendCsv } from '../../http/csv';
import { answers, ERROR_ANSWERS } from '../../http/responses';
import {
  createManual,
  EFFECTIVE_CSV_HEADER,
  effectiveCsvRows,
  effectiveSections,
  getManual,
  listManuals,
  manualRevisions,
  putStructure,
} from './manuals.service';
import { sendManualCopy } from './manual-copy.service';
import { ManualCopyJobs } from './manual-copy-jobs.service';

/**
 * Manuals. Whoever reads SOPs reads manuals, each section by the SOP visibility rule; approvers
 * and admins create them and arrange their chapters. On a ship the writes are 409 office_only
 * (`manuals.manage` is the office's in ON_SHIP).
 */
export const manualRoutes: FastifyPluginAsyncZod = async (app) => {
  const copies = new ManualCopyJobs(app.db, app.documentWorkers);
  app.addHook('onClose', () => copies.close());

  app.get('/api/manuals', { schema: { response: answers({ 200: ManualList }) }, config: { access: 'sop.read' } }, async (request) =>
    listManuals(app.db, request.actor),
  );

  app.post(
    '/api/manuals',
    { schema: { body: ManualInput, response: answers({ 201: ManualDetail }) }, config: { access: 'manuals.manage' } },
    async (request, reply) => reply.status(201).send(await createManual(app.db, request.actor, request.body)),
  );

  app.get(
    '/api/manuals/:id',
    { schema: { params: ManualIdParams, response: answers({ 200: ManualDetail }) }, config: { access: 'sop.read' } },
    async (request) => getManual(app.db, request.actor, request.params.id),
  );

  app.put(
    '/api/manuals/:id/structure',
    { schema: { params: ManualIdParams, body: ManualStructureInput, response: answers({ 200: ManualDetail }) }, config: { access: 'manuals.manage' } },
    async (request) => putStructure(app.db, request.actor, request.params.id, request.body),
  );

  app.get(
    '/api/manuals/:id/effective',
    { schema: { params: ManualIdParams, querystring: EffectiveQuery, response: answers({ 200: ManualEffective }) }, config: { access: 'sop.read' } },
    async (request) => effectiveSections(app.db, request.actor, request.params.id, request.query.at),
  );

  app.get(
    '/api/manuals/:id/effective.csv',
    { schema: { params: ManualIdParams, querystring: EffectiveQuery, response: ERROR_ANSWERS }, config: { access: 'sop.read' } },
    async (request, reply) => {
      const effective = await effectiveSections(app.db, request.actor, request.params.id, request.query.at);
      return sendCsv(reply, `${effective.code}-effective-sections-${effective.at}`, EFFECTIVE_CSV_HEADER, effectiveCsvRows(effective));
    },
  );

  app.get(
    '/api/manuals/:id/revisions',
    { schema: { params: ManualIdParams, response: answers({ 200: ManualRevisions }) }, config: { access: 'sop.read' } },
    async (request) => manualRevisions(app.db, request.actor, request.params.id),
  );
  /** The manual as one PDF, stamped as today, in the printer's language unless the address names another. */
  app.get(
    '/api/manuals/:id/controlled-copy',
    {
      ...storedFileRoute,
      config: { access: 'files.read', recordsAction: true },
      schema: { params: ManualIdParams, querystring: ControlledCopyQuery, response: ERROR_ANSWERS },
    },
    async (request, reply) =>
      sendManualCopy(app.db, app.documentWorkers, request.actor, request.params.id, reply, request.query.language ?? request.actor.language ?? 'en'),
  );

  /** The same copy made in the background, for a large manual: started here, then followed and fetched below. */
  app.post(
    '/api/manuals/:id/controlled-copy-jobs',
    {
      config: { access: 'manuals.copy' },
      schema: { params: ManualIdParams, querystring: ControlledCopyQuery, response: answers({ 202: ManualCopyJob }) },
    },
    async (request, reply) =>
      reply.status(202).send(await copies.start(request.actor, request.params.id, request.query.language ?? request.actor.language ?? 'en')),
  );

  app.get(
    '/api/manual-copy-jobs/:jobId',
    { config: { access: 'files.read' }, schema: { params: ManualCopyJobParams, response: answers({ 200: ManualCopyJob }) } },
    async (request, reply) => reply.header('cache-control', 'no-store').send(copies.status(request.actor, request.params.jobId)),
  );

  app.get(
    '/api/manual-copy-jobs/:jobId/file',
    { ...storedFileRoute, config: { access: 'files.read' }, schema: { params: ManualCopyJobParams, response: ERROR_ANSWERS } },
    async (request, reply) => copies.send(request.actor, request.params.jobId, reply),
  );
};
