import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateUserInput, UserIdParams } from '../../../../common/contracts/users';
import { requireUser } from '../../http/access';
import { createUserAsAdmin, deleteUser, listUsers } from './admin-users.service';

/** Users and roles: administrators only (the permission table's 'users.manage'). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/users', { config: { access: 'users.manage' } }, async (request) => {
    return listUsers(app.db);
  });

  app.post('/api/admin/users', { schema: { body: CreateUserInput }, config: { access: 'users.manage' } }, async (request, reply) => {
    const actor = requireUser(request);
    const user = await createUserAsAdmin(app.db, actor, request.body);
    return reply.status(201).send(user);
  });

  app.delete('/api/admin/users/:id', { schema: { params: UserIdParams }, config: { access: 'users.manage' } }, async (request) => {
    const actor = requireUser(request);
    await deleteUser(app.db, actor, request.params.id);
    return { message: 'User deleted' };
  });
};
