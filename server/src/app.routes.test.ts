import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from './db/schema';
import { crewOf, signIn, TEST_PASSWORD } from './test/factories';

/** What every request meets before a feature's handler: headers, Origin, access, sessions. */
const { t } = await crewOf();

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('cross-site requests', () => {
  /** A sign-in (a state-changing request) sent with this Origin to the server at localhost:5000. */
  const signInFrom = async (origin: string) => {
    const user = await t.signedInUser('user');
    return t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: TEST_PASSWORD },
      headers: { origin, host: 'localhost:5000' },
    });
  };

  it('refuses a state-changing request whose Origin names another site', async () => {
    const res = await signInFrom('https://evil.example');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Cross-site request refused');
  });

  it('allows a same-site Origin', async () => {
    const res = await signInFrom('http://localhost:5000');
    expect(res.statusCode).toBe(200);
  });

  it('compares scheme and port too, not only the host', async () => {
    for (const origin of ['https://localhost:5000', 'http://localhost:5001', 'http://localhost']) {
      const res = await signInFrom(origin);
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().code).toBe('cross_site');
    }
  });

  it('behind a trusted proxy, compares with the scheme and host the proxy was asked for', async () => {
    const behindProxy = await t.anotherInstance({ trustProxy: 1 });
    const user = await t.signedInUser('user');
    const signInVia = (origin: string, proto: string) =>
      behindProxy.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: user.username, password: TEST_PASSWORD },
        headers: { origin, host: '127.0.0.1:5000', 'x-forwarded-host': 'harbor.example', 'x-forwarded-proto': proto },
      });
    expect((await signInVia('https://harbor.example', 'https')).statusCode).toBe(200);
    expect((await signInVia('https://harbor.example', 'http')).statusCode).toBe(403);
    expect((await signInVia('http://harbor.example', 'https')).statusCode).toBe(403);
  });

  it('refuses a state-changing request the browser marks as sent by another site', async () => {
    const user = await t.signedInUser('user');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: TEST_PASSWORD },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the shell around the API', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().message).toContain('No such endpoint');
  });

  it('reports health after checking the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('sends security headers with a Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('signs in the bootstrap helper used by other tests', async () => {
    const user = await t.signedInUser('user');
    await expect(signIn(t.app, user.username, TEST_PASSWORD)).resolves.toMatch(/^sop\.sid=/);
  });
});

describe('the access funnel runs before validation', () => {
  it('answers 401, not 400, to a signed-out request with a bad body', async () => {
    const res = await post('/api/departments', { name: '' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized', code: 'unauthorized' });
  });

  it('answers 403, not 400, when the role may not call the route at all', async () => {
    const user = await t.signedInUser('approver');
    const res = await t.as(user, { method: 'POST', url: '/api/departments', payload: { name: '' } });
    expect(res.statusCode).toBe(403);
  });

  it('still validates for a caller who may', async () => {
    const admin = await t.signedInUser('admin');
    const res = await t.as(admin, { method: 'POST', url: '/api/departments', payload: { name: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'name', message: 'Name is required' });
  });
});

describe('compression', () => {
  it('compresses JSON for a client that accepts it', async () => {
    const admin = await t.signedInUser('admin');
    for (let i = 0; i < 40; i++) {
      await t.as(admin, { method: 'POST', url: '/api/departments', payload: { name: `Compressed department ${i}`, description: 'x'.repeat(40) } });
    }
    const res = await t.as(admin, { method: 'GET', url: '/api/departments', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const plain = await t.as(admin, { method: 'GET', url: '/api/departments' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });
});

describe('session expiry slides without a write per request', () => {
  const sidOf = (user: { cookie: string }) => decodeURIComponent(user.cookie.split('=')[1]).split('.')[0];
  const rowOf = async (sid: string) => (await t.db.select().from(sessions).where(eq(sessions.sid, sid)))[0];

  it('does not rewrite the session on every read', async () => {
    const user = await t.signedInUser('user');
    const before = await rowOf(sidOf(user));
    await t.as(user, { method: 'GET', url: '/api/user' });
    const res = await t.as(user, { method: 'GET', url: '/api/departments' });
    expect(res.cookies.find((c) => c.name === 'sop.sid')).toBeUndefined();
    const after = await rowOf(sidOf(user));
    expect(after.expire.getTime()).toBe(before.expire.getTime());
  });

  it('extends a session last extended more than 15 minutes ago', async () => {
    const user = await t.signedInUser('user');
    const sid = sidOf(user);
    const row = await rowOf(sid);
    const old = Date.now() - 60 * 60 * 1000;
    const sess = { ...(row.sess as Record<string, unknown>), touchedAt: old };
    await t.db
      .update(sessions)
      .set({ sess, expire: new Date(old + 12 * 60 * 60 * 1000) })
      .where(eq(sessions.sid, sid));
    const res = await t.as(user, { method: 'GET', url: '/api/user' });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'sop.sid')).toBeDefined();
    const after = await rowOf(sid);
    expect(after.expire.getTime()).toBeGreaterThan(Date.now() + 11.9 * 60 * 60 * 1000);
  });
});
