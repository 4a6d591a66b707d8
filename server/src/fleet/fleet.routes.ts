import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateVesselInput, FleetStatus, FleetVesselList, Vessel, VesselCodeParams, VesselDocumentList } from '../../../common/contracts/fleet';
import { sendCsv } from '../http/csv';
import { answers, ERROR_ANSWERS } from '../http/responses';
import { createVessel, findVessel, listFleetVessels, VESSEL_DOCUMENTS_CSV_COLUMNS, vesselDocumentRows, vesselDocuments } from './vessels.service';

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
    };
  });
};
