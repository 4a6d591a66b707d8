import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Itinerary, ItineraryIdParams, ItineraryList, ItineraryUploadFields } from '../../../../common/contracts/itineraries';
import { sendStoredFile, storedFileRoute } from '../../files/send-file';
import { badRequest } from '../../http/errors';
import { answers, ERROR_ANSWERS, NO_CONTENT } from '../../http/responses';
import { withUploadParts } from '../../http/upload-parts';
import { deleteItinerary, findItineraryFile, listItineraries, uploadItinerary } from './itineraries.service';

/**
 * Every route repeats its error message in `error` (the client reads that field on uploads),
 * and declares its permission so 401/403 come before any upload is read.
 */
const readable = { errorField: true, access: 'files.read' } as const;
const manageable = { errorField: true, access: 'files.manage' } as const;
const uploading = { ...manageable, upload: true } as const;

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

  // Fastify answers HEAD on this GET route too; sendStoredFile answers it without reading bytes.
  app.get(
    '/api/itineraries/:id/download',
    { ...storedFileRoute, config: readable, schema: { params: ItineraryIdParams, response: ERROR_ANSWERS } },
    async (request, reply) => {
      return sendStoredFile(reply, await findItineraryFile(app.db, request.params.id));
    },
  );

  app.delete(
    '/api/itineraries/:id',
    { config: manageable, schema: { params: ItineraryIdParams, response: answers({ 204: NO_CONTENT }) } },
    async (request, reply) => {
      const { actor } = request;
      await deleteItinerary(app.db, actor.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
