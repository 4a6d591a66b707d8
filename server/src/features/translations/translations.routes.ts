import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { IdParams } from '../../../../common/contracts/sops';
import {
  AddTranslationFields,
  AddTranslationInput,
  ApproveTranslationInput,
  OutdatedTranslations,
  Translation,
} from '../../../../common/contracts/translations';
import { sendStoredFile, storedFileRoute } from '../../files/send-file';
import { badRequest } from '../../http/errors';
import { answers, ERROR_ANSWERS } from '../../http/responses';
import { withUploadParts } from '../../http/upload-parts';
import { proveSigner } from '../auth/signature-proof.service';
import { viewOf } from '../sops/sop-visibility.service';
import { findReadableTranslation, listOutdatedTranslations, readableTranslationFile, toTranslation } from './translation-read.service';
import { addTranslation, approveTranslation, findTranslationToApprove, findVersionToTranslate } from './translations.service';

/** The body's first refusal as a 400 naming its field ('language', 'content'). */
function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.length > 0 ? issue.path.join('.') : undefined;
  throw badRequest(issue.message, undefined, field);
}

export const translationRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * A translation of the version in one language: JSON `{ language, content }` (Markdown), or
   * multipart with the field `language` and one file in `file`. The body is checked here (not by
   * the route's schema) because it comes in either form.
   */
  app.post(
    '/api/sop-versions/:id/translations',
    { config: { access: 'translation.add', upload: true }, schema: { params: IdParams, response: answers({ 201: Translation }) } },
    async (request, reply) => {
      const { actor } = request;
      const versionId = request.params.id;
      // 404 for a version the actor may not see, 403/409 when they may not translate it: before the body or a byte of a file is read.
      await findVersionToTranslate(app.db, actor, versionId);
      if (!request.isMultipart()) {
        const body = parsed(AddTranslationInput, request.body ?? {});
        return reply.status(201).send(await addTranslation(app.db, actor, versionId, body));
      }
      const added = await withUploadParts(request, async ({ fields, files }) => {
        const { language } = parsed(AddTranslationFields, fields);
        const upload = files.filter((f) => f.fieldname === 'file');
        if (upload.length !== 1 || files.length !== 1) throw badRequest('Send exactly one file, in the "file" field', undefined, 'file');
        return addTranslation(app.db, actor, versionId, { language, upload: upload[0] });
      });
      return reply.status(201).send(added);
    },
  );

  app.get(
    '/api/translations/outdated',
    { config: { access: 'translation.approve' }, schema: { response: answers({ 200: OutdatedTranslations }) } },
    async (request) => listOutdatedTranslations(app.db, viewOf(request.actor)),
  );

  app.get('/api/translations/:id', { config: { access: 'sop.read' }, schema: { params: IdParams, response: answers({ 200: Translation }) } }, async (request) =>
    toTranslation(await findReadableTranslation(app.db, request.actor, request.params.id)),
  );

  app.get(
    '/api/translations/:id/download',
    { ...storedFileRoute, config: { access: 'files.read' }, schema: { params: IdParams, response: ERROR_ANSWERS } },
    async (request, reply) => sendStoredFile(reply, await readableTranslationFile(app.db, request.actor, request.params.id)),
  );

  app.put(
    '/api/translations/:id',
    { config: { access: 'translation.approve' }, schema: { params: IdParams, body: ApproveTranslationInput, response: answers({ 200: Translation }) } },
    async (request) => {
      const { actor } = request;
      // Refused (not one's own, not yet approved) before a signature is checked: a refused request changes nothing.
      const translation = await findTranslationToApprove(app.db, actor, request.params.id);
      // A passkey's challenge signs the version translated, as for an approval of it.
      const signatureMethod = await proveSigner(app.db, request, request.body.signature, { versionId: translation.versionId });
      return approveTranslation(app.db, actor, request.params.id, signatureMethod);
    },
  );
};
