import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A request another site makes the browser send is refused before anything happens when it
 * changes state, or when it is a GET that records an action in the user's name (route config
 * `recordsAction`, the controlled copy): a link on another site would otherwise write to the
 * audit trail as the signed-in victim. The browser says where a request comes from with
 * `Sec-Fetch-Site` (all current browsers) and, for most requests, `Origin`; the Origin must
 * name this very server (scheme, host and port). Requests with neither (scripts, curl, old
 * browsers following a link) pass: SameSite=Lax keeps cross-site sub-requests unauthenticated.
 *
 * Behind a reverse proxy the server sees the proxy's request: with TRUST_PROXY set, the
 * scheme and host come from X-Forwarded-Proto and X-Forwarded-Host, so the proxy must send
 * both (or pass Host through); without it, a proxy that terminates TLS makes every browser
 * Origin (https) differ from what the server sees (http), and state-changing requests fail.
 */
export function registerOriginCheck(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) && !request.routeOptions.config?.recordsAction) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw crossSite();
    const origin = request.headers.origin;
    if (origin && !isOwnOrigin(origin, request)) throw crossSite();
  });
}

const crossSite = () => forbidden('Cross-site request refused', 'cross_site');

/** Whether `origin` is this server as the browser addressed it: same scheme, host and port. */
function isOwnOrigin(origin: string, request: FastifyRequest): boolean {
  try {
    // request.protocol and request.host honour X-Forwarded-Proto/-Host only when TRUST_PROXY is set.
    // URL drops a scheme's default port on both sides, so https://a and https://a:443 are equal.
    return new URL(origin).origin === new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return false;
  }
}
