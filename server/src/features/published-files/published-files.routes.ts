import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { idParams } from '../../../../common/contracts/fields';
import { DailyProgramHierarchy, DailyProgramIdParams, DailyProgramUploadFields, DailyProgramUploadResult } from '../../../../common/contracts/daily-programs';
import { Itinerary, ItineraryIdParams, ItineraryList, ItineraryTable, ItineraryUploadFields } from '../../../../common/contracts/itineraries';
import type { Db } from '../../db/client';
import { readable, storedFileByIdRoutes, uploading } from '../../files/file-routes';
import { badRequest } from '../../http/errors';
import { answers } from '../../http/responses';
import { sendVersionedJson } from '../../http/versioned-answer';
import { type UploadedFile, withUploadParts } from '../../http/upload-parts';
import { DAILY_PROGRAM_FILES, listDailyProgramHierarchy, uploadDailyProgramParts } from './daily-programs.service';
import { ITINERARY_FILES, itineraryTableReader, listItineraries, uploadItineraryParts } from './itineraries.service';
import { deletePublishedFile, findPublishedFile, type PublishedFileKind } from './published-files.service';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** What differs between the published kinds' routes: the paths, the upload's fields and how it is stored, the answers. */
interface PublishedRoutes<Fields extends z.ZodType, Uploaded extends z.ZodType, Listed extends z.ZodType> {
  base: string;
  list: { path: string; answer: Listed; read: (db: Db) => Promise<z.output<Listed>> };
  upload: {
    path: string;
    fields: Fields;
    answer: Uploaded;
    store: (db: Db, actorId: number, fields: z.output<Fields>, files: UploadedFile[]) => Promise<z.output<Uploaded>>;
  };
  params: ReturnType<typeof idParams>;
  // biome-ignore lint/suspicious/noExplicitAny: each kind names its own table; the routes only pass it on.
  file: PublishedFileKind<any>;
}

/** The list, upload, download and delete routes of one published kind, the same permissions and answers for each. */
function publishedRoutes<F extends z.ZodType, U extends z.ZodType, L extends z.ZodType>(app: ZodApp, kind: PublishedRoutes<F, U, L>) {
  // The kind's own generics already tie each answer to its schema; the routes see them as schemas alone.
  const listed: z.ZodType = kind.list.answer;
  const uploaded: z.ZodType = kind.upload.answer;
  app.get(kind.list.path, { schema: { response: answers({ 200: listed }) }, config: readable }, async () => kind.list.read(app.db));

  app.post(kind.upload.path, { schema: { response: answers({ 201: uploaded }) }, config: uploading }, async (request, reply) => {
    const { actor } = request;
    // Every part is read before deciding: a refused upload stores nothing.
    const stored = await withUploadParts(request, async ({ fields, files }) => {
      const parsed = kind.upload.fields.safeParse(fields);
      if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
      return kind.upload.store(app.db, actor.id, parsed.data, files);
    });
    return reply.status(201).send(stored);
  });

  storedFileByIdRoutes(app, kind.base, {
    params: kind.params,
    find: (db, id) => findPublishedFile(db, kind.file, id),
    remove: (db, actorId, id) => deletePublishedFile(db, kind.file, actorId, id),
  });
}

export const publishedFileRoutes: FastifyPluginAsyncZod = async (app) => {
  publishedRoutes(app, {
    base: '/api/daily-programs',
    list: { path: '/api/daily-programs/hierarchy', answer: DailyProgramHierarchy, read: (db) => listDailyProgramHierarchy(db) },
    upload: { path: '/api/daily-programs/batch', fields: DailyProgramUploadFields, answer: DailyProgramUploadResult, store: uploadDailyProgramParts },
    params: DailyProgramIdParams,
    file: DAILY_PROGRAM_FILES,
  });

  publishedRoutes(app, {
    base: '/api/itineraries',
    list: { path: '/api/itineraries', answer: ItineraryList, read: (db) => listItineraries(db) },
    upload: { path: '/api/itineraries', fields: ItineraryUploadFields, answer: Itinerary, store: uploadItineraryParts },
    params: ItineraryIdParams,
    file: ITINERARY_FILES,
  });

  // The same table for everyone who may read itineraries: encoded with its schema once, and sent
  // (compressed once per encoding) as a versioned answer.
  const itineraryTableJson = itineraryTableReader(app.db, app.documentWorkers);
  app.get(
    '/api/itineraries/:id/table',
    { schema: { params: ItineraryIdParams, response: answers({ 200: ItineraryTable }) }, config: readable, compress: false },
    async (request, reply) =>
      sendVersionedJson(app.answerCache, app.db, request, reply, {
        key: `itinerary table ${request.params.id}`,
        build: () => itineraryTableJson(request.params.id),
      }),
  );
};
