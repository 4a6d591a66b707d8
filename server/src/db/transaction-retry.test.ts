import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { CONCURRENT_CHANGE_MESSAGE } from '../http/error-handler';
import { createUser } from '../features/auth/auth.service';
import { openTestDatabase } from '../test/database';
import { signIn, TEST_PASSWORD } from '../test/factories';
import type { Database } from './client';
import { departments } from './schema';
import { TRANSACTION_ATTEMPTS } from './transaction-retry';

/**
 * A deadlock or serialization failure is retried a few times, then answered 409; it is
 * never a 500. (Two admins deleting each other on two instances used to give a 500.)
 */
let database: Database;
let app: App;
let attempts = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ db: database.db, sessionSecret: 'a-test-secret-that-is-long-enough-for-sessions' });
  // A route whose transaction always meets a deadlock, as a very busy moment would.
  app.post('/test/always-deadlocked', async () =>
    app.db.transaction(async () => {
      attempts += 1;
      throw Object.assign(new Error('deadlock detected'), { code: '40P01', severity: 'ERROR' });
    }),
  );
  app.post('/test/serialization-once', async () => {
    let first = true;
    return app.db.transaction(async () => {
      attempts += 1;
      if (first) {
        first = false;
        throw Object.assign(new Error('could not serialize access'), { cause: { code: '40001' } });
      }
      return { saved: true };
    });
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const isPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

describe('the transaction helper', () => {
  it(`retries a deadlock ${TRANSACTION_ATTEMPTS} times in all, then answers 409 with a clear message`, async () => {
    attempts = 0;
    const res = await app.inject({ method: 'POST', url: '/test/always-deadlocked', headers: { cookie: '' } });
    expect(attempts).toBe(TRANSACTION_ATTEMPTS);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: CONCURRENT_CHANGE_MESSAGE, code: 'concurrent_change' });
  });

  it('runs a transaction again after a serialization failure (40001) and answers its result', async () => {
    attempts = 0;
    const res = await app.inject({ method: 'POST', url: '/test/serialization-once' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ saved: true });
    expect(attempts).toBe(2);
  });

  it('does not retry other errors', async () => {
    let runs = 0;
    await expect(
      database.db.transaction(async () => {
        runs += 1;
        throw Object.assign(new Error('unique'), { code: '23505' });
      }),
    ).rejects.toThrow('unique');
    expect(runs).toBe(1);
  });

  // PGlite runs one query at a time, so two of its transactions can never deadlock.
  it.skipIf(!isPostgres())('recovers two transactions made to deadlock on PostgreSQL (skipped on PGlite: one query at a time)', async () => {
    const [a] = await database.db.insert(departments).values({ name: 'Deadlock A' }).returning();
    const [b] = await database.db.insert(departments).values({ name: 'Deadlock B' }).returning();
    let runs = 0;
    // Each side locks its first row, waits until the other has too, then reaches for the other's row.
    let arrived = 0;
    let release!: () => void;
    const bothLocked = new Promise<void>((resolve) => (release = resolve));
    const side = (first: number, second: number, label: string) =>
      database.db.transaction(async (tx) => {
        runs += 1;
        const retry = runs > 2;
        await tx.update(departments).set({ description: label }).where(eq(departments.id, first));
        if (!retry) {
          arrived += 1;
          if (arrived === 2) release();
          await bothLocked;
        }
        await tx.update(departments).set({ description: label }).where(eq(departments.id, second));
        return label;
      });
    const results = await Promise.all([side(a.id, b.id, 'one'), side(b.id, a.id, 'two')]);
    expect(results).toEqual(['one', 'two']);
    // PostgreSQL aborted one side (40P01); the helper ran it again once the other had committed.
    expect(runs).toBe(3);
    const rows = await database.db.select({ description: departments.description }).from(departments).where(sql`${departments.id} in (${a.id}, ${b.id})`);
    expect(new Set(rows.map((r) => r.description)).size).toBe(1);
  });

  it('answers two admins on two instances deleting each other at the same moment without a 500', async () => {
    const second = await buildApp({ db: database.db, sessionSecret: 'a-test-secret-that-is-long-enough-for-sessions' });
    await second.ready();
    const admin = (name: string) =>
      createUser(database.db, { username: name, password: TEST_PASSWORD, email: null, firstName: name, lastName: null, role: 'admin' }, null);
    const [one, two] = [await admin('captain.one'), await admin('captain.two')];
    const [cookieOne, cookieTwo] = [await signIn(app, one.username, TEST_PASSWORD), await signIn(second, two.username, TEST_PASSWORD)];
    const answers = await Promise.all([
      app.inject({ method: 'DELETE', url: `/api/admin/users/${two.id}`, headers: { cookie: cookieOne } }),
      second.inject({ method: 'DELETE', url: `/api/admin/users/${one.id}`, headers: { cookie: cookieTwo } }),
    ]);
    await second.close();
    const statuses = answers.map((a) => a.statusCode);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    // One of them wins; the other is refused (the last administrator stays) or finds itself gone.
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  });
});
