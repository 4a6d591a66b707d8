import { describe, expect, it } from 'vitest';
import { REGISTRATION_CLOSED_MESSAGE } from '../../../../common/contracts/settings';
import { buildApp } from '../../app';
import { users } from '../../db/schema';
import { crewOf, signIn, type TestUser } from '../../test/factories';
import { sharedSessionSecret } from './settings.service';

const { t, admin } = await crewOf({ admin: 'admin' });

const settings = () => t.app.inject({ method: 'GET', url: '/api/settings' });
const put = (payload: unknown, as: TestUser | null = admin) => t.as(as, { method: 'PUT', url: '/api/admin/settings', payload: payload as object });
const register = (username: string) => t.app.inject({ method: 'POST', url: '/api/register', payload: { username, password: 'long-enough-1' } });

describe('self-registration switch', () => {
  it('is closed on a new installation, and anyone may read it', async () => {
    const res = await settings();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ registrationOpen: false, ssoCreatesAccounts: false, requireSignatures: false });
    expect((await register('early.bird')).json()).toMatchObject({ code: 'registration_closed' });
  });

  it('closed: registration is 403 with the message and creates nothing; reopened: it works again', async () => {
    const closed = await put({ registrationOpen: false });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual({ registrationOpen: false, ssoCreatesAccounts: false, requireSignatures: false });
    expect((await settings()).json()).toEqual({ registrationOpen: false, ssoCreatesAccounts: false, requireSignatures: false });
    const before = (await t.db.select({ id: users.id }).from(users)).length;
    const refused = await register('late.joiner');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: REGISTRATION_CLOSED_MESSAGE, code: 'registration_closed' });
    expect((await t.db.select({ id: users.id }).from(users)).length).toBe(before);
    // Administrators still create accounts.
    expect((await t.as(admin, { method: 'POST', url: '/api/admin/users', payload: { username: 'by.admin', password: 'long-enough-1' } })).statusCode).toBe(201);

    expect((await put({ registrationOpen: true })).json()).toEqual({ registrationOpen: true, ssoCreatesAccounts: false, requireSignatures: false });
    expect((await register('late.joiner')).statusCode).toBe(201);
  });

  it("is closed on a ship's copy whatever the office set (accounts are made ashore)", async () => {
    expect((await put({ registrationOpen: true })).statusCode).toBe(200);
    const ship = await t.anotherInstance({ instance: { kind: 'ship', vessel: 'AURORA', natsUrl: 'nats://127.0.0.1:4222' } });
    const onBoard = await ship.app.inject({ method: 'GET', url: '/api/settings' });
    expect(onBoard.statusCode).toBe(200);
    expect(onBoard.json()).toEqual({ registrationOpen: false, ssoCreatesAccounts: false, requireSignatures: false });
    expect((await settings()).json()).toEqual({ registrationOpen: true, ssoCreatesAccounts: false, requireSignatures: false });
  });

  it.each([[{}], [{ registrationOpen: 'no' }]])('refuses %j with 400 naming the field', async (payload) => {
    const res = await put(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('registrationOpen');
    expect((await settings()).json()).toEqual({ registrationOpen: true, ssoCreatesAccounts: false, requireSignatures: false });
  });

  it('is 403 for approvers and users and 401 signed out, changing nothing', async () => {
    for (const role of ['approver', 'user'] as const) {
      expect((await put({ registrationOpen: false }, await t.signedInUser(role))).statusCode).toBe(403);
    }
    expect((await put({ registrationOpen: false }, null)).statusCode).toBe(401);
    expect((await settings()).json()).toEqual({ registrationOpen: true, ssoCreatesAccounts: false, requireSignatures: false });
  });
});

describe('session secret shared through the database', () => {
  it('a cookie from one instance is accepted by another over the same database', async () => {
    const first = await t.anotherInstance({ sessionSecret: await sharedSessionSecret(t.db) });
    const other = await t.anotherInstance();
    const otherSecret = await sharedSessionSecret(other.db);
    const otherApp = await buildApp({ db: other.db, sessionSecret: otherSecret });
    try {
      const crew = await t.signedInUser('user');
      const cookie = await signIn(first.app, crew.username, crew.password);
      const res = await otherApp.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(crew.id);
    } finally {
      await otherApp.close();
    }
  });
});
