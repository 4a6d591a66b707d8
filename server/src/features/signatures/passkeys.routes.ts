import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Passkey, PasskeyOptionsInput, Passkeys, RegisterPasskeyInput, SignatureTarget, WebAuthnOptions } from '../../../../common/contracts/signatures';
import { wakeJobRunners } from '../../jobs/job-queue';
import { backgroundLinks } from '../mail/notify.service';
import { MessageBody } from '../../../../common/contracts/errors';
import { IdParams } from '../../../../common/contracts/sops';
import { answers } from '../../http/responses';
import { confirmPresence, listPasskeys, proofOptions, registerPasskey, registrationOptions, removePasskey, signingOptions } from './passkeys.service';

/** Passkeys on one's own account, and the challenge a passkey signature answers. */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/account/passkeys', { schema: { response: answers({ 200: Passkeys }) }, config: { access: 'account.read' } }, async (request) =>
    listPasskeys(app.db, request.actor.id),
  );

  // An existing passkey as the proof instead of the password: its own single-use challenge.
  app.post(
    '/api/account/passkeys/proof-options',
    { schema: { response: answers({ 200: WebAuthnOptions }) }, config: { access: 'account.passkeys' } },
    async (request) => proofOptions(app.db, request),
  );

  // The password (or a passkey) first: the registration challenge is handed out only to someone who just gave it.
  app.post(
    '/api/account/passkeys/options',
    { schema: { body: PasskeyOptionsInput, response: answers({ 200: WebAuthnOptions }) }, config: { access: 'account.passkeys' } },
    async (request) => {
      await confirmPresence(app.db, request, request.body);
      return registrationOptions(app.db, request);
    },
  );

  app.post(
    '/api/account/passkeys',
    { schema: { body: RegisterPasskeyInput, response: answers({ 201: Passkey }) }, config: { access: 'account.passkeys' } },
    async (request, reply) => {
      const added = await registerPasskey(app.db, request, request.body, backgroundLinks(app.notifier));
      wakeJobRunners();
      return reply.status(201).send(added);
    },
  );

  app.delete(
    '/api/account/passkeys/:id',
    { schema: { params: IdParams, response: answers({ 200: MessageBody }) }, config: { access: 'account.passkeys' } },
    async (request) => {
      await removePasskey(app.db, request.actor.id, request.params.id);
      return { message: 'Passkey removed' };
    },
  );

  // A fresh challenge for the passkey that signs one decision, attestation or withdrawal: bound to what it signs.
  app.post(
    '/api/signatures/challenge',
    { schema: { body: SignatureTarget, response: answers({ 200: WebAuthnOptions }) }, config: { access: 'account.sign' } },
    async (request) => signingOptions(app.db, request, request.body),
  );
};
