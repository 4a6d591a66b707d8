import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminOverview } from '../../../../common/contracts/admin-overview';
import { StorageFacts } from '../../../../common/contracts/storage';
import { MessageBody } from '../../../../common/contracts/errors';
import {
  AdminUser,
  AdminUserList,
  CreateUserInput,
  LinkSsoIdentityInput,
  SsoIdentities,
  ResetPasswordInput,
  UpdateUserInput,
  UserIdParams,
} from '../../../../common/contracts/users';
import { SSO_NOT_CONFIGURED } from '../../../../common/sso';
import { notFound } from '../../http/errors';
import { storageFacts } from '../../files/store';
import { answers } from '../../http/responses';
import { adminOverview } from './admin-overview.service';
import { approveUser, createUserAsAdmin, deleteUser, listUsers, resetPassword, updateUser } from './admin-users.service';
import { linkUserToSso, ssoIdentitiesOf, unlinkUserFromSso } from './admin-sso.service';

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

  app.post('/api/admin/users/:id/approve', { schema: { params: UserIdParams, response: answers({ 200: AdminUser }) }, config: access }, async (request) =>
    approveUser(app.db, request.actor, request.params.id),
  );

  app.get(
    '/api/admin/users/:id/sso-identity',
    { schema: { params: UserIdParams, response: answers({ 200: SsoIdentities }) }, config: access },
    async (request) => ssoIdentitiesOf(app.db, request.params.id),
  );

  // Approver and admin accounts are never linked by e-mail: an administrator links them here, audited.
  app.post(
    '/api/admin/users/:id/sso-identity',
    { schema: { params: UserIdParams, body: LinkSsoIdentityInput, response: answers({ 200: MessageBody }) }, config: access },
    async (request) => {
      if (!app.sso) throw notFound(SSO_NOT_CONFIGURED);
      await linkUserToSso(app.db, request.actor, request.params.id, app.sso.config.issuer, request.body.subject);
      return { message: 'The identity-provider account is linked: the person can sign in with it.' };
    },
  );

  // Unlinking needs no provider configured: it only takes a way of signing in away.
  app.delete(
    '/api/admin/users/:id/sso-identity',
    { schema: { params: UserIdParams, response: answers({ 200: MessageBody }) }, config: access },
    async (request) => {
      await unlinkUserFromSso(app.db, request.actor, request.params.id);
      return { message: 'The identity-provider account is unlinked: the person signs in with the password until it is linked again.' };
    },
  );

  app.delete('/api/admin/users/:id', { schema: { params: UserIdParams, response: answers({ 200: MessageBody }) }, config: access }, async (request) => {
    await deleteUser(app.db, request.actor, request.params.id);
    return { message: 'User deactivated' };
  });
};
