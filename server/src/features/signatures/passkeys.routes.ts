import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Passkey, Passkeys, RegisterPasskeyInput, WebAuthnOptions } from '../../../../common/contracts/signatures';
import { MessageBody } from '../../../../common/contracts/errors';
import { IdParams } from '../../../../common/contracts/sops';
import { answers } from '../../http/responses';
import { listPasskeys, registerPasskey, registrationOptions, removePasskey, signingOptions } from './passkeys.service';

/** Passkeys on one's own account, and the challenge a passkey signature answers. */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/account/passkeys', { schema: { response: answers({ 200: Passkeys }) }, config: { access: 'account.manage' } }, async (request) =>
    listPasskeys(app.db, request.actor.id),
  );

  app.post(
    '/api/account/passkeys/options',
    { schema: { response: answers({ 200: WebAuthnOptions }) }, config: { access: 'account.manage' } },
    async (request) => registrationOptions(app.db, request),
  );

  app.post(
    '/api/account/passkeys',
    { schema: { body: RegisterPasskeyInput, response: answers({ 201: Passkey }) }, config: { access: 'account.manage' } },
    async (request, reply) => reply.status(201).send(await registerPasskey(app.db, request, request.body)),
  );

  app.delete(
    '/api/account/passkeys/:id',
    { schema: { params: IdParams, response: answers({ 200: MessageBody }) }, config: { access: 'account.manage' } },
    async (request) => {
      await removePasskey(app.db, request.actor.id, request.params.id);
      return { message: 'Passkey removed' };
    },
  );

  // A fresh challenge for the passkey that signs the next decision or attestation.
  app.post(
    '/api/signatures/challenge',
    { schema: { response: answers({ 200: WebAuthnOptions }) }, config: { access: 'account.manage', onBoard: true } },
    async (request) => signingOptions(app.db, request),
  );
};
