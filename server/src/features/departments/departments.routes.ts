import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DepartmentIdParams, DepartmentInput } from '../../../../common/contracts/departments';
import { listDepartments } from './departments.service';
import { createDepartment, deleteDepartment, updateDepartment } from './departments.write';

export const departmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/departments', { config: { access: 'sop.read' } }, async () => listDepartments(app.db));

  app.post('/api/departments', { schema: { body: DepartmentInput }, config: { access: 'departments.manage' } }, async (request, reply) => {
    const { actor } = request;
    const department = await createDepartment(app.db, actor, request.body);
    return reply.status(201).send(department);
  });

  app.put('/api/departments/:id', { schema: { params: DepartmentIdParams, body: DepartmentInput }, config: { access: 'departments.manage' } }, async (request) => {
    const { actor } = request;
    return updateDepartment(app.db, actor, request.params.id, request.body);
  });

  app.delete('/api/departments/:id', { schema: { params: DepartmentIdParams }, config: { access: 'departments.manage' } }, async (request) => {
    const { actor } = request;
    await deleteDepartment(app.db, actor, request.params.id);
    return { message: 'Department deleted' };
  });
};
