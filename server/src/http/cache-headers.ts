import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** `/api/...` however a client spells the prefix (`//api`, `/API`): such answers are never stored by a shared cache. */
const API_PATH = /^\/+api(?:[/?]|$)/i;
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers that keep answers out of shared caches and HTTPS sticky:
 * - an /api answer that carries an ETag (SOP list and detail, file downloads) is
 *   `private, no-cache`: the browser may keep it but asks again with If-None-Match;
 * - every other /api answer, errors included, is `no-store`;
 * - Strict-Transport-Security only on a request that arrived over HTTPS (directly, or by
 *   `X-Forwarded-Proto` when TRUST_PROXY trusts the proxy): over plain HTTP it would be
 *   ignored at best, and would pin a site to HTTPS it may not have.
 */
export function registerCacheHeaders(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!API_PATH.test(request.url)) return payload;
    const revalidatable = reply.statusCode < 400 && reply.hasHeader('etag');
    if (revalidatable) reply.header('cache-control', 'private, no-cache');
    else reply.header('cache-control', 'no-store').removeHeader('etag');
    return payload;
  });
}

/** Vite names every file under assets/ by its content hash: a changed file gets a new name. */
const HASHED_ASSET = /^assets\//;
/** A year, the longest any cache honours; `immutable` spares even the revalidation on reload. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * @fastify/static's setHeaders for the built client: the content-hashed files under assets/
 * are cached for good (a new build links new names from index.html, which is `no-cache`);
 * anything else (favicon.svg, files copied from public/) keeps revalidating.
 */
export function staticAssetHeaders(reply: { header: (name: string, value: string) => unknown }, filePath: string, root: string) {
  const relative = path.relative(root, filePath).split(path.sep).join('/');
  reply.header('cache-control', HASHED_ASSET.test(relative) ? IMMUTABLE : 'no-cache');
}

/** Weak comparison, as If-None-Match asks: `W/"x"` matches `"x"`. (`*` is not honoured: a plain answer is always correct.) */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
