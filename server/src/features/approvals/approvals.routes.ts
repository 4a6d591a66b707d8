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
import { AddCoApproverInput, Approvers, TaskStep } from '../../../../common/contracts/approval-routes';
import { IdParams } from '../../../../common/contracts/sops';
import { answers } from '../../http/responses';
import { linksFor } from '../mail/notify.service';
import { addCoApprover, listApprovers } from './approval-steps.service';
import { proveSigner } from '../auth/signature-proof.service';
import { decideTask, taskVersionId } from './decide-task.service';
import { listDecidableTasks } from './list-tasks.service';
import { listReviewComments, postReviewComment } from './review-comments.service';

export const approvalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/approvals', { schema: { response: answers({ 200: ApprovalQueue }) }, config: { access: 'approval.list' } }, async (request) =>
    listDecidableTasks(app.db, request.actor),
  );

  // Who may be named on a review step or added as a co-approver.
  app.get('/api/approvers', { schema: { response: answers({ 200: Approvers }) }, config: { access: 'approval.list' } }, async () => listApprovers(app.db));

  app.post(
    '/api/approvals/:taskId/co-approvers',
    { schema: { params: TaskIdParams, body: AddCoApproverInput, response: answers({ 200: TaskStep }) }, config: { access: 'approval.list' } },
    async (request) => addCoApprover(app.db, request.actor, request.params.taskId, request.body.userId, linksFor(app.notifier, request)),
  );

  app.put(
    '/api/approvals/:taskId',
    { schema: { params: TaskIdParams, body: DecideTaskInput, response: answers({ 200: DecidedTask }) }, config: { access: 'approval.decide' } },
    async (request) => {
      // Plain users are refused (by config.access) before the body is validated or the task looked up.
      // The signer proves themselves first: a failed proof changes nothing.
      const { signature, ...decision } = request.body;
      // A passkey's challenge signs the version this task decides, and nothing else.
      const signatureMethod = await proveSigner(app.db, request, signature, { versionId: await taskVersionId(app.db, request.params.taskId) });
      return decideTask(app.db, request.actor, request.params.taskId, { ...decision, signatureMethod }, linksFor(app.notifier, request));
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
