import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageBody } from '../../../../common/contracts/errors';
import { DEFAULT_REVISION_CLASS } from '../../../../common/revision-classes';
import {
  CreateSopInput,
  CreateVersionInput,
  IdParams,
  ListSopsQuery,
  SopDetail,
  LIST_PAGE_DEFAULT,
  SopList,
  SopPage,
  SopVersion,
  SubmitSopInput,
  SubmitSopResult,
  UpdatedSop,
  UpdateSopInput,
  WithdrawSopInput,
} from '../../../../common/contracts/sops';
import { sendCsv } from '../../http/csv';
import { answers, ERROR_ANSWERS } from '../../http/responses';
import { sendVersionedJson } from '../../http/versioned-answer';
import { linksFor } from '../mail/notify.service';
import { getSopDetail } from './sop-detail.service';
import { listSopsJson } from './sop-list.service';
import { listSopsPage } from './sop-page.service';
import { submitSop } from './sop-lifecycle.service';
import { REGISTER_COLUMNS, sopRegisterRows } from './sop-register.service';
import { reviewDay } from './sop-review-schedule.service';
import { toVersion } from './sop-mappers.helper';
import { assertSopVisible, viewOf } from './sop-visibility.service';
import { addVersion, createSop, deleteSop, updateSop } from './sop-write.service';
import { withdrawSop } from './sop-withdraw.service';
import { proveSigner } from '../auth/signature-proof.service';

export const sopRoutes: FastifyPluginAsyncZod = async (app) => {
  // Both reads answer from the versioned cache (ETag, 304, one build and compression per
  // data version), so they skip the app's compression, and their bytes skip the route's
  // serializer: the detail is encoded with its schema when built, and the list's JSON (built
  // by PostgreSQL) is checked against SopList by sop-list-contract.test.ts on both databases.
  app.get(
    '/api/sops',
    { config: { access: 'sop.read' }, compress: false, schema: { querystring: ListSopsQuery, response: answers({ 200: z.union([SopPage, SopList]) }) } },
    async (request, reply) => {
      const { limit, cursor, sort, ...filters } = request.query;
      const query = request.query;
      // With `limit` or `cursor`: one page (decision 077); without, the whole list as before.
      const paged = limit !== undefined || cursor !== undefined;
      // Review statuses depend on the day as well as the data, and what is shown on who asks:
      // both join the tag and the cache key.
      const today = reviewDay();
      const view = viewOf(request.actor);
      return sendVersionedJson(app.answerCache, app.db, request, reply, {
        key: `list ${JSON.stringify(query)}`,
        scope: `${today}-${view.key}`,
        build: () =>
          paged
            ? listSopsPage(app.db, view, { ...filters, today }, { limit: limit ?? LIST_PAGE_DEFAULT, cursor, sort })
            : listSopsJson(app.db, view, { ...filters, today }),
      });
    },
  );

  // The document register as a spreadsheet: the list's filters, the list's rows.
  app.get('/api/sops/export.csv', { config: { access: 'sop.read' }, schema: { querystring: ListSopsQuery, response: ERROR_ANSWERS } }, async (request, reply) =>
    sendCsv(reply, 'sop-register', REGISTER_COLUMNS, await sopRegisterRows(app.db, viewOf(request.actor), request.query)),
  );

  app.post(
    '/api/sops',
    { config: { access: 'sop.create' }, schema: { body: CreateSopInput, response: answers({ 201: SopDetail }) } },
    async (request, reply) => {
      const id = await createSop(app.db, request.actor, request.body);
      return reply.status(201).send(await getSopDetail(app.db, viewOf(request.actor), id));
    },
  );

  app.get(
    '/api/sops/:id',
    { config: { access: 'sop.read' }, compress: false, schema: { params: IdParams, response: answers({ 200: SopDetail }) } },
    async (request, reply) => {
      const { id } = request.params;
      const today = reviewDay();
      const view = viewOf(request.actor);
      return sendVersionedJson(app.answerCache, app.db, request, reply, {
        key: `sop ${id}`,
        scope: `${today}-${view.key}`,
        build: async () => JSON.stringify(SopDetail.encode(await getSopDetail(app.db, view, id, today))),
      });
    },
  );

  app.put(
    '/api/sops/:id',
    { config: { access: 'sop.edit' }, schema: { params: IdParams, body: UpdateSopInput, response: answers({ 200: UpdatedSop }) } },
    async (request) => {
      const view = viewOf(request.actor);
      await assertSopVisible(app.db, view, request.params.id);
      const saved = await updateSop(app.db, request.actor, request.params.id, request.body);
      return { ...(await getSopDetail(app.db, view, request.params.id)), ...saved };
    },
  );

  app.delete('/api/sops/:id', { config: { access: 'sop.delete' }, schema: { params: IdParams, response: answers({ 200: MessageBody }) } }, async (request) => {
    await assertSopVisible(app.db, viewOf(request.actor), request.params.id);
    await deleteSop(app.db, request.actor, request.params.id);
    return { message: 'SOP deleted' };
  });

  // An SOP that has had a version in force is withdrawn (kept in the archive), never deleted.
  app.post(
    '/api/sops/:id/withdraw',
    { config: { access: 'sop.withdraw' }, schema: { params: IdParams, body: WithdrawSopInput, response: answers({ 200: MessageBody }) } },
    async (request) => {
      // The signer proves themselves first: a failed proof changes nothing.
      const signatureMethod = await proveSigner(app.db, request, request.body.signature, { sopId: request.params.id });
      await withdrawSop(app.db, request.actor, request.params.id, request.body.reason, signatureMethod);
      return { message: 'SOP withdrawn; it is kept in the archive with every version, file, signature and attestation' };
    },
  );

  app.post(
    '/api/sops/:id/versions',
    { config: { access: 'sop.edit' }, schema: { params: IdParams, body: CreateVersionInput, response: answers({ 201: SopVersion }) } },
    async (request, reply) => {
      await assertSopVisible(app.db, viewOf(request.actor), request.params.id);
      const version = await addVersion(app.db, request.actor, request.params.id, request.body);
      return reply.status(201).send(toVersion(version));
    },
  );

  app.post(
    '/api/sops/:id/submit',
    { config: { access: 'sop.submit' }, schema: { params: IdParams, body: SubmitSopInput, response: answers({ 200: SubmitSopResult }) } },
    async (request) => {
      const view = viewOf(request.actor);
      await assertSopVisible(app.db, view, request.params.id);
      const { taskId } = await submitSop(
        app.db,
        request.actor,
        request.params.id,
        request.body?.revisionClass ?? DEFAULT_REVISION_CLASS,
        linksFor(app.notifier, request),
      );
      return { ...(await getSopDetail(app.db, view, request.params.id)), taskId, message: 'SOP submitted for approval' };
    },
  );
};
