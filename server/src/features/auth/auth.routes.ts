import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginInput, PublicUser, RegisterInput } from '../../../../common/contracts/auth';
import { MessageBody } from '../../../../common/contracts/errors';
import { ChangePasswordInput } from '../../../../common/contracts/users';
import { answers } from '../../http/responses';
import { authenticate, register } from './auth.service';
import { changeOwnPassword } from './password-change.service';
import { startSession } from './session-lifetime';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/login', { schema: { body: LoginInput, response: answers({ 200: PublicUser }) }, config: { public: true, onBoard: true } }, async (request) => {
    const user = await authenticate(app.db, request.body, request.ip);
    await startSession(request, user.id);
    return user;
  });

  app.post('/api/register', { schema: { body: RegisterInput, response: answers({ 201: PublicUser }) }, config: { public: true } }, async (request, reply) => {
    const user = await register(app.db, request.body, request.ip);
    await startSession(request, user.id);
    return reply.status(201).send(user);
  });

  app.post('/api/logout', { schema: { response: answers({ 200: MessageBody }) }, config: { public: true, onBoard: true } }, async (request) => {
    await request.session.destroy();
    return { message: 'Logged out' };
  });

  app.get('/api/user', { schema: { response: answers({ 200: PublicUser }) }, config: { public: true } }, async (request) => request.actor);

  app.post('/api/user/password', { schema: { body: ChangePasswordInput, response: answers({ 200: MessageBody }) } }, async (request) => {
    await changeOwnPassword(app.db, request.actor, request.body, request.session.sessionId, request.ip);
    return { message: 'Password changed. Your other sessions have been signed out.' };
  });
};
