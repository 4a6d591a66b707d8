import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BackupStatus } from '../../../../common/contracts/backups';
import { answers } from '../../http/responses';
import { backUpNow, backupStatus } from './backups.service';

/** The server's own backups: administrators only (how they went, and 'Back up now'). */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/backups', { schema: { response: answers({ 200: BackupStatus }) }, config: { access: 'backups.read' } }, async () =>
    backupStatus(app.db, app.backups),
  );

  app.post('/api/admin/backups', { schema: { response: answers({ 202: BackupStatus }) }, config: { access: 'backups.manage' } }, async (_request, reply) => {
    return reply.status(202).send(await backUpNow(app.db, app.backups));
  });
};
