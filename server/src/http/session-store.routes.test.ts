import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataVersion, users } from '../db/schema';
import { crewOf } from '../test/factories';
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
