import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApprovalQueue, DecideTaskInput, DecidedTask, TaskIdParams } from '../../../../common/contracts/approvals';
import { answers } from '../../http/responses';
import { decideTask } from './decide-task';
import { listDecidableTasks } from './list-tasks';

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
};
