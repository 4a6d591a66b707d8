import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './features/auth/auth.routes';

/** Every feature's routes, registered once. Each feature owns its own plugin file. */
export const featureRoutes: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
};
