import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Position, PositionIdParams, PositionInput, PositionList } from '../../../../common/contracts/positions';
import { answers } from '../../http/responses';
import { createPosition, listPositions, updatePosition } from './positions.service';

/** Positions are managed where departments are (by administrators); anyone who reads SOPs may list them. */
export const positionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/positions', { schema: { response: answers({ 200: PositionList }) }, config: { access: 'sop.read' } }, async () => listPositions(app.db));

  app.post(
    '/api/positions',
    { schema: { body: PositionInput, response: answers({ 201: Position }) }, config: { access: 'departments.manage' } },
    async (request, reply) => reply.status(201).send(await createPosition(app.db, request.actor, request.body)),
  );

  app.put(
    '/api/positions/:id',
    { schema: { params: PositionIdParams, body: PositionInput, response: answers({ 200: Position }) }, config: { access: 'departments.manage' } },
    async (request) => updatePosition(app.db, request.actor, request.params.id, request.body),
  );
};
