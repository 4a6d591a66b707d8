import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { staticAssetHeaders } from './cache-headers';
import { notFound } from './errors';

/**
 * The built client beside the API, when `clientDir` holds one: its files as they are, and
 * index.html for every screen path. Without one (API-only tests) an unknown path is a 404 answer.
 */
export async function registerClientShell(app: FastifyInstance, clientDir: string | undefined) {
  const indexHtml = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const serveClient = indexHtml !== undefined && existsSync(indexHtml);
  if (serveClient) {
    const root = path.resolve(clientDir!);
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // Brotli and gzip files written beside each asset at build time (vite.config.ts) are sent
      // as they are, instead of compressing the same bytes again on every request.
      preCompressed: true,
      setHeaders: (reply, filePath) => staticAssetHeaders(reply, filePath, root),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    // '//api/..' and '/API/..' are API paths a client mistyped, not screens of the app.
    if (/^\/+api(\/|$)/i.test(pathname) || !serveClient) throw notFound(`No such endpoint: ${request.method} ${pathname}`);
    if (request.method !== 'GET' && request.method !== 'HEAD') throw notFound();
    // Every screen route (and unknown paths, which the client renders as 'Page Not Found').
    // cacheControl: false keeps our header (the plugin would send `public, max-age=0`).
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
}
