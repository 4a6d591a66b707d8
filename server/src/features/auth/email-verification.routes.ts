import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EmailVerificationState, VerifyEmailQuery } from '../../../../common/contracts/email-verification';
import { MessageBody } from '../../../../common/contracts/errors';
import { VERIFY_EMAIL_PATH } from '../../../../common/email-check';
import { answers, NO_CONTENT } from '../../http/responses';
import { wakeJobRunners } from '../../jobs/job-queue';
import { linksFor } from '../mail/notify.service';
import { askForVerificationMail, verificationState, verifyEmailToken } from './email-verification.service';

/** Confirming one's e-mail address by a mailed link (so it may link a single sign-on account). */
export const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = '/api/account/email-verification';

  app.get(route, { schema: { response: answers({ 200: EmailVerificationState }) }, config: { access: 'account.read' } }, async (request) =>
    verificationState(app.db, linksFor(app.notifier), request.actor.id),
  );

  app.post(route, { schema: { response: answers({ 200: MessageBody }) }, config: { access: 'account.email' } }, async (request) => {
    await askForVerificationMail(app.db, linksFor(app.notifier), request.actor);
    wakeJobRunners();
    return { message: 'A link to confirm your address is on its way. It works once, for 48 hours.' };
  });

  // The link in the mail: a top-level navigation from the mail program, public (an account waiting
  // for approval cannot sign in yet). The screen it lands on says what happened.
  app.get(
    VERIFY_EMAIL_PATH,
    { schema: { querystring: VerifyEmailQuery, response: answers({ 302: NO_CONTENT }) }, config: { public: true } },
    async (request, reply) => {
      const result = await verifyEmailToken(app.db, request.query.token);
      const screen = request.user ? '/account' : '/auth';
      return reply.redirect(`${screen}?email=${result}`, 302);
    },
  );
};
