import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardStats, recentActivity } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/dashboard/stats', { config: { access: 'sop.read' } }, async (request) => {
    const { actor } = request;
    return dashboardStats(app.db, actor);
  });

  app.get('/api/dashboard/activity', { config: { access: 'sop.read' } }, async (request) => {
    return recentActivity(app.db);
  });
};
