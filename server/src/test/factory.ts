import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { PublicUser } from '../../../common/contracts/auth';
import type { Role } from '../../../common/roles';
import { type App, buildApp } from '../app';
import type { Db } from '../db/client';
import { createUser } from '../features/auth/auth.service';
import { openTestDatabase } from './database';

export const TEST_PASSWORD = 'correct-horse-battery';

export interface TestUser extends PublicUser {
  password: string;
  /** The session cookie header of this user, signed in over HTTP. */
  cookie: string;
}

export interface TestContext {
  app: App;
  db: Db;
  close(): Promise<void>;
  /** Creates a user with the role and signs them in; the name is unique per call. */
  signedInUser(role: Role, overrides?: Partial<Pick<PublicUser, 'username' | 'firstName' | 'lastName' | 'email'>>): Promise<TestUser>;
  /** app.inject with the user's session cookie (and no Origin, as a script would send). */
  as(user: TestUser | null, options: InjectOptions): Promise<LightMyRequestResponse>;
}

let counter = 0;

/** One app over a fresh database per test file: `const t = await createTestContext()` in beforeAll. */
export async function createTestContext(): Promise<TestContext> {
  const database = await openTestDatabase();
  const app = await buildApp({ db: database.db, sessionSecret: 'a-test-secret-that-is-long-enough-for-sessions' });
  await app.ready();

  const context: TestContext = {
    app,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
    },
    async signedInUser(role, overrides = {}) {
      counter += 1;
      const username = overrides.username ?? `${role}${counter}${Math.random().toString(36).slice(2, 6)}`;
      const user = await createUser(
        database.db,
        {
          username,
          password: TEST_PASSWORD,
          email: overrides.email ?? null,
          firstName: overrides.firstName ?? `First${counter}`,
          lastName: overrides.lastName ?? `Last${counter}`,
          role,
        },
        null,
      );
      const cookie = await signIn(app, username, TEST_PASSWORD);
      return { ...user, password: TEST_PASSWORD, cookie };
    },
    as(user, options) {
      const headers = { ...(options.headers ?? {}), ...(user ? { cookie: user.cookie } : {}) };
      return app.inject({ ...options, headers });
    },
  };
  return context;
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
