import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAIL_NOT_CONFIGURED, MailStatus, SendSopEmailInput, SendSopEmailResult } from '../../../../common/contracts/mail';
import { IdParams } from '../../../../common/contracts/sops';
import { conflict } from '../../http/errors';
import { answers } from '../../http/responses';
import { wakeJobRunners } from '../../jobs/job-queue';
import { linksFor } from './notify.service';
import { sendSopEmail } from './sop-email.service';
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
      const sop = await findSopForAccess(app.db, request.params.id);
      if (!app.mail) throw conflict(MAIL_NOT_CONFIGURED);
      const links = linksFor(app.notifier, request);
      const queued = await sendSopEmail(app.db, request.actor, sop, request.body, links?.base ? `${links.base}/sop/${sop.id}` : null);
      wakeJobRunners();
      return reply.status(202).send({ queued });
    },
  );
};
