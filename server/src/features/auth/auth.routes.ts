import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginInput, RegisterInput } from '../../../../common/contracts/auth';
import { ChangePasswordInput } from '../../../../common/contracts/users';
import { authenticate, register } from './auth.service';
import { changeOwnPassword } from './change-password';
import { startSession } from './session-lifetime';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/login', { schema: { body: LoginInput }, config: { public: true } }, async (request) => {
    const user = await authenticate(app.db, request.body, request.ip);
    await startSession(request, user.id);
    return user;
  });

  app.post('/api/register', { schema: { body: RegisterInput }, config: { public: true } }, async (request, reply) => {
    const user = await register(app.db, request.body, request.ip);
    await startSession(request, user.id);
    return reply.status(201).send(user);
  });

  app.post('/api/logout', { config: { public: true } }, async (request) => {
    await request.session.destroy();
    return { message: 'Logged out' };
  });

  app.get('/api/user', { config: { public: true } }, async (request) => request.actor);

  app.post('/api/user/password', { schema: { body: ChangePasswordInput } }, async (request) => {
    await changeOwnPassword(app.db, request.actor, request.body, request.session.sessionId, request.ip);
    return { message: 'Password changed. Your other sessions have been signed out.' };
  });
};
