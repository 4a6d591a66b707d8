import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SSO_NOT_CONFIGURED } from '../../../../common/sso';
import { auditEvents, users } from '../../db/schema';
import { crewOf } from '../../test/factories';
import { startIdentityProvider } from '../../test/identity-provider';
import { ssoBrowser } from '../../test/sso-sign-in';

// app.inject addresses the server as http://localhost: the callback the provider must allow.
const idp = await startIdentityProvider({ redirectUris: ['http://localhost/api/auth/sso/callback'] });
afterAll(() => idp.close());
const oidc = { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, name: 'Harbor ID' };
const { t, admin } = await crewOf({ admin: 'admin' }, { oidc });

const { signInThroughProvider, signedInAs, refusedWith } = ssoBrowser(t.app, idp);

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
    const crew = await t.signedInUser('user', { email: 'Bosun.Kane@Ship.example' });
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

describe('linking an identity-provider account (issue 35, findings 2 and 3)', () => {
  it('links by issuer and subject: once linked, a changed e-mail at the provider still lands in the same account', async () => {
    const crew = await t.signedInUser('user', { email: 'steward@ship.example' });
    expect((await signedInAs(await signInThroughProvider('steward@ship.example'))).id).toBe(crew.id);
    expect(await auditOf(crew.id)).toContain('sso_identity_linked');
    idp.people.set('steward@ship.example', { email: 'someone.else@ship.example' });
    expect((await signedInAs(await signInThroughProvider('steward@ship.example'))).id).toBe(crew.id);
  });

  it('links the first time only by an address the provider states verified: a missing or false claim is refused, true links', async () => {
    const crew = await t.signedInUser('user', { email: 'oiler@ship.example' });
    idp.people.set('oiler@ship.example', { emailVerified: null });
    refusedWith(await signInThroughProvider('oiler@ship.example'), 'sso_no_email');
    idp.people.set('oiler@ship.example', { emailVerified: false });
    refusedWith(await signInThroughProvider('oiler@ship.example'), 'sso_no_email');
    idp.people.set('oiler@ship.example', { emailVerified: true });
    expect((await signedInAs(await signInThroughProvider('oiler@ship.example'))).id).toBe(crew.id);
  });

  it('never links an approver or admin account by e-mail, however verified', async () => {
    const chief = await t.signedInUser('approver', { email: 'chief@ship.example' });
    const boss = await t.signedInUser('admin', { email: 'admin@ship.example' });
    for (const login of ['chief@ship.example', 'admin@ship.example']) refusedWith(await signInThroughProvider(login), 'sso_link_needed');
    expect(await auditOf(chief.id)).not.toContain('sso_signed_in');
    expect(await auditOf(boss.id)).not.toContain('sso_signed_in');
    // An administrator links the approver from the user's page: then the provider signs them in.
    expect(
      (await t.as(chief, { method: 'POST', url: `/api/admin/users/${chief.id}/sso-identity`, payload: { subject: 'chief@ship.example' } })).statusCode,
    ).toBe(403);
    const linked = await t.as(admin, { method: 'POST', url: `/api/admin/users/${chief.id}/sso-identity`, payload: { subject: 'chief@ship.example' } });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(await auditOf(chief.id)).toContain('sso_identity_linked');
    expect((await signedInAs(await signInThroughProvider('chief@ship.example'))).id).toBe(chief.id);
  });

  it('an administrator reads, links and unlinks it from the user’s page, audited; others are refused and change nothing', async () => {
    const purser = await t.signedInUser('approver', { email: 'purser@ship.example' });
    const crew = await t.signedInUser('user');
    const url = `/api/admin/users/${purser.id}/sso-identity`;
    const linkedTo = async () => (await t.as(admin, { method: 'GET', url })).json().map((i: { subject: string }) => i.subject);
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await t.as(crew, { method, url, ...(method === 'POST' ? { payload: { subject: 'crew@ship.example' } } : {}) })).statusCode).toBe(403);
    }
    expect(await linkedTo()).toEqual([]);
    expect((await t.as(admin, { method: 'POST', url, payload: { subject: 'purser@ship.example' } })).statusCode).toBe(200);
    const [identity] = (await t.as(admin, { method: 'GET', url })).json();
    expect(identity).toMatchObject({ issuer: idp.issuer, subject: 'purser@ship.example' });
    const second = await t.as(admin, { method: 'POST', url, payload: { subject: 'someone.else@ship.example' } });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('This account is already linked to "purser@ship.example" at the identity provider: unlink it first');
    expect((await signedInAs(await signInThroughProvider('purser@ship.example'))).id).toBe(purser.id);

    const unlinked = await t.as(admin, { method: 'DELETE', url });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(await linkedTo()).toEqual([]);
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'sso_identity_unlinked'));
    expect(event).toMatchObject({
      actorId: admin.id,
      entityId: purser.id,
      metadata: { name: purser.username, issuer: idp.issuer, subject: 'purser@ship.example' },
    });
    // Unlinked, an approver is never found by e-mail again: the provider no longer signs them in.
    refusedWith(await signInThroughProvider('purser@ship.example'), 'sso_link_needed');
    expect((await t.as(admin, { method: 'DELETE', url })).statusCode).toBe(404);
  });

  it('never links a self-registered account: a squatter’s address was never checked', async () => {
    expect((await t.as(admin, { method: 'PUT', url: '/api/admin/settings', payload: { registrationOpen: true } })).statusCode).toBe(200);
    const squat = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'squatter', password: 'long-enough-1', email: 'ceo@ship.example' },
    });
    expect(squat.statusCode).toBe(201);
    const id = squat.json().id as number;
    expect((await t.as(admin, { method: 'POST', url: `/api/admin/users/${id}/approve` })).statusCode).toBe(200);
    refusedWith(await signInThroughProvider('ceo@ship.example'), 'sso_link_needed');
    expect(await auditOf(id)).not.toContain('sso_signed_in');
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
