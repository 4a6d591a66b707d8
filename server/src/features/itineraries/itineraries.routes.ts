import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Itinerary, ItineraryIdParams, ItineraryList, ItineraryTable, ItineraryUploadFields } from '../../../../common/contracts/itineraries';
import { readable, storedFileByIdRoutes, uploading } from '../../files/file-routes';
import { badRequest } from '../../http/errors';
import { answers } from '../../http/responses';
import { withUploadParts } from '../../http/upload-parts';
import { deleteItinerary, findItineraryFile, itineraryTable, listItineraries, uploadItinerary } from './itineraries.service';

export const itineraryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/itineraries', { schema: { response: answers({ 200: ItineraryList }) }, config: readable }, async () => {
    return listItineraries(app.db);
  });

  app.post('/api/itineraries', { schema: { response: answers({ 201: Itinerary }) }, config: uploading }, async (request, reply) => {
    const { actor } = request;
    // Every part is read before deciding: a refused upload stores nothing.
    const itinerary = await withUploadParts(request, async ({ fields, files }) => {
      const parsed = ItineraryUploadFields.safeParse(fields);
      if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
      const chosen = files.filter((f) => f.fieldname === 'file');
      if (chosen.length === 0) throw badRequest('Please choose an itinerary file to upload');
      if (chosen.length > 1 || files.length > 1) throw badRequest('Upload one itinerary file at a time');
      return uploadItinerary(app.db, actor.id, parsed.data.uploadDate, chosen[0]);
    });
    return reply.status(201).send(itinerary);
  });

  app.get(
    '/api/itineraries/:id/table',
    { schema: { params: ItineraryIdParams, response: answers({ 200: ItineraryTable }) }, config: readable },
    async (request) => itineraryTable(app.db, app.documentWorkers, request.params.id),
  );

  storedFileByIdRoutes(app, '/api/itineraries', { params: ItineraryIdParams, find: findItineraryFile, remove: deleteItinerary });
};
