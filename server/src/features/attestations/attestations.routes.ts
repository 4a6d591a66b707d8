import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AttachmentRead, AttestInput, Attestation, AttestationSummary, RecordReadInput } from '../../../../common/contracts/approvals';
import { IdParams } from '../../../../common/contracts/sops';
import { answers } from '../../http/responses';
import { proveSigner } from '../auth/signature-proof.service';
import { attest, attestationSummary, recordRead } from './attestations.service';

export const attestationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/sop-versions/:id/attestations',
    {
      schema: { params: IdParams, body: AttestInput, response: answers({ 200: Attestation, 201: Attestation }) },
      config: { access: 'sop.attest' },
    },
    async (request, reply) => {
      const { actor } = request;
      // The reader proves themselves first (when signatures are required): a failed proof records nothing.
      const signatureMethod = await proveSigner(app.db, request, request.body?.signature, { versionId: request.params.id });
      const { attestation, created } = await attest(app.db, actor, request.params.id, signatureMethod, request.body?.language ?? null);
      return reply.status(created ? 201 : 200).send(attestation);
    },
  );

  app.get(
    '/api/sop-versions/:id/attestations',
    { schema: { params: IdParams, response: answers({ 200: AttestationSummary }) }, config: { access: 'sop.read' } },
    async (request) => {
      const { actor } = request;
      return attestationSummary(app.db, actor, request.params.id);
    },
  );

  // The reader opened a file of the version: kept once per reader and file, at the first opening.
  // Reading state belongs to where the reading happens, so a ship records it on board.
  app.post(
    '/api/sop-versions/:id/reads',
    {
      schema: { params: IdParams, body: RecordReadInput, response: answers({ 200: AttachmentRead, 201: AttachmentRead }) },
      config: { access: 'sop.attest' },
    },
    async (request, reply) => {
      const { read, created } = await recordRead(app.db, request.actor, request.params.id, request.body.attachmentId);
      return reply.status(created ? 201 : 200).send(read);
    },
  );
};
