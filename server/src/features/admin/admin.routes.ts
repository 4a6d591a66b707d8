import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminOverview } from '../../../../common/contracts/admin-overview';
import { StorageFacts } from '../../../../common/contracts/storage';
import { MessageBody } from '../../../../common/contracts/errors';
import { AdminUser, AdminUserList, CreateUserInput, ResetPasswordInput, UpdateUserInput, UserIdParams } from '../../../../common/contracts/users';
import { storageFacts } from '../../files/store';
import { answers } from '../../http/responses';
import { adminOverview } from './admin-overview.service';
import { createUserAsAdmin, deleteUser, listUsers, resetPassword, updateUser } from './admin-users.service';

/** Users and roles, and the file store's figures: administrators only. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'users.manage' } as const;

  app.get('/api/admin/users', { schema: { response: answers({ 200: AdminUserList }) }, config: access }, async () => listUsers(app.db));

  app.post('/api/admin/users', { schema: { body: CreateUserInput, response: answers({ 201: AdminUser }) }, config: access }, async (request, reply) => {
    const user = await createUserAsAdmin(app.db, request.actor, request.body);
    return reply.status(201).send(user);
  });

  app.get('/api/admin/storage', { schema: { response: answers({ 200: StorageFacts }) }, config: { access: 'storage.read' } }, async () => {
    return storageFacts(app.db);
  });

  app.get('/api/admin/overview', { schema: { response: answers({ 200: AdminOverview }) }, config: access }, async () => adminOverview(app.db));

  app.patch(
    '/api/admin/users/:id',
    { schema: { params: UserIdParams, body: UpdateUserInput, response: answers({ 200: AdminUser }) }, config: access },
    async (request) => {
      return updateUser(app.db, request.actor, request.params.id, request.body);
    },
  );

  app.post(
    '/api/admin/users/:id/password',
    { schema: { params: UserIdParams, body: ResetPasswordInput, response: answers({ 200: MessageBody }) }, config: access },
    async (request) => {
      await resetPassword(app.db, request.actor, request.params.id, request.body.password, request.session.sessionId);
      return { message: 'Password reset. The user has been signed out everywhere.' };
    },
  );

  app.delete('/api/admin/users/:id', { schema: { params: UserIdParams, response: answers({ 200: MessageBody }) }, config: access }, async (request) => {
    await deleteUser(app.db, request.actor, request.params.id);
    return { message: 'User deactivated' };
  });
};
