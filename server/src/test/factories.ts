import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import type { SessionUser } from '../../../common/contracts/auth';
import type { Role } from '../../../common/roles';
import { type App, type AppOptions, buildApp } from '../app';
import { type BackgroundJobs, createBackgroundJobs } from '../background-jobs';
import { type Database, type Db, openDatabase } from '../db/client';
import { fileStoreDir } from '../files/store';
import { openTestDatabase } from './database';
import { eq } from 'drizzle-orm';
import { INITIAL_STATUS, type SopStatus, SUBMITTED_STATUS } from '../../../common/sop-lifecycle';
import { approvalTasks, departments, sopVersions, sops } from '../db/schema';
import { createUser } from '../features/auth/auth.service';

/**
 * Test data and the app it runs in, in one place: `crewOf`/`createTestContext` build the app
 * over a fresh database and sign users in; `build*` write rows straight to the tables, for
 * tests that are not about creating them. Requests as a user go through ./client.
 */

let counter = 0;
/** A number no other call in this test file gets: for unique names. */
export const next = () => ++counter;

export const TEST_PASSWORD = 'correct-horse-battery';

/** An account with the role; the name is unique per call unless given. */
export async function buildUser(
  db: Db,
  values: Partial<Omit<SessionUser, 'id'>> & { role?: Role; password?: string } = {},
): Promise<SessionUser & { password: string }> {
  const n = next();
  const role = values.role ?? 'user';
  const password = values.password ?? TEST_PASSWORD;
  const user = await createUser(
    db,
    {
      username: values.username ?? `${role}${n}${Math.random().toString(36).slice(2, 6)}`,
      password,
      email: values.email ?? null,
      firstName: values.firstName === undefined ? `First${n}` : values.firstName,
      lastName: values.lastName === undefined ? `Last${n}` : values.lastName,
      role,
    },
    null,
  );
  return { ...user, password };
}

/** A division, or a department under `parentId`. */
export async function buildDepartment(db: Db, name = `Department ${next()}`, parentId: number | null = null) {
  const [row] = await db.insert(departments).values({ name, parentId }).returning();
  return row;
}

/** The usual test fleet: Marine (with Deck and Engine under it) and Hotel; their ids. */
export async function buildMarineAndHotel(db: Db) {
  const marine = (await buildDepartment(db, 'Marine')).id;
  const deck = (await buildDepartment(db, 'Deck', marine)).id;
  const engine = (await buildDepartment(db, 'Engine', marine)).id;
  const hotel = (await buildDepartment(db, 'Hotel')).id;
  return { marine, deck, engine, hotel };
}

export interface BuildSopOptions {
  /** A new department unless given. */
  departmentId?: number;
  /** A new user (role user) unless given. */
  ownerId?: number;
  title?: string;
  versionNumber?: string;
  content?: string;
  status?: SopStatus;
  /** Who submitted the version (the owner unless given); null for a draft never submitted, with no task. */
  submittedBy?: number | null;
  submittedAt?: Date;
  taskCreatedAt?: Date;
}

/**
 * An SOP with one version, submitted for approval with a pending task unless submittedBy is
 * null. Its department and owner are created when not given.
 */
export async function buildSop(db: Db, given: BuildSopOptions = {}) {
  const opts = {
    ...given,
    departmentId: given.departmentId ?? (await buildDepartment(db)).id,
    ownerId: given.ownerId ?? (await buildUser(db)).id,
  };
  const title = opts.title ?? `Mooring procedure ${next()}`;
  const submittedBy = opts.submittedBy === undefined ? opts.ownerId : opts.submittedBy;
  const [sop] = await db
    .insert(sops)
    .values({
      title,
      departmentId: opts.departmentId,
      ownerId: opts.ownerId,
      status: opts.status ?? (submittedBy === null ? INITIAL_STATUS : SUBMITTED_STATUS),
    })
    .returning();
  const [version] = await db
    .insert(sopVersions)
    .values({
      sopId: sop.id,
      versionNumber: opts.versionNumber ?? '1.0',
      content: opts.content ?? '# Purpose\n\nSecure the vessel alongside.',
      changelog: 'Initial version',
      createdBy: opts.ownerId,
      submittedBy,
      submittedAt: submittedBy === null ? null : (opts.submittedAt ?? new Date()),
    })
    .returning();
  await db.update(sops).set({ latestVersionId: version.id }).where(eq(sops.id, sop.id));
  const task =
    submittedBy === null
      ? null
      : (
          await db
            .insert(approvalTasks)
            .values({ versionId: version.id, ...(opts.taskCreatedAt ? { createdAt: opts.taskCreatedAt } : {}) })
            .returning()
        )[0];
  return { sop, version, task };
}

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
  }): Promise<{ app: App; db: Db }>;
}

/**
 * One app over a fresh database per test file: `const t = await createTestContext()` in
 * beforeAll. Jobs (previews) run in the background as on a server; with `{ jobs: 'manual' }`
 * nothing runs until the test calls `t.jobs.runUntilIdle()`. A test that needs a particular
 * database (on disk, say) passes it; close() closes it too.
 */
export type TestContextOptions = Pick<AppOptions, 'uploadLimits' | 'trustProxy' | 'instance' | 'backups' | 'mail' | 'publicUrl' | 'oidc'> & {
  /** First retry delay of failed jobs (default 5 s). */
  retryDelayMs?: number;
  jobs?: 'background' | 'manual';
  database?: Database & { url?: string };
};

export async function createTestContext(opts: TestContextOptions = {}): Promise<TestContext> {
  const { jobs: jobMode, database: given, retryDelayMs: _retryDelayMs, ...appOptions } = opts;
  const database = given ?? (await openTestDatabase());
  const app = await buildApp({ ...appOptions, db: database.db, sessionSecret: TEST_SESSION_SECRET });
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
        sessionSecret: opts.sessionSecret ?? TEST_SESSION_SECRET,
        trustProxy: opts.trustProxy,
        instance: opts.instance,
        oidc: opts.oidc,
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
