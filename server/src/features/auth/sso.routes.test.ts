import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { SSO_NOT_CONFIGURED } from '../../../../common/sso';
import { auditEvents, users } from '../../db/schema';
import { crewOf, sessionCookie } from '../../test/factories';
import { startIdentityProvider } from '../../test/identity-provider';

// app.inject addresses the server as http://localhost: the callback the provider must allow.
const idp = await startIdentityProvider({ redirectUris: ['http://localhost/api/auth/sso/callback'] });
afterAll(() => idp.close());
const oidc = { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, name: 'Harbor ID' };
const { t, admin } = await crewOf({ admin: 'admin' }, { oidc });

const cookieHeader = (res: LightMyRequestResponse) => res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

/** The whole flow as a browser makes it: the button, the provider's page, the return. */
async function signInThroughProvider(login: string, opts: { choice?: 'sign-in' | 'cancel'; tamper?: (url: URL) => void } = {}) {
  const start = await t.app.inject({ method: 'GET', url: '/api/auth/sso/start' });
  expect(start.statusCode).toBe(302);
  const back = await idp.signIn(start.headers.location as string, login, opts.choice);
  opts.tamper?.(back);
  return t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: cookieHeader(start) } });
}

async function signedInAs(callback: LightMyRequestResponse) {
  expect(callback.statusCode).toBe(302);
  expect(callback.headers.location).toBe('/');
  const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: sessionCookie(callback) } });
  expect(me.statusCode).toBe(200);
  return me.json();
}

const refusedWith = (callback: LightMyRequestResponse, code: string) => {
  expect(callback.statusCode).toBe(302);
  expect(callback.headers.location).toBe(`/auth?error=${code}`);
  expect(callback.cookies.find((c) => c.name === 'sop.sid')).toBeUndefined();
};

const setCreates = async (on: boolean) =>
  expect((await t.as(admin, { method: 'PUT', url: '/api/admin/settings', payload: { ssoCreatesAccounts: on } })).statusCode).toBe(200);
const countUsers = async () => (await t.db.select({ id: users.id }).from(users)).length;
const auditOf = async (userId: number) => (await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, userId))).map((e) => e.action);

describe('sign-in through the identity provider', () => {
  it('tells anyone whether it is offered, and under which name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/sso' });
    expect(res.json()).toEqual({ configured: true, name: 'Harbor ID', issuer: idp.issuer });
  });

  it('signs a known person in by e-mail, whatever its case, into an ordinary session, on the audit trail', async () => {
    const crew = await t.signedInUser('approver', { email: 'Bosun.Kane@Ship.example' });
    const me = await signedInAs(await signInThroughProvider('bosun.kane@ship.example'));
    expect(me.id).toBe(crew.id);
    expect(await auditOf(crew.id)).toContain('sso_signed_in');
  });

  it('refuses an unknown person by default and creates nothing; with the setting on, creates a user from the claims', async () => {
    idp.people.set('new.cadet@ship.example', { givenName: 'Ada', familyName: 'Quinn' });
    const before = await countUsers();
    refusedWith(await signInThroughProvider('new.cadet@ship.example'), 'sso_unknown');
    expect(await countUsers()).toBe(before);

    await setCreates(true);
    const me = await signedInAs(await signInThroughProvider('new.cadet@ship.example'));
    expect(me).toMatchObject({ username: 'new.cadet', email: 'new.cadet@ship.example', firstName: 'Ada', lastName: 'Quinn', role: 'user' });
    expect(await auditOf(me.id)).toEqual(expect.arrayContaining(['user_created_by_sso', 'sso_signed_in']));
    // The second time the same account is found again.
    expect((await signedInAs(await signInThroughProvider('new.cadet@ship.example'))).id).toBe(me.id);
    expect(await countUsers()).toBe(before + 1);
    await setCreates(false);
  });

  it('refuses a deactivated account, even while new people get accounts', async () => {
    await setCreates(true);
    const gone = await t.signedInUser('user', { email: 'left.company@ship.example' });
    expect((await t.as(admin, { method: 'DELETE', url: `/api/admin/users/${gone.id}` })).statusCode).toBeLessThan(300);
    const before = await countUsers();
    refusedWith(await signInThroughProvider('left.company@ship.example'), 'sso_deactivated');
    expect(await countUsers()).toBe(before);
    await setCreates(false);
  });

  it('refuses an address the provider has not verified', async () => {
    await t.signedInUser('user', { email: 'unverified@ship.example' });
    idp.people.set('unverified@ship.example', { emailVerified: false });
    refusedWith(await signInThroughProvider('unverified@ship.example'), 'sso_no_email');
  });

  it('refuses a return whose state is not this browser’s, or that comes without the cookie', async () => {
    await t.signedInUser('user', { email: 'mate@ship.example' });
    refusedWith(await signInThroughProvider('mate@ship.example', { tamper: (url) => url.searchParams.set('state', 'forged') }), 'sso_state');
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/sso/start' });
    const back = await idp.signIn(start.headers.location as string, 'mate@ship.example');
    refusedWith(await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` }), 'sso_state');
  });

  it('says so when the person cancels at the provider', async () => {
    refusedWith(await signInThroughProvider('anyone@ship.example', { choice: 'cancel' }), 'sso_refused');
  });

  it('keeps password sign-in working beside it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: admin.username, password: admin.password } });
    expect(res.statusCode).toBe(200);
  });

  it('the setting is an administrator’s: others are refused and nothing changes', async () => {
    const crew = await t.signedInUser('user');
    expect((await t.as(crew, { method: 'PUT', url: '/api/admin/settings', payload: { ssoCreatesAccounts: true } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json()).toMatchObject({ ssoCreatesAccounts: false });
  });
});

describe('without an identity provider', () => {
  it('offers none, and its addresses answer 404 with the reason', async () => {
    const plain = await t.anotherInstance();
    expect((await plain.app.inject({ method: 'GET', url: '/api/auth/sso' })).json()).toEqual({ configured: false, name: null, issuer: null });
    for (const url of ['/api/auth/sso/start', '/api/auth/sso/callback?code=x&state=y']) {
      const res = await plain.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(SSO_NOT_CONFIGURED);
    }
  });

  it("is off on a ship's copy even with the provider set", async () => {
    const ship = await t.anotherInstance({ oidc, instance: { kind: 'ship', vessel: 'AURORA', natsUrl: 'nats://127.0.0.1:4222' } });
    expect((await ship.app.inject({ method: 'GET', url: '/api/auth/sso' })).json()).toMatchObject({ configured: false });
    expect((await ship.app.inject({ method: 'GET', url: '/api/auth/sso/start' })).statusCode).toBe(404);
  });
});
