import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateVesselInput,
  FleetStatus,
  FleetVesselList,
  SetAsideMessageList,
  SetAsideParams,
  SetAsideRetryAnswer,
  Vessel,
  VesselCodeParams,
  VesselDocumentList,
} from '../../../../common/contracts/fleet';
import { sendCsv } from '../../http/csv';
import { answers, ERROR_ANSWERS, NO_CONTENT } from '../../http/responses';
import {
  createVessel,
  discardSetAsideMessage,
  findVessel,
  listFleetVessels,
  retrySetAsideMessage,
  setAsideMessages,
  VESSEL_DOCUMENTS_CSV_COLUMNS,
  vesselDocumentRows,
  vesselDocuments,
} from './vessels.service';

export const fleetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/vessels',
    { schema: { body: CreateVesselInput, response: answers({ 201: Vessel }) }, config: { access: 'vessels.manage' } },
    async (request, reply) => reply.status(201).send(await createVessel(app.db, request.actor, request.body)),
  );

  app.get('/api/fleet/vessels', { schema: { response: answers({ 200: FleetVesselList }) }, config: { access: 'fleet.read' } }, async () =>
    listFleetVessels(app.db),
  );

  app.get(
    '/api/fleet/vessels/:code/documents',
    { schema: { params: VesselCodeParams, response: answers({ 200: VesselDocumentList }) }, config: { access: 'fleet.read' } },
    async (request) => vesselDocuments(app.db, request.params.code),
  );

  app.get(
    '/api/fleet/vessels/:code/documents.csv',
    { schema: { params: VesselCodeParams, response: ERROR_ANSWERS }, config: { access: 'fleet.read' } },
    async (request, reply) =>
      sendCsv(reply, `on-board-${request.params.code}`, VESSEL_DOCUMENTS_CSV_COLUMNS, await vesselDocumentRows(app.db, request.params.code)),
  );

  app.get(
    '/api/fleet/vessels/:code/set-aside',
    { schema: { params: VesselCodeParams, response: answers({ 200: SetAsideMessageList }) }, config: { access: 'vessels.manage' } },
    async (request) => setAsideMessages(app.db, request.params.code),
  );

  app.post(
    '/api/fleet/vessels/:code/set-aside/:id/retry',
    { schema: { params: SetAsideParams, response: answers({ 200: SetAsideRetryAnswer }) }, config: { access: 'vessels.manage' } },
    async (request) => retrySetAsideMessage(app.db, request.actor, request.params.code, request.params.id),
  );

  app.post(
    '/api/fleet/vessels/:code/set-aside/:id/discard',
    { schema: { params: SetAsideParams, response: answers({ 204: NO_CONTENT }) }, config: { access: 'vessels.manage' } },
    async (request, reply) => {
      await discardSetAsideMessage(app.db, request.actor, request.params.code, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get('/api/fleet/status', { schema: { response: answers({ 200: FleetStatus }) }, config: { access: 'sop.read' } }, async () => {
    const { instance, fleetLink } = app;
    const vessel = instance.kind === 'ship' ? await findVessel(app.db, instance.vessel) : undefined;
    return {
      role: instance.kind,
      // The register reaches a ship with the office's records; until then the code is all it knows.
      vessel: instance.kind === 'ship' ? { code: instance.vessel, name: vessel?.name ?? instance.vessel } : null,
      connected: fleetLink.connected(),
      lastContactAt: fleetLink.lastContactAt(),
      waiting: { toSend: await fleetLink.waitingToSend() },
      problem: fleetLink.problem(),
      link: fleetLink.link(),
    };
  });
};
