import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Department, DepartmentIdParams, DepartmentInput, DepartmentList } from '../../../../common/contracts/departments';
import { ApprovalRoute, ApprovalRouteInput } from '../../../../common/contracts/approval-routes';
import { MessageBody } from '../../../../common/contracts/errors';
import { answers } from '../../http/responses';
import { viewOf } from '../sops/sop-visibility.service';
import { getApprovalRoute, putApprovalRoute } from '../approvals/approval-routes.service';
import { listDepartments } from './departments.service';
import { createDepartment, deleteDepartment, updateDepartment } from './departments-write.service';

export const departmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/departments', { schema: { response: answers({ 200: DepartmentList }) }, config: { access: 'sop.read' } }, async (request) =>
    listDepartments(app.db, viewOf(request.actor)),
  );

  app.post(
    '/api/departments',
    { schema: { body: DepartmentInput, response: answers({ 201: Department }) }, config: { access: 'departments.manage' } },
    async (request, reply) => {
      const { actor } = request;
      const department = await createDepartment(app.db, actor, request.body);
      return reply.status(201).send(department);
    },
  );

  app.put(
    '/api/departments/:id',
    { schema: { params: DepartmentIdParams, body: DepartmentInput, response: answers({ 200: Department }) }, config: { access: 'departments.manage' } },
    async (request) => {
      const { actor } = request;
      return updateDepartment(app.db, actor, request.params.id, request.body);
    },
  );

  // Review routes: approvers and admins read them; admins set them.
  app.get(
    '/api/departments/:id/approval-route',
    { schema: { params: DepartmentIdParams, response: answers({ 200: ApprovalRoute }) }, config: { access: 'approval.list' } },
    async (request) => getApprovalRoute(app.db, request.params.id),
  );

  app.put(
    '/api/departments/:id/approval-route',
    { schema: { params: DepartmentIdParams, body: ApprovalRouteInput, response: answers({ 200: ApprovalRoute }) }, config: { access: 'departments.manage' } },
    async (request) => putApprovalRoute(app.db, request.actor, request.params.id, request.body),
  );

  app.delete(
    '/api/departments/:id',
    { schema: { params: DepartmentIdParams, response: answers({ 200: MessageBody }) }, config: { access: 'departments.manage' } },
    async (request) => {
      const { actor } = request;
      await deleteDepartment(app.db, actor, request.params.id);
      return { message: 'Department deleted' };
    },
  );
};
