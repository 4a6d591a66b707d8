import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { dataVersion, users } from '../db/schema';
import { createTestContext, crewOf } from '../test/factories';
import { openTestDatabase } from '../test/database';
import { createSessionStore } from './session-store';

const { t, crew, admin } = await crewOf({ crew: 'user', admin: 'admin' });
const sidOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]).split('.')[0];
const get = (store: ReturnType<typeof createSessionStore>, sid: string) =>
  new Promise<unknown>((resolve, reject) => store.get(sid, (err, session) => (err ? reject(err) : resolve(session))));

describe('a session is read with its user and the data version in one query', () => {
  it('hands the reading to the same request once, and never one begun before the request arrived', async () => {
    const store = createSessionStore(t.db);
    const sid = sidOf(crew.cookie);
    const arrived = performance.now();
    expect(await get(store, sid)).toMatchObject({ userId: crew.id });
    const reading = store.takeReading(sid, arrived);
    expect(reading).toMatchObject({ userId: crew.id, user: { id: crew.id, username: crew.username, role: 'user' } });
    const [{ version }] = await t.db.select({ version: dataVersion.version }).from(dataVersion);
    expect(reading?.dataVersion).toBe(Number(version));
    expect(store.takeReading(sid, arrived)).toBeUndefined();

    await get(store, sid);
    expect(store.takeReading(sid, performance.now())).toBeUndefined();
    // A page's calls at once: each request takes one reading begun since it arrived, the oldest first.
    const second = performance.now();
    await Promise.all([get(store, sid), get(store, sid)]);
    const [first, next] = [store.takeReading(sid, second), store.takeReading(sid, second)];
    expect(first?.userId).toBe(crew.id);
    expect(next?.userId).toBe(crew.id);
    expect(first!.startedAt).toBeLessThanOrEqual(next!.startedAt);
    expect(store.takeReading(sid, second)).toBeUndefined();
    expect(await get(store, 'no-such-session')).toBeNull();
    expect(store.takeReading('no-such-session', 0)).toBeUndefined();
  });

  it('reads a deactivated user as no user, so the next request is signed out at once', async () => {
    const store = createSessionStore(t.db);
    const gone = await t.signedInUser('user');
    await t.db.update(users).set({ active: false }).where(eq(users.id, gone.id));
    await get(store, sidOf(gone.cookie));
    expect(store.takeReading(sidOf(gone.cookie), 0)).toMatchObject({ userId: gone.id, user: undefined });
    expect((await t.as(gone, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    // The same request path for an active user still answers.
    expect((await t.as(admin, { method: 'GET', url: '/api/user' })).json()).toMatchObject({ id: admin.id });
  });
});

describe('on a database served over connections (the embedded one on disk, or PostgreSQL)', () => {
  it('answers many requests of one person at once, each reading its session in its own query', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'sop-session-'));
    const database = process.env.TEST_DATABASE_URL ? await openTestDatabase() : await openDatabase({ dataDir: path.join(work, 'db') });
    const served = await createTestContext({ database, jobs: 'manual' });
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
