import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppSettings, UpdateSettingsInput } from '../../../../common/contracts/settings';
import { answers } from '../../http/responses';
import { readSettings, updateSettings } from './settings.service';

/** Run-time settings: anyone may read them (the sign-in screen does); only administrators change them. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/settings', { schema: { response: answers({ 200: AppSettings }) }, config: { public: true } }, async () => {
    const settings = await readSettings(app.db);
    // Accounts are the office's: a ship's copy offers no self-registration (its POST answers office_only).
    return app.instance.kind === 'ship' ? { ...settings, registrationOpen: false } : settings;
  });

  app.put(
    '/api/admin/settings',
    { schema: { body: UpdateSettingsInput, response: answers({ 200: AppSettings }) }, config: { access: 'settings.manage' } },
    async (request) => {
      return updateSettings(app.db, request.actor, request.body);
    },
  );
};
