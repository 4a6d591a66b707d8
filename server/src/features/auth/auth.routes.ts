import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AWAITING_APPROVAL_MESSAGE, LoginInput, PublicUser, RegisterInput, RegisteredAccount } from '../../../../common/contracts/auth';
import { MessageBody } from '../../../../common/contracts/errors';
import { ChangePasswordInput } from '../../../../common/contracts/users';
import { answers } from '../../http/responses';
import { wakeJobRunners } from '../../jobs/job-queue';
import { linksFor } from '../mail/notify.service';
import { authenticate, register } from './auth.service';
import { rememberDevice, trustedDevice } from './device-cookie.http';
import { changeOwnPassword } from './password-change.service';
import { startSession } from './session-lifetime.http';
import { settleLanguage } from '../languages/languages.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/login',
    { schema: { body: LoginInput, response: answers({ 200: PublicUser }) }, config: { public: true, access: 'session' } },
    async (request, reply) => {
      const user = await authenticate(app.db, request.body, request.ip, trustedDevice(request, request.body.username));
      await startSession(request, user.id);
      rememberDevice(request, reply, user.username);
      return settleLanguage(app.db, user, request.headers['accept-language'], app.instance.kind === 'office');
    },
  );

  // The account waits for an administrator's approval: no session until then.
  app.post(
    '/api/register',
    { schema: { body: RegisterInput, response: answers({ 201: RegisteredAccount }) }, config: { public: true } },
    async (request, reply) => {
      const user = await register(app.db, request.body, request.ip, linksFor(app.notifier));
      wakeJobRunners();
      return reply.status(201).send({ ...user, awaitingApproval: true, message: AWAITING_APPROVAL_MESSAGE });
    },
  );

  // Whatever this browser kept for the person leaving (the HTTP cache's files and answers,
  // offline copies, queued work) goes with them; cookies stay (the device cookie is no session).
  app.post('/api/logout', { schema: { response: answers({ 200: MessageBody }) }, config: { public: true, access: 'session' } }, async (request, reply) => {
    await request.session.destroy();
    reply.header('clear-site-data', '"cache", "storage"');
    return { message: 'Logged out' };
  });

  app.get('/api/user', { schema: { response: answers({ 200: PublicUser }) }, config: { public: true } }, async (request) => request.actor);

  app.post(
    '/api/user/password',
    { schema: { body: ChangePasswordInput, response: answers({ 200: MessageBody }) }, config: { access: 'account.password' } },
    async (request) => {
      await changeOwnPassword(app.db, request.actor, request.body, request.session.sessionId, request.ip);
      return { message: 'Password changed. Your other sessions have been signed out.' };
    },
  );
};
