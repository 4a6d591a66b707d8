import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AbsenceInput, AbsenceState } from '../../../../common/contracts/absences';
import { answers } from '../../http/responses';
import { clearAbsence, getAbsenceState, setAbsence } from './absences.service';

/** The caller's own absence and delegate (approvers and admins, for themselves only). */
export const absenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/account/absence', { schema: { response: answers({ 200: AbsenceState }) }, config: { access: 'account.absence' } }, async (request) =>
    getAbsenceState(app.db, request.actor),
  );

  app.put(
    '/api/account/absence',
    { schema: { body: AbsenceInput, response: answers({ 200: AbsenceState }) }, config: { access: 'account.absence' } },
    async (request) => setAbsence(app.db, request.actor, request.body),
  );

  app.delete('/api/account/absence', { schema: { response: answers({ 200: AbsenceState }) }, config: { access: 'account.absence' } }, async (request) =>
    clearAbsence(app.db, request.actor),
  );
};
