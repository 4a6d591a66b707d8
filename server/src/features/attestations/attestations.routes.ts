import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../../common/contracts/sops';
import { attest, attestationSummary } from './attestations.service';

export const attestationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/sop-versions/:id/attestations', { schema: { params: IdParams }, config: { access: 'sop.read' } }, async (request, reply) => {
    const { actor } = request;
    const { attestation, created } = await attest(app.db, actor, request.params.id);
    return reply.status(created ? 201 : 200).send(attestation);
  });

  app.get('/api/sop-versions/:id/attestations', { schema: { params: IdParams }, config: { access: 'sop.read' } }, async (request) => {
    const { actor } = request;
    return attestationSummary(app.db, actor, request.params.id);
  });
};
