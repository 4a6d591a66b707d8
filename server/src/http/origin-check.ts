import type { FastifyInstance } from 'fastify';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing request whose Origin names another site is refused. Requests with no
 * Origin (scripts, curl) pass: SameSite=Lax cookies already keep browsers' cross-site
 * requests unauthenticated.
 */
export function registerOriginCheck(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw forbidden('Cross-site request refused', 'cross_site');
    }
    // request.host honours X-Forwarded-Host only when TRUST_PROXY is set.
    if (originHost !== request.host) throw forbidden('Cross-site request refused', 'cross_site');
  });
}
