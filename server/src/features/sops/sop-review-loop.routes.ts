import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CompareQuery, ConfirmedReview, ConfirmReviewInput, SopHistory, VersionComparison } from '../../../../common/contracts/review-loop';
import { IdParams } from '../../../../common/contracts/sops';
import { answers } from '../../http/responses';
import { compareVersions } from './sop-compare.service';
import { getSopHistory } from './sop-history.service';
import { confirmReview } from './sop-reviews.service';
import { viewOf } from './sop-visibility.service';

/** The review loop around an SOP: its history, version comparison and periodic review. */
export const sopReviewLoopRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/sops/:id/history', { config: { access: 'sop.read' }, schema: { params: IdParams, response: answers({ 200: SopHistory }) } }, async (request) =>
    getSopHistory(app.db, viewOf(request.actor), request.params.id),
  );

  app.get(
    '/api/sops/:id/compare',
    { config: { access: 'sop.read' }, schema: { params: IdParams, querystring: CompareQuery, response: answers({ 200: VersionComparison }) } },
    async (request) => compareVersions(app.db, viewOf(request.actor), request.params.id, request.query.from, request.query.to),
  );

  app.post(
    '/api/sops/:id/reviews',
    { config: { access: 'sop.review.confirm' }, schema: { params: IdParams, body: ConfirmReviewInput, response: answers({ 201: ConfirmedReview }) } },
    async (request, reply) => reply.status(201).send(await confirmReview(app.db, request.actor, request.params.id, request.body)),
  );
};
