import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AnswerFindingInput,
  FindingParams,
  Review,
  ReviewIdParams,
  ReviewList,
  ReviewTemplate,
  ReviewTemplateInput,
  SaveReviewInput,
  SignReviewInput,
  VesselReviewsParams,
} from '../../../../common/contracts/reviews';
import { answers } from '../../http/responses';
import { answerFinding, getReview, readTemplate, saveReview, saveTemplate, signReview, startReview, vesselReviews } from './reviews.service';

/** The master's review (decision 080): filled and signed on board, its findings answered at the office. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/review-template', { schema: { response: answers({ 200: ReviewTemplate }) }, config: { access: 'reviews.read' } }, async () =>
    readTemplate(app.db),
  );

  app.put(
    '/api/admin/review-template',
    { schema: { body: ReviewTemplateInput, response: answers({ 200: ReviewTemplate }) }, config: { access: 'reviews.template' } },
    async (request) => saveTemplate(app.db, request.actor, request.body),
  );

  app.post('/api/reviews', { schema: { response: answers({ 200: Review, 201: Review }) }, config: { access: 'reviews.fill' } }, async (request, reply) => {
    const { review, created } = await startReview(app.db, request.actor, app.instance);
    return reply.status(created ? 201 : 200).send(review);
  });

  app.get('/api/reviews/:id', { schema: { params: ReviewIdParams, response: answers({ 200: Review }) }, config: { access: 'reviews.read' } }, async (request) =>
    getReview(app.db, request.actor, app.instance, request.params.id),
  );

  app.put(
    '/api/reviews/:id',
    { schema: { params: ReviewIdParams, body: SaveReviewInput, response: answers({ 200: Review }) }, config: { access: 'reviews.fill' } },
    async (request) => saveReview(app.db, request.actor, app.instance, request.params.id, request.body),
  );

  app.post(
    '/api/reviews/:id/sign',
    { schema: { params: ReviewIdParams, body: SignReviewInput, response: answers({ 200: Review }) }, config: { access: 'reviews.fill' } },
    async (request) => signReview(app.db, request, app.instance, request.params.id, request.body),
  );

  app.put(
    '/api/reviews/:id/findings/:findingId',
    { schema: { params: FindingParams, body: AnswerFindingInput, response: answers({ 200: Review }) }, config: { access: 'reviews.answer' } },
    async (request) => answerFinding(app.db, request.actor, app.instance, request.params.id, request.params.findingId, request.body),
  );

  app.get(
    '/api/fleet/vessels/:code/reviews',
    { schema: { params: VesselReviewsParams, response: answers({ 200: ReviewList }) }, config: { access: 'reviews.read' } },
    async (request) => vesselReviews(app.db, request.actor, app.instance, request.params.code),
  );
};
