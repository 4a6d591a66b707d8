import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { crewOf, openRegistration, TEST_PASSWORD } from '../../test/factories';

const { t } = await crewOf();
await openRegistration(t.db);

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('GET /api/user', () => {
  it('is 401 with the JSON message when signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized', code: 'unauthorized' });
  });

  it('returns the signed-in user without any password field', async () => {
    const user = await t.signedInUser('approver', { firstName: 'Ana', lastName: 'Silva' });
    const res = await t.as(user, { method: 'GET', url: '/api/user' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: user.id, username: user.username, role: 'approver', firstName: 'Ana', lastName: 'Silva' });
    expect(body).not.toHaveProperty('password');
    expect(res.body).not.toContain('$argon2');
  });

  it('treats a forged session cookie as signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: 'sop.sid=forged-session-id.bogussignature' } });
    expect(res.statusCode).toBe(401);
  });

  it('treats an expired session as signed out', async () => {
    const user = await t.signedInUser('user');
    const sid = decodeURIComponent(user.cookie.split('=')[1]).split('.')[0];
    await t.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, sid));
    const res = await t.as(user, { method: 'GET', url: '/api/user' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/login', () => {
  it('signs in with the right password and stores the session server-side', async () => {
    const user = await t.signedInUser('user');
    const res = await post('/api/login', { username: user.username.toUpperCase(), password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, role: 'user' });
    const cookie = res.cookies.find((c) => c.name === 'sop.sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    const rows = await t.db.select().from(sessions);
    expect(rows.some((r) => (r.sess as { userId?: number }).userId === user.id)).toBe(true);
  });

  it('refuses a wrong password with 401 and a message', async () => {
    const user = await t.signedInUser('user');
    const res = await post('/api/login', { username: user.username, password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid username or password', code: 'invalid_credentials' });
    expect(res.cookies.find((c) => c.name === 'sop.sid')).toBeUndefined();
  });

  it('refuses an unknown username the same way', async () => {
    const res = await post('/api/login', { username: 'nobody-here', password: 'whatever-123' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid username or password');
  });

  it('names the missing field', async () => {
    const res = await post('/api/login', { username: 'someone' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'password', message: 'Password is required' });
  });

  it('answers malformed JSON with 400 and a JSON message', async () => {
    const res = await post('/api/login', '{"username": "x",', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON', code: 'validation' });
  });

  it('throttles after 10 failures in 15 minutes for that username and address', async () => {
    const user = await t.signedInUser('user');
    for (let i = 0; i < 10; i++) {
      const res = await post('/api/login', { username: user.username, password: `wrong-${i}-password` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post('/api/login', { username: user.username, password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed sign-in attempts\. Try again in \d+ minutes?\./);
    // Another username from the same address is not held up.
    const other = await t.signedInUser('user');
    const ok = await post('/api/login', { username: other.username, password: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);
  });
});

describe('POST /api/register', () => {
  it('creates a user who waits for approval, without a session (registration.routes.test.ts follows it)', async () => {
    const res = await post('/api/register', { username: 'deck.cadet', password: 'long-enough-1', firstName: 'Dee', email: 'dee@example.com' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: 'deck.cadet', role: 'user', firstName: 'Dee', email: 'dee@example.com', awaitingApproval: true });
    expect(res.body).not.toContain('password');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('always makes a plain user, even when the body asks for admin', async () => {
    const res = await post('/api/register', { username: 'sneaky', password: 'long-enough-1', role: 'admin' });
    expect(res.statusCode).toBe(201);
    expect(res.json().role).toBe('user');
    const [row] = await t.db.select().from(users).where(eq(users.username, 'sneaky'));
    expect(row.role).toBe('user');
  });

  it('refuses a duplicate username, whatever its case, with 409', async () => {
    await post('/api/register', { username: 'Bosun', password: 'long-enough-1' });
    const res = await post('/api/register', { username: 'bosun', password: 'long-enough-2' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Username already exists', code: 'duplicate' });
  });

  it('refuses a duplicate email with 409', async () => {
    await post('/api/register', { username: 'first.mate', password: 'long-enough-1', email: 'mate@example.com' });
    const res = await post('/api/register', { username: 'second.mate', password: 'long-enough-1', email: 'MATE@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Email already exists');
  });

  it.each([
    [{ username: 'ab', password: 'long-enough-1' }, ['username', 'Username must be at least 3 characters']],
    [{ username: 'has space', password: 'long-enough-1' }, ['username', 'Username may contain only letters']],
    [{ username: 'okname', password: 'short' }, ['password', 'Password must be at least 8 characters']],
    [{ password: 'long-enough-1' }, ['username', '']],
    [{ username: 'okname2', password: 'long-enough-1', email: 'not-an-email' }, ['email', 'Enter a valid email address']],
  ])('refuses %j with 400 naming the field', async (payload, [field, message]) => {
    const before = await t.db.select({ id: users.id }).from(users);
    const res = await post('/api/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field, message: expect.stringContaining(message) });
    expect(res.json().message).not.toContain(`${field}:`);
    const after = await t.db.select({ id: users.id }).from(users);
    expect(after.length).toBe(before.length);
  });
});

describe('POST /api/logout', () => {
  it('ends the session at once', async () => {
    const user = await t.signedInUser('admin');
    const res = await t.as(user, { method: 'POST', url: '/api/logout' });
    expect(res.statusCode).toBe(200);
    const me = await t.as(user, { method: 'GET', url: '/api/user' });
    expect(me.statusCode).toBe(401);
  });
});
