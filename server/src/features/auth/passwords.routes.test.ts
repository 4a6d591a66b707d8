import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, sessions, users } from '../../db/schema';
import { crewOf, openRegistration, signIn, TEST_PASSWORD, type TestUser } from '../../test/factories';

const { t, admin } = await crewOf({ admin: { role: 'admin', firstName: 'Ada' } });
await openRegistration(t.db);

const hashOf = async (id: number) => (await t.db.select({ password: users.password }).from(users).where(eq(users.id, id)))[0].password;
const userCount = async () => (await t.db.select({ id: users.id }).from(users)).length;
const cookieOf = (user: TestUser) => ({ ...user, cookie: user.cookie });
function expectRefusal(res: { json(): { message: string; field?: string } }, field: string, message: string) {
  expect(res.json()).toMatchObject({ message, field, code: 'validation' });
}

/**
 * The four ways a password is chosen, each refusing a weak one naming the field and the rule.
 * The contract's refusals (length, blank) name it before the sentence, as every schema refusal
 * does; the server's own rules name it in `field` and say only the sentence a person reads.
 */
const WEAK: Array<[string, (username: string) => string, string]> = [
  ['too short', () => 'short1', 'Password must be at least 8 characters'],
  ['only spaces', () => '          ', 'Password cannot be only spaces'],
  ['the username', (username) => username.toUpperCase(), 'Password must not be the same as the username'],
  ['a common password', () => 'password1', 'This password is one of the most common passwords; choose one that is harder to guess'],
];

describe('password rules', () => {
  it.each(WEAK)('registration refuses a password that is %s', async (_label, password, message) => {
    const before = await userCount();
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: { username: 'new.deckhand', password: password('new.deckhand') } });
    expect(res.statusCode).toBe(400);
    expectRefusal(res, 'password', message);
    expect(await userCount()).toBe(before);
  });

  it.each(WEAK)('creating a user refuses a password that is %s', async (_label, password, message) => {
    const before = await userCount();
    const res = await t.as(admin, { method: 'POST', url: '/api/admin/users', payload: { username: 'new.purser', password: password('new.purser') } });
    expect(res.statusCode).toBe(400);
    expectRefusal(res, 'password', message);
    expect(await userCount()).toBe(before);
  });

  it.each(WEAK)('a reset refuses a password that is %s', async (_label, password, message) => {
    const crew = await t.signedInUser('user');
    const before = await hashOf(crew.id);
    const res = await t.as(admin, { method: 'POST', url: `/api/admin/users/${crew.id}/password`, payload: { password: password(crew.username) } });
    expect(res.statusCode).toBe(400);
    expectRefusal(res, 'password', message);
    expect(await hashOf(crew.id)).toBe(before);
  });

  it.each(WEAK)('a change refuses a new password that is %s', async (_label, password, message) => {
    const crew = await t.signedInUser('user');
    const before = await hashOf(crew.id);
    const res = await t.as(crew, {
      method: 'POST',
      url: '/api/user/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: password(crew.username) },
    });
    expect(res.statusCode).toBe(400);
    expectRefusal(res, 'newPassword', message);
    expect(await hashOf(crew.id)).toBe(before);
  });
});

describe('POST /api/admin/users/:id/password', () => {
  it("sets the password, ends that user's sessions, and the user signs in with the new one", async () => {
    const crew = await t.signedInUser('user');
    const res = await t.as(admin, { method: 'POST', url: `/api/admin/users/${crew.id}/password`, payload: { password: 'fresh-start-2026' } });
    expect(res.statusCode).toBe(200);
    expect((await t.as(crew, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    await expect(signIn(t.app, crew.username, TEST_PASSWORD)).rejects.toThrow(/401/);
    await expect(signIn(t.app, crew.username, 'fresh-start-2026')).resolves.toContain('sop.sid=');
    expect((await t.as(admin, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'user_password_reset'));
    expect(event).toMatchObject({ actorId: admin.id, entityId: crew.id, metadata: { name: crew.username } });
    expect(JSON.stringify(event)).not.toContain('fresh-start-2026');
  });

  it('is 404 for an unknown or deleted user, 403 for others, 401 signed out', async () => {
    expect((await t.as(admin, { method: 'POST', url: '/api/admin/users/999999/password', payload: { password: 'fresh-start-2026' } })).statusCode).toBe(404);
    const gone = await t.signedInUser('user');
    await t.as(admin, { method: 'DELETE', url: `/api/admin/users/${gone.id}` });
    expect((await t.as(admin, { method: 'POST', url: `/api/admin/users/${gone.id}/password`, payload: { password: 'fresh-start-2026' } })).statusCode).toBe(
      404,
    );
    const target = await t.signedInUser('user');
    const before = await hashOf(target.id);
    for (const role of ['approver', 'user'] as const) {
      const someone = await t.signedInUser(role);
      expect(
        (await t.as(someone, { method: 'POST', url: `/api/admin/users/${target.id}/password`, payload: { password: 'fresh-start-2026' } })).statusCode,
      ).toBe(403);
    }
    expect((await t.as(null, { method: 'POST', url: `/api/admin/users/${target.id}/password`, payload: { password: 'fresh-start-2026' } })).statusCode).toBe(
      401,
    );
    expect(await hashOf(target.id)).toBe(before);
  });
});

describe('POST /api/user/password', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const crew = await t.signedInUser('user');
    const otherCookie = await signIn(t.app, crew.username, TEST_PASSWORD);
    const res = await t.as(crew, { method: 'POST', url: '/api/user/password', payload: { currentPassword: TEST_PASSWORD, newPassword: 'my-own-choice-77' } });
    expect(res.statusCode).toBe(200);
    expect((await t.as(crew, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: otherCookie } })).statusCode).toBe(401);
    await expect(signIn(t.app, crew.username, 'my-own-choice-77')).resolves.toContain('sop.sid=');
    await expect(signIn(t.app, crew.username, TEST_PASSWORD)).rejects.toThrow(/401/);
  });

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const crew = await t.signedInUser('user');
    const before = await hashOf(crew.id);
    const res = await t.as(crew, {
      method: 'POST',
      url: '/api/user/password',
      payload: { currentPassword: 'not-my-password', newPassword: 'my-own-choice-77' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The current password is not correct', code: 'validation', field: 'currentPassword' });
    expect(await hashOf(crew.id)).toBe(before);
  });

  it('counts wrong current passwords like failed sign-ins', async () => {
    const crew = await t.signedInUser('user');
    const change = (currentPassword: string) =>
      t.as(crew, { method: 'POST', url: '/api/user/password', payload: { currentPassword, newPassword: 'my-own-choice-77' } });
    for (let i = 0; i < 10; i++) expect((await change(`guess-${i}-pass`)).statusCode).toBe(400);
    const held = await change(TEST_PASSWORD);
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toMatch(/^Too many wrong passwords\. Try again in \d+ minutes?\.$/);
  }, 120_000);

  it('names a missing field, and is 401 signed out', async () => {
    const crew = await t.signedInUser('user');
    const res = await t.as(crew, { method: 'POST', url: '/api/user/password', payload: { newPassword: 'my-own-choice-77' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'currentPassword', message: 'Current password is required' });
    expect(
      (await t.as(null, { method: 'POST', url: '/api/user/password', payload: { currentPassword: 'a', newPassword: 'my-own-choice-77' } })).statusCode,
    ).toBe(401);
  });
});

describe('session lifetime', () => {
  it('ends a session 7 days after sign-in, however active', async () => {
    const crew = cookieOf(await t.signedInUser('user'));
    const sid = decodeURIComponent(crew.cookie.split('=')[1]).split('.')[0];
    const eightDaysAgo = Date.now() - 8 * 24 * 60 * 60 * 1000;
    await t.db
      .update(sessions)
      .set({ sess: sql`jsonb_set(${sessions.sess}::jsonb, '{signedInAt}', to_jsonb(${eightDaysAgo}::bigint))::json` })
      .where(eq(sessions.sid, sid));
    const res = await t.as(crew, { method: 'GET', url: '/api/user' });
    expect(res.statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.sid, sid))).toHaveLength(0);
  });
});
