import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardStats, RecentActivity } from '../../../../common/contracts/dashboard';
import { answers } from '../../http/responses';
import { viewOf } from '../sops/sop-visibility.service';
import { dashboardStats, recentActivity } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/dashboard/stats', { schema: { response: answers({ 200: DashboardStats }) }, config: { access: 'sop.read' } }, async (request) => {
    const { actor } = request;
    return dashboardStats(app.db, actor);
  });

  app.get('/api/dashboard/activity', { schema: { response: answers({ 200: RecentActivity }) }, config: { access: 'sop.read' } }, async (request) => {
    return recentActivity(app.db, viewOf(request.actor));
  });
};
