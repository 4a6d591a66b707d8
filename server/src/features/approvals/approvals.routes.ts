import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DecideTaskInput, TaskIdParams } from '../../../../common/contracts/approvals';
import { requireUser } from '../../http/access';
import { decideTask } from './decide-task';
import { listDecidableTasks } from './list-tasks';

export const approvalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/approvals', { config: { access: 'approval.list' } }, async (request) => {
    const actor = requireUser(request);
    return listDecidableTasks(app.db, actor);
  });

  app.put('/api/approvals/:taskId', { schema: { params: TaskIdParams, body: DecideTaskInput }, config: { access: 'approval.list' } }, async (request) => {
    // Plain users are refused (by config.access) before the body is validated or the task looked up.
    const actor = requireUser(request);
    return decideTask(app.db, actor, request.params.taskId, request.body);
  });
};
