import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotificationPreferences, UpdateNotificationPreferences } from '../../../../common/contracts/notification-preferences';
import { answers } from '../../http/responses';
import { notificationPreferences, updateNotificationPreferences } from './notification-preferences.service';

/** The account page's 'Email notifications': which kinds of mail the caller gets. */
export const notificationPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = '/api/account/notification-preferences';
  app.get(route, { schema: { response: answers({ 200: NotificationPreferences }) }, config: { access: 'account.read' } }, async (request) =>
    notificationPreferences(app.db, request.actor, app.notifier !== null),
  );

  app.put(
    route,
    { schema: { body: UpdateNotificationPreferences, response: answers({ 200: NotificationPreferences }) }, config: { access: 'account.email' } },
    async (request) => updateNotificationPreferences(app.db, request.actor, request.body, app.notifier !== null),
  );
};
