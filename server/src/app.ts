import { existsSync } from 'node:fs';
import { constants as zlibConstants } from 'node:zlib';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifySession from '@fastify/session';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { MAX_FILE_BYTES } from '../../common/limits';
import type { PublicUser } from '../../common/contracts/auth';
import type { Db } from './db/client';
import type { Action } from '../../common/permissions';
import { assertCan, requireUser } from './http/access';
import { registerErrorHandler } from './http/error-handler';
import { notFound } from './http/errors';
import { registerOriginCheck } from './http/origin-check';
import { createSessionStore } from './http/session-store';
import { findPublicUser } from './features/users/users.repo';
import { featureRoutes } from './routes';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, registration, logout). */
    public?: boolean;
    /** The permission every caller of this route needs, checked before validation. */
    access?: Action;
  }
  interface FastifyInstance {
    db: Db;
  }
  interface FastifyRequest {
    user: PublicUser | null;
  }
  interface Session {
    userId?: number;
    /** When the session's expiry was last pushed forward (ms since epoch). */
    touchedAt?: number;
  }
}

export interface AppOptions {
  db: Db;
  sessionSecret: string;
  /** Built client to serve with an SPA fallback; skipped when absent (API-only tests). */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
}

const SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;
/** A busy user's session is extended at most this often: reads never write on every request. */
const SESSION_TOUCH_MS = 15 * 60 * 1000;

export async function buildApp(opts: AppOptions) {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', opts.db);
  app.decorateRequest('user', null);

  registerErrorHandler(app);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Ships work over satellite links: JSON and the client's assets travel compressed.
  // Stored files are sent as they are (PDFs and Office files are compressed already).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    customTypes: /^(application\/json|text\/|application\/javascript|image\/svg\+xml)/,
  });
  registerOriginCheck(app);
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: opts.sessionSecret,
    cookieName: 'sop.sid',
    store: createSessionStore(opts.db),
    saveUninitialized: false,
    rolling: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: SESSION_MAX_AGE_MS, path: '/' },
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 10, fields: 20, fieldSize: 64 * 1024 },
  });

  // Before any input is validated or any upload is read: who is asking, and may they call
  // this route at all. The user is re-read on every request, so a deleted user or a
  // changed role takes effect at once.
  app.addHook('preValidation', async (request) => {
    const userId = request.session?.userId;
    if (userId) {
      const user = await findPublicUser(app.db, userId);
      if (user) {
        request.user = user;
        keepSessionAlive(request.session);
      } else await request.session.destroy();
    }
    const { url, config } = request.routeOptions;
    if (!url?.startsWith('/api/') || config?.public) return;
    const actor = requireUser(request);
    if (config?.access) assertCan(actor, config.access);
  });

  app.get('/healthz', async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'Database unreachable' });
    }
  });

  await app.register(featureRoutes);

  const indexHtml = opts.clientDir ? path.join(opts.clientDir, 'index.html') : undefined;
  const serveClient = indexHtml !== undefined && existsSync(indexHtml);
  if (serveClient) {
    await app.register(fastifyStatic, { root: opts.clientDir!, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || !serveClient) throw notFound(`No such endpoint: ${request.method} ${request.url.split('?')[0]}`);
    if (request.method !== 'GET' && request.method !== 'HEAD') throw notFound();
    // Every screen route (and unknown paths, which the client renders as 'Page Not Found').
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Sliding expiry without a write per request: the session is re-saved (and its cookie
 * re-sent) only when it was last extended more than SESSION_TOUCH_MS ago.
 */
function keepSessionAlive(session: FastifyRequest['session']) {
  if (Date.now() - (session.touchedAt ?? 0) < SESSION_TOUCH_MS) return;
  session.touch();
  session.touchedAt = Date.now();
}
