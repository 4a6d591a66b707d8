import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginInput, RegisterInput } from '../../../../common/contracts/auth';
import { requireUser } from '../../http/access';
import { createLoginThrottle } from './login-throttle';
import { authenticate, register } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const throttle = createLoginThrottle();

  app.post('/api/login', { schema: { body: LoginInput }, config: { public: true } }, async (request) => {
    const user = await authenticate(app.db, throttle, request.body, request.ip);
    // A new session id at sign-in: a session fixed before login is never promoted.
    await request.session.regenerate();
    request.session.userId = user.id;
    request.session.touchedAt = Date.now();
    return user;
  });

  app.post('/api/register', { schema: { body: RegisterInput }, config: { public: true } }, async (request, reply) => {
    const user = await register(app.db, request.body);
    await request.session.regenerate();
    request.session.userId = user.id;
    request.session.touchedAt = Date.now();
    return reply.status(201).send(user);
  });

  app.post('/api/logout', { config: { public: true } }, async (request) => {
    await request.session.destroy();
    return { message: 'Logged out' };
  });

  app.get('/api/user', { config: { public: true } }, async (request) => requireUser(request));
};
