import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './features/auth/auth.routes';
import { departmentRoutes } from './features/departments/departments.routes';

/** Every feature's routes, registered once. Each feature owns its own plugin file. */
export const featureRoutes: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(departmentRoutes);
};
