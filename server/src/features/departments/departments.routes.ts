import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccess } from '../../http/access';
import { listDepartments } from './departments.service';

export const departmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/departments', async (request) => {
    requireAccess(request, 'sop.read');
    return listDepartments(app.db);
  });
};
