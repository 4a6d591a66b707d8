import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { dataVersion, users } from '../db/schema';
import { createTestContext, crewOf, signIn, TEST_PASSWORD } from '../test/factories';
import { openTestDatabase } from '../test/database';

const { t, crew, admin } = await crewOf({ crew: 'user', admin: 'admin' });
const sidOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]).split('.')[0];
const versionNow = async () => Number((await t.db.select({ version: dataVersion.version }).from(dataVersion))[0].version);
/** Points the session row at another user without touching anything that moves the data version. */
const pointSessionAt = (cookie: string, userId: number) =>
  t.db.execute(sql`update session set sess = jsonb_set(sess::jsonb, '{userId}', to_jsonb(${userId}::int))::json where sid = ${sidOf(cookie)}`);
const userOf = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json().id;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a session read is held in memory while the data version stands', () => {
  it('serves reading requests from the held copy, and a write reads the session from the database', async () => {
    const cookie = await signIn(t.app, crew.username, TEST_PASSWORD);
    expect(await userOf(cookie)).toBe(crew.id);
    await pointSessionAt(cookie, admin.id);
    // The version did not move: the held copy answers.
    expect(await userOf(cookie)).toBe(crew.id);
    // A write never acts on a held copy: it reads the row, and acts as what the row says.
    const write = await t.app.inject({ method: 'POST', url: '/api/departments', headers: { cookie }, payload: {} });
    expect(write.statusCode).toBe(400);
    expect(await userOf(cookie)).toBe(admin.id);
    // A moved version drops every held copy.
    await pointSessionAt(cookie, crew.id);
    expect(await userOf(cookie)).toBe(admin.id);
    await t.db.update(dataVersion).set({ version: sql`${dataVersion.version} + 1` });
    expect(await userOf(cookie)).toBe(crew.id);
  });

  it('refuses a deactivated user at the next request', async () => {
    const gone = await t.signedInUser('user');
    expect((await t.as(gone, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    await t.db.update(users).set({ active: false }).where(eq(users.id, gone.id));
    expect((await t.as(gone, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await t.as(admin, { method: 'GET', url: '/api/user' })).json()).toMatchObject({ id: admin.id });
  });

  it('an ended session moves the data version, so another instance stops honouring the cookie within its freshness', async () => {
    const fresh = 100;
    const other = await t.anotherInstance({ dataFreshMs: fresh });
    const cookie = await signIn(t.app, crew.username, TEST_PASSWORD);
    const ask = () => other.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect((await ask()).statusCode).toBe(200);
    const before = await versionNow();
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })).statusCode).toBe(200);
    expect(await versionNow()).toBeGreaterThan(before);
    await sleep(fresh + 20);
    expect((await ask()).statusCode).toBe(401);
  });

  it('a reading request takes a recent version, and a write answered here is seen by the next request at once', async () => {
    // A window far longer than the test: what the instance did not do itself stays unseen.
    const other = await t.anotherInstance({ dataFreshMs: 10 * 60_000 });
    const cookie = await signIn(other.app, admin.username, TEST_PASSWORD);
    const tagOf = async () => (await other.app.inject({ method: 'GET', url: '/api/sops', headers: { cookie } })).headers.etag;
    const first = await tagOf();
    await t.db.update(dataVersion).set({ version: sql`${dataVersion.version} + 1` });
    expect(await tagOf()).toBe(first);
    const made = await other.app.inject({ method: 'POST', url: '/api/departments', headers: { cookie }, payload: { name: 'Spa and Wellness' } });
    expect(made.statusCode).toBe(201);
    const next = await tagOf();
    expect(next).not.toBe(first);
    expect(next).toContain(`v${await versionNow()}`);
  });
});

describe('on a database served over connections (the embedded one on disk, or PostgreSQL)', () => {
  it('answers many requests of one person at once', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'sop-session-'));
    const database = process.env.TEST_DATABASE_URL ? await openTestDatabase() : await openDatabase({ dataDir: path.join(work, 'db') });
    const served = await createTestContext({ database, jobs: 'manual', dataFreshMs: 100 });
    try {
      const person = await served.signedInUser('user');
      const answers = await Promise.all(Array.from({ length: 30 }, () => served.as(person, { method: 'GET', url: '/api/departments' })));
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
      expect((await served.as(person, { method: 'GET', url: '/api/user' })).json()).toMatchObject({ id: person.id });
    } finally {
      await served.close();
      rmSync(work, { recursive: true, force: true });
    }
  });
});
