import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySession from '@fastify/session';
import helmet from 'helmet';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { MAX_FILE_BYTES } from '../../common/limits';
import type { SessionUser } from '../../common/contracts/auth';
import { HealthOk, HealthUnavailable } from '../../common/contracts/health';
import type { Db } from './db/client';
import type { Action } from '../../common/permissions';
import { createDocumentWorkers, type DocumentWorkerOptions, type DocumentWorkers } from './documents/worker-pool';
import { checkRouteAccess, registerActor, requireAccessRule } from './http/access';
import { registerCacheHeaders } from './http/cache-headers';
import { registerClientShell } from './http/client-shell';
import { registerErrorHandler } from './http/error-handler';
import { withSafeLogging } from './http/log-serializers';
import { registerOriginCheck } from './http/origin-check';
import { answers, requireResponseSchema } from './http/responses';
import { createDataClock } from './http/data-clock';
import { rememberedSigner } from './http/remembered-signer';
import { createSessionStore } from './http/session-store';
import { createReplayedAnswers, type ReplayedAnswers, serverWithReplays } from './http/replayed-answers';
import { registerUploadSlots, type UploadLimits } from './http/upload-slots';
import { type AnswerCache, createAnswerCache } from './http/versioned-answer';
import { keepSessionAlive, SESSION_IDLE_MS, withinAbsoluteLifetime } from './features/auth/session-lifetime.http';
import { findActiveUser } from './features/users/users.service';
import { featureRoutes } from './routes';
import { type FleetInstance, OFFICE } from './features/fleet/instance.helper';
import type { BackupSchedule } from './features/backups/scheduled-backups.service';
import type { MailConfig } from './features/mail/mailer.service';
import { createNotifier, type Notifier } from './features/mail/notify.service';
import { type FleetLink, NO_LINK } from './features/fleet/link.helper';
import { createSsoClient, type OidcConfig, type SsoClient } from './features/auth/oidc-client.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, registration, logout). */
    public?: boolean;
    /**
     * The route's action, checked before validation: a role whose rule for this action is
     * `no` is refused (not on a public route). Owner and submitter rules are decided in the
     * service. On a ship a write is 409 `office_only` unless its action is one a ship makes
     * (ON_SHIP in common/permissions.ts).
     */
    access?: Action;
    /** A GET that records an action in the user's name: refused when another site sends it. */
    recordsAction?: boolean;
  }
  interface FastifyInstance {
    db: Db;
    /** The last built SOP answers, reused until the database's data version moves. */
    answerCache: AnswerCache;
    /** Document work a request waits for (controlled copies, itinerary tables), off this thread. */
    documentWorkers: DocumentWorkers;
    /** The office, or the copy on board one vessel. */
    instance: FleetInstance;
    /** This instance's link to the rest of the fleet (none: an office without NATS_URL). */
    fleetLink: FleetLink;
    /** Null: this server makes no backups by itself (no BACKUP_DIR). */
    backups: BackupSchedule | null;
    /** Null: this server sends no e-mail (no SMTP_URL). */
    mail: MailConfig | null;
    /** Null: no notification e-mail (no SMTP_URL). */
    notifier: Notifier | null;
    /** Null: no sign-in through the company's identity provider (no OIDC_ISSUER). */
    sso: SsoClient | null;
  }
  interface FastifyRequest {
    /** The signed-in user, or null (set by the preParsing hook). */
    user: SessionUser | null;
    /** The signed-in user; reading it without one answers 401. Every non-public /api route has one. */
    readonly actor: SessionUser;
    /** The data version read with the signed-in user at the start of the request, else null. */
    dataVersion: number | null;
    /** performance.now() when the request arrived. */
    arrivedAt: number;
  }
  interface Session {
    userId?: number;
    /** When the session's expiry was last pushed forward (ms since epoch). */
    touchedAt?: number;
    /** When the user signed in (ms since epoch): the session ends 7 days later however active. */
    signedInAt?: number;
  }
}

export interface AppOptions {
  db: Db;
  sessionSecret: string;
  /** Built client to serve with an SPA fallback; skipped when absent (API-only tests). */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Reverse proxies in front of the app: their number (hops), or false for none. */
  trustProxy?: number | false;
  /** Uploads in flight per user and in total (defaults in upload-slots.ts). */
  uploadLimits?: UploadLimits;
  /** Limits of the document workers requests use (one process, started on first use). */
  documents?: Omit<DocumentWorkerOptions, 'workers'>;
  /** The office (default) or a ship's copy. */
  instance?: FleetInstance;
  /** Scheduled backups, when BACKUP_DIR is set: the admin routes show and request them. */
  backups?: BackupSchedule;
  /** E-mail, when SMTP_URL is set: routes queue messages for the mail job. */
  mail?: MailConfig;
  /** PUBLIC_URL: the address links in e-mail point to. */
  publicUrl?: string;
  /** The company's identity provider, when OIDC_ISSUER is set: the sign-in screen offers it. */
  oidc?: OidcConfig;
  /** Starts its link to the fleet, when it has one; the link is closed with the app. */
  fleetLink?: (log: FastifyBaseLogger) => FleetLink & { close(): Promise<void> };
  /**
   * How old a data version a reading request may take, in ms (default 100): a busy instance then
   * reads it a few times a second, not per request. Tests that change the database behind the
   * app's back pass 0.
   */
  dataFreshMs?: number;
  /** Shown every route as it is registered, with its options (tests walk the route table and its rules). */
  onRoute?: (route: RouteOptions) => void;
}

const SESSION_COOKIE = 'sop.sid';
/** Requests that only read: they may take a session held in memory and a recent data version. */
const READING_METHODS = new Set(['GET', 'HEAD']);

export async function buildApp(opts: AppOptions) {
  // Repeated reading requests are answered in front of the framework (see replayed-answers.ts).
  let replayed: ReplayedAnswers | undefined;
  const app = Fastify({
    serverFactory: serverWithReplays(() => replayed),
    logger: withSafeLogging(opts.logger),
    // Trust the nearest `trustProxy` hops (the proxies' own entries): the client address is the
    // one the outermost of them saw, so X-Forwarded-For entries a client writes itself are ignored.
    // (Fastify treats a bare number as "trust nothing", hence the function.)
    trustProxy: opts.trustProxy ? (_address: string, hop: number) => hop < (opts.trustProxy as number) : false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', opts.db);
  app.decorate('answerCache', createAnswerCache());
  app.decorate<FleetInstance>('instance', opts.instance ?? OFFICE);
  app.decorate<BackupSchedule | null>('backups', opts.backups ?? null);
  app.decorate<MailConfig | null>('mail', opts.mail ?? null);
  // The office sends notification mail, once: a ship's copy of the same records would repeat it.
  app.decorate<Notifier | null>('notifier', createNotifier(app.instance.kind === 'office' ? opts.mail : undefined, opts.publicUrl));
  app.decorate<SsoClient | null>('sso', opts.oidc ? createSsoClient(opts.oidc) : null);
  const fleetLink = opts.fleetLink?.(app.log.child({ fleet: app.instance.kind === 'ship' ? app.instance.vessel : 'office' }));
  app.decorate<FleetLink>('fleetLink', fleetLink ?? NO_LINK);
  if (fleetLink) app.addHook('onClose', () => fleetLink.close());
  const documentWorkers = createDocumentWorkers({ ...opts.documents, workers: 1 });
  app.decorate('documentWorkers', documentWorkers);
  app.addHook('onClose', () => documentWorkers.close());
  app.addHook('onRoute', requireResponseSchema);
  app.addHook('onRoute', requireAccessRule);
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  registerActor(app);

  registerErrorHandler(app);
  // Built once: the headers are the same for every answer (a plugin building them per request
  // cost a tenth of a cached list's time).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The installable app: its service worker and manifest come from the app itself.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Sent by registerCacheHeaders, and only over HTTPS.
    hsts: false,
  });
  // The data clock and the sessions held in memory (see below), and the repeated reading
  // requests they let the server answer again without the app.
  const dataClock = createDataClock(opts.db, opts.dataFreshMs ?? 100);
  const sessionStore = createSessionStore(opts.db, dataClock);
  replayed = createReplayedAnswers(sessionStore, dataClock, app.log);
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
  registerCacheHeaders(app);
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
  // Signed cookies (the device cookie) use the session secret too: a new secret forgets them.
  await app.register(fastifyCookie, { secret: opts.sessionSecret });
  // When the request arrived, before its session is read: a reading request (GET, HEAD) takes a
  // data version read since `dataFreshMs` before, and with it any session held in memory that
  // was read at that version; a write always reads its session from the database.
  app.decorateRequest('arrivedAt', 0);
  app.decorateRequest('heldSession', undefined);
  app.decorateRequest('replayable', false);
  app.addHook('onRequest', async (request) => {
    request.arrivedAt = performance.now();
    const signed = request.cookies[SESSION_COOKIE];
    if (!signed) return;
    if (READING_METHODS.has(request.method)) await dataClock.versionFor(request.arrivedAt);
    else sessionStore.forget(signed.slice(0, Math.max(0, signed.lastIndexOf('.'))));
  });
  // A change this instance answered is seen by the next request, whoever makes it.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READING_METHODS.has(request.method)) dataClock.moved();
    return payload;
  });
  await app.register(fastifySession, {
    secret: rememberedSigner(opts.sessionSecret),
    cookieName: SESSION_COOKIE,
    store: sessionStore,
    saveUninitialized: false,
    rolling: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: SESSION_IDLE_MS, path: '/' },
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 10, fields: 20, fieldSize: 64 * 1024 },
  });

  // Before the body is parsed (so a malformed body signed out is still 401) and before any
  // upload is read: who is asking, and may they call this route at all. The user is re-read
  // on every request, so a deactivated user or a changed role takes effect at once.
  app.addHook('preParsing', async (request, _reply, payload) => {
    const userId = request.session?.userId;
    if (userId) {
      const held = sessionStore.held(request.session.sessionId);
      const found = !withinAbsoluteLifetime(request.session) ? undefined : held?.userId === userId ? held : await findActiveUser(app.db, userId);
      const user = found?.user;
      if (user) {
        request.dataVersion = dataClock.known();
        request.user = user;
        if (found === held) request.heldSession = held;
        keepSessionAlive(request.session);
      } else await request.session.destroy();
    }
    checkRouteAccess(request);
    return payload;
  });

  registerUploadSlots(app, opts.uploadLimits);
  app.addHook('onSend', replayed.recordHook);

  app.get('/healthz', { schema: { response: answers({ 200: HealthOk, 503: HealthUnavailable }) } }, async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const };
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'Database unreachable', code: 'unavailable' });
    }
  });

  await app.register(featureRoutes);

  await registerClientShell(app, opts.clientDir);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
