import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAIL_NOT_CONFIGURED, MailStatus, SendSopEmailInput, SendSopEmailResult } from '../../../../common/contracts/mail';
import { IdParams } from '../../../../common/contracts/sops';
import { conflict } from '../../http/errors';
import { answers } from '../../http/responses';
import { wakeJobRunners } from '../../jobs/job-queue';
import { queueMail } from '../../mail/mailer';
import { findSopForAccess } from '../sops/sop-detail.service';
import { assertSopVisible, viewOf } from '../sops/sop-visibility.service';

/** E-mail from the server: whether it can send, and the SOP page's 'Send Email'. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'sop.email' } as const;

  app.get('/api/mail', { schema: { response: answers({ 200: MailStatus }) }, config: access }, async () => ({
    configured: app.mail !== null,
    from: app.mail?.from ?? null,
  }));

  // Queued for the mail job, one message per address: the answer never waits for the mail server.
  app.post(
    '/api/sops/:id/email',
    { schema: { params: IdParams, body: SendSopEmailInput, response: answers({ 202: SendSopEmailResult }) }, config: access },
    async (request, reply) => {
      await assertSopVisible(app.db, viewOf(request.actor), request.params.id);
      await findSopForAccess(app.db, request.params.id);
      if (!app.mail) throw conflict(MAIL_NOT_CONFIGURED);
      const { recipients, subject, message } = request.body;
      await queueMail(
        app.db,
        recipients.map((to) => ({ to, subject, text: message })),
      );
      wakeJobRunners();
      return reply.status(202).send({ queued: recipients.length });
    },
  );
};
