import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import type { SessionUser } from '../../../common/contracts/auth';
import type { Role } from '../../../common/roles';
import { type App, type AppOptions, buildApp } from '../app';
import { type BackgroundJobs, createBackgroundJobs } from '../background-jobs';
import { type Database, type Db, openDatabase } from '../db/client';
import { fileStoreDir } from '../files/store';
import { buildUser } from './builders';
import { openTestDatabase } from './database';

/**
 * Test data and the app it runs in, in one place: `crewOf`/`createTestContext` build the app
 * over a fresh database and sign users in; `build*` (from ./builders) write rows straight to
 * the tables, for tests that are not about creating them. Requests as a user go through ./client.
 */

export {
  type BuildSopOptions,
  buildAuditEvents,
  buildDepartment,
  buildMarineAndHotel,
  buildSop,
  buildUser,
  next,
  openRegistration,
  TEST_PASSWORD,
} from './builders';

export const TEST_SESSION_SECRET = 'a-test-secret-that-is-long-enough-for-sessions';

export interface TestUser extends SessionUser {
  password: string;
  /** The session cookie header of this user, signed in over HTTP. */
  cookie: string;
}

export interface TestContext {
  app: App;
  db: Db;
  /** Background jobs over this database: running unless created with `{ jobs: 'manual' }`. */
  jobs: BackgroundJobs;
  close(): Promise<void>;
  /** Creates a user with the role and signs them in; the name is unique per call. */
  signedInUser(role: Role, overrides?: UserOverrides): Promise<TestUser>;
  /** app.inject with the user's session cookie (and no Origin, as a script would send). */
  as(user: TestUser | null, options: InjectOptions): Promise<LightMyRequestResponse>;
  /**
   * Another app instance over the same database, as a second server would run: on
   * PostgreSQL through its own connection pool; the embedded database allows one connection,
   * so there it shares this one. Closed with the context.
   */
  anotherInstance(opts?: {
    sessionSecret?: string;
    trustProxy?: number;
    instance?: AppOptions['instance'];
    oidc?: AppOptions['oidc'];
    onRoute?: AppOptions['onRoute'];
    dataFreshMs?: number;
    logger?: AppOptions['logger'];
  }): Promise<{ app: App; db: Db }>;
}

/**
 * One app over a fresh database per test file: `const t = await createTestContext()` in
 * beforeAll. Jobs (previews) run in the background as on a server; with `{ jobs: 'manual' }`
 * nothing runs until the test calls `t.jobs.runUntilIdle()`. A test that needs a particular
 * database (on disk, say) passes it; close() closes it too.
 */
export type TestContextOptions = Pick<
  AppOptions,
  'uploadLimits' | 'trustProxy' | 'instance' | 'backups' | 'mail' | 'publicUrl' | 'oidc' | 'fleetLink' | 'dataFreshMs'
> & {
  /** First retry delay of failed jobs (default 5 s). */
  retryDelayMs?: number;
  jobs?: 'background' | 'manual';
  database?: Database & { url?: string };
};

export async function createTestContext(opts: TestContextOptions = {}): Promise<TestContext> {
  const { jobs: jobMode, database: given, retryDelayMs: _retryDelayMs, ...appOptions } = opts;
  const database = given ?? (await openTestDatabase());
  // Tests change rows behind the app's back and ask at once: each reading request reads the data version.
  const app = await buildApp({ dataFreshMs: 0, ...appOptions, db: database.db, sessionSecret: TEST_SESSION_SECRET });
  await app.ready();
  // Backups read through the pool: a database on disk or PostgreSQL (in-memory PGlite has none).
  const backups = opts.backups && database.pool ? { ...opts.backups, pool: database.pool, fileDir: fileStoreDir() } : undefined;
  const jobs = createBackgroundJobs({
    db: database.db,
    log: app.log,
    pollMs: 250,
    backups,
    mail: opts.mail,
    notifier: app.notifier,
    retryDelayMs: opts.retryDelayMs,
  });
  if (jobMode !== 'manual') jobs.start();

  const extra: Array<() => Promise<void>> = [];
  const context: TestContext = {
    app,
    db: database.db,
    jobs,
    async close() {
      await jobs.stop();
      for (const closeExtra of extra.reverse()) await closeExtra();
      await app.close();
      await database.close();
    },
    async anotherInstance(opts = {}) {
      const second = database.url ? await openDatabase({ databaseUrl: database.url }) : undefined;
      const db = second?.db ?? database.db;
      const other = await buildApp({
        db,
        dataFreshMs: opts.dataFreshMs ?? 0,
        sessionSecret: opts.sessionSecret ?? TEST_SESSION_SECRET,
        trustProxy: opts.trustProxy,
        instance: opts.instance,
        oidc: opts.oidc,
        onRoute: opts.onRoute,
        logger: opts.logger,
      });
      await other.ready();
      extra.push(async () => {
        await other.close();
        await second?.close();
      });
      return { app: other, db };
    },
    async signedInUser(role, overrides = {}) {
      const user = await buildUser(database.db, { ...overrides, role });
      const cookie = await signIn(app, user.username, user.password);
      return { ...user, cookie };
    },
    as(user, options) {
      const headers = { ...(options.headers ?? {}), ...(user ? { cookie: user.cookie } : {}) };
      return app.inject({ ...options, headers });
    },
  };
  return context;
}

type UserOverrides = Partial<Pick<SessionUser, 'username' | 'firstName' | 'lastName' | 'email'>>;

/**
 * The opening most route test files share, at the file's top level:
 * `const { t, admin, owner } = await crewOf({ admin: 'admin', owner: 'user' });` creates the
 * file's context (closed after its last test) and signs in one new user per name, in the order
 * written, with the role given (or `{ role, ...overrides }` for a user with a particular name).
 */
export async function crewOf<R extends Record<string, Role | ({ role: Role } & UserOverrides)> & { t?: never }>(
  roles: R = {} as R,
  opts: TestContextOptions = {},
): Promise<{ t: TestContext } & { [K in keyof R]: TestUser }> {
  const t = await createTestContext(opts);
  afterAll(() => t.close());
  const users: Record<string, TestUser> = {};
  for (const [name, spec] of Object.entries(roles)) {
    const { role, ...overrides } = typeof spec === 'string' ? { role: spec } : spec;
    users[name] = await t.signedInUser(role, overrides);
  }
  return { ...(users as { [K in keyof R]: TestUser }), t };
}

export async function signIn(app: App, username: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed for ${username}: ${response.statusCode} ${response.body}`);
  return sessionCookie(response);
}

export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'sop.sid');
  if (!cookie) throw new Error('no session cookie in the response');
  return `${cookie.name}=${cookie.value}`;
}
