import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CircularDetailsInput, CircularIdParams, CircularList, CreateCircularInput, VesselAcknowledgement } from '../../../../common/contracts/circulars';
import { SopDetail } from '../../../../common/contracts/sops';
import { sendCsv } from '../../http/csv';
import { answers, ERROR_ANSWERS, NO_CONTENT } from '../../http/responses';
import { getSopDetail } from '../sops/sop-detail.service';
import { viewOf } from '../sops/sop-visibility.service';
import { CIRCULAR_CSV_HEADER, circularCsvRows, listCirculars } from './circular-register.service';
import { createCircular, updateCircularDetails } from './circulars.service';
import { acknowledgeForVessel } from './vessel-acknowledgement.service';

/**
 * Fleet circulars (decision 078). A circular is an SOP of kind 'circular': once created here
 * (numbered), its files, submission, review, reading and attestation use the SOP routes.
 */
export const circularRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/circulars', { schema: { response: answers({ 200: CircularList }) }, config: { access: 'sop.read' } }, async (request) =>
    listCirculars(app.db, request.actor, app.instance),
  );

  app.get('/api/circulars.csv', { schema: { response: ERROR_ANSWERS }, config: { access: 'sop.read' } }, async (request, reply) =>
    sendCsv(reply, 'circulars', CIRCULAR_CSV_HEADER, circularCsvRows(await listCirculars(app.db, request.actor, app.instance))),
  );

  app.post(
    '/api/circulars',
    { schema: { body: CreateCircularInput, response: answers({ 201: SopDetail }) }, config: { access: 'circulars.issue' } },
    async (request, reply) => {
      const { id } = await createCircular(app.db, request.actor, request.body);
      return reply.status(201).send(await getSopDetail(app.db, viewOf(request.actor), id));
    },
  );

  app.put(
    '/api/circulars/:id/details',
    { schema: { params: CircularIdParams, body: CircularDetailsInput, response: answers({ 204: NO_CONTENT }) }, config: { access: 'circulars.issue' } },
    async (request, reply) => {
      await updateCircularDetails(app.db, request.actor, request.params.id, request.body);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/circulars/:id/vessel-acknowledgement',
    {
      schema: { params: CircularIdParams, response: answers({ 200: VesselAcknowledgement, 201: VesselAcknowledgement }) },
      config: { access: 'circulars.acknowledge' },
    },
    async (request, reply) => {
      const { created, acknowledgement } = await acknowledgeForVessel(app.db, request.actor, app.instance, request.params.id);
      return reply.status(created ? 201 : 200).send(acknowledgement);
    },
  );
};
