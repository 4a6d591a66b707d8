import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LanguageInput, Locales, PublicUser } from '../../../../common/contracts/auth';
import { LANGUAGES } from '../../../../common/languages';
import { answers } from '../../http/responses';
import { setOwnLanguage } from './languages.service';

export const languageRoutes: FastifyPluginAsyncZod = async (app) => {
  // Asked before anyone signs in: the sign-in page offers the languages.
  app.get('/api/locales', { schema: { response: answers({ 200: Locales }) }, config: { public: true } }, async () => [...LANGUAGES]);

  app.put(
    '/api/account/language',
    { schema: { body: LanguageInput, response: answers({ 200: PublicUser }) }, config: { access: 'account.language' } },
    async (request) => setOwnLanguage(app.db, request.actor, request.body.language),
  );
};
