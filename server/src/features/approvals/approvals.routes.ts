import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApprovalQueue,
  DecideTaskInput,
  DecidedTask,
  PostReviewCommentInput,
  ReviewComment,
  ReviewThread,
  TaskIdParams,
} from '../../../../common/contracts/approvals';
import { IdParams } from '../../../../common/contracts/sops';
import { answers } from '../../http/responses';
import { decideTask } from './decide-task';
import { listDecidableTasks } from './list-tasks';
import { listReviewComments, postReviewComment } from './review-comments.service';

export const approvalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/approvals', { schema: { response: answers({ 200: ApprovalQueue }) }, config: { access: 'approval.list' } }, async (request) =>
    listDecidableTasks(app.db, request.actor),
  );

  app.put(
    '/api/approvals/:taskId',
    { schema: { params: TaskIdParams, body: DecideTaskInput, response: answers({ 200: DecidedTask }) }, config: { access: 'approval.decide' } },
    async (request) => {
      // Plain users are refused (by config.access) before the body is validated or the task looked up.
      return decideTask(app.db, request.actor, request.params.taskId, request.body);
    },
  );

  // The review thread of a version: its SOP's owner, approvers and admins (the service answers 404 to anyone else).
  app.get(
    '/api/sop-versions/:id/comments',
    { schema: { params: IdParams, response: answers({ 200: ReviewThread }) }, config: { access: 'sop.review.comment' } },
    async (request) => listReviewComments(app.db, request.actor, request.params.id),
  );

  app.post(
    '/api/sop-versions/:id/comments',
    { schema: { params: IdParams, body: PostReviewCommentInput, response: answers({ 201: ReviewComment }) }, config: { access: 'sop.review.comment' } },
    async (request, reply) => reply.status(201).send(await postReviewComment(app.db, request.actor, request.params.id, request.body.body)),
  );
};
