import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SopArrival } from '../../../../common/contracts/fleet';
import { IdParams } from '../../../../common/contracts/sops';
import { assertSopVisible, viewOf } from '../sops/sop-visibility.service';
import { answers } from '../../http/responses';
import { arrivingVersion } from './pending-versions.service';

/** On board: a newer version of an SOP still crossing the link, and how much of it is here (decision 048). */
export const arrivingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/sops/:id/arriving',
    { schema: { params: IdParams, response: answers({ 200: SopArrival }) }, config: { access: 'sop.read' } },
    async (request) => {
      await assertSopVisible(app.db, viewOf(request.actor), request.params.id);
      return { arriving: app.instance.kind === 'ship' ? await arrivingVersion(app.db, request.params.id) : null };
    },
  );
};
