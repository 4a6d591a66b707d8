import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Notifications } from '../../../../common/contracts/reading';
import { AWAITING_APPROVAL_MESSAGE } from '../../../../common/contracts/auth';
import { REGISTRATION_CLOSED_MESSAGE } from '../../../../common/contracts/settings';
import { auditEvents, users } from '../../db/schema';
import { crewOf, sessionCookie } from '../../test/factories';

/**
 * Issue 35, finding 11: a stranger who reaches the server does not get an account that reads
 * everything. Registration is closed on a new installation; once an administrator opens it, a
 * new account waits for an administrator's approval and the administrators' bell says so.
 */
const { t, admin, approver } = await crewOf({ admin: 'admin', approver: 'approver' });

const register = (username: string) =>
  t.app.inject({ method: 'POST', url: '/api/register', payload: { username, password: 'long-enough-1', firstName: 'Sam', lastName: 'Stranger' } });
const login = (username: string) => t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'long-enough-1' } });
const bell = async (who = admin) => ((await t.as(who, { method: 'GET', url: '/api/notifications' })).json() as Notifications).items;

describe('self-registration on a new installation', () => {
  it('is closed: registering is 403 with the sentence and creates nothing', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json().registrationOpen).toBe(false);
    const before = await t.db.select({ id: users.id }).from(users);
    const res = await register('stranger');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: REGISTRATION_CLOSED_MESSAGE, code: 'registration_closed' });
    expect(await t.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
  });

  it('opened: the account waits for an administrator, reads nothing, and admins are told', async () => {
    expect((await t.as(admin, { method: 'PUT', url: '/api/admin/settings', payload: { registrationOpen: true } })).statusCode).toBe(200);
    const res = await register('sam.stranger');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: 'sam.stranger', role: 'user', active: false, awaitingApproval: true, message: AWAITING_APPROVAL_MESSAGE });
    // No session: nothing can be read on the registration's say-so.
    expect(res.headers['set-cookie']).toBeUndefined();
    const refused = await login('sam.stranger');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'awaiting_approval',
      message: 'Your account is waiting for an administrator’s approval. You can sign in once it is approved.',
    });
    // A wrong password learns nothing about the account.
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'sam.stranger', password: 'not-the-password' } })).statusCode).toBe(
      401,
    );

    const [id] = (await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'sam.stranger'))).map((u) => u.id);
    expect(await bell()).toContainEqual(
      expect.objectContaining({ kind: 'account_waiting', sopId: null, title: 'Account waiting for approval: Sam Stranger (sam.stranger)' }),
    );
    expect((await bell(approver)).some((i) => i.kind === 'account_waiting')).toBe(false);
    const list = (await t.as(admin, { method: 'GET', url: '/api/admin/users' })).json() as { id: number; awaitingApproval: boolean }[];
    expect(list.find((u) => u.id === id)?.awaitingApproval).toBe(true);

    // Only an administrator approves; then the person signs in and the bell item goes.
    expect((await t.as(approver, { method: 'POST', url: `/api/admin/users/${id}/approve` })).statusCode).toBe(403);
    const approved = await t.as(admin, { method: 'POST', url: `/api/admin/users/${id}/approve` });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id, active: true });
    expect((await t.as(admin, { method: 'POST', url: `/api/admin/users/${id}/approve` })).statusCode).toBe(409);
    const signedIn = await login('sam.stranger');
    expect(signedIn.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/sops', headers: { cookie: sessionCookie(signedIn) } })).statusCode).toBe(200);
    expect((await bell()).some((i) => i.kind === 'account_waiting')).toBe(false);
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'user_approved'));
    expect(event).toMatchObject({ actorId: admin.id, entityId: id, metadata: { name: 'sam.stranger' } });
  });
});
