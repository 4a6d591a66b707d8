import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { PASSKEY_PASSWORD_REFUSED, PASSKEY_PROOF_REFUSED } from '../../../../common/contracts/signatures';
import { auditEvents, passkeyCredentials, signatureChallenges } from '../../db/schema';
import { createTestContext } from '../../test/factories';
import { startSmtpServer, until } from '../../test/smtp';
import { softwareAuthenticator } from '../../test/software-authenticator';
import type { TestUser } from '../../test/factories';

/**
 * Issue 35, finding 5: with only a cookie, an attacker registered a passkey (no password asked)
 * and signed with it; after an administrator reset the password the passkey remained.
 */
const smtp = await startSmtpServer();
const t = await createTestContext({ mail: { url: smtp.url, from: 'SOP Harbor <harbor@fleet.example>' }, publicUrl: 'https://sop.fleet.example' });
const approver = await t.signedInUser('approver', { email: 'erik@fleet.example' });
const admin = await t.signedInUser('admin');

afterAll(async () => {
  await t.close();
  await smtp.close();
});

const options = (payload?: object) => t.as(approver, { method: 'POST', url: '/api/account/passkeys/options', ...(payload ? { payload } : {}) });
const passkeys = () => t.db.select().from(passkeyCredentials).where(eq(passkeyCredentials.userId, approver.id));

describe('registering a passkey', () => {
  it('needs the password given now: a session alone gets no registration challenge', async () => {
    expect((await options()).statusCode).toBe(400);
    const wrong = await options({ password: 'not-my-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(PASSKEY_PASSWORD_REFUSED);
    // Without a challenge handed out, a registration answer is refused.
    const key = softwareAuthenticator();
    const forged = key.register({
      challenge: 'AAAAAAAAAAAAAAAAAAAAAA',
      rp: { id: 'localhost', name: 'SOP Harbor' },
      user: { id: 'dXNlcg', name: 'x', displayName: 'x' },
    } as never);
    expect((await t.as(approver, { method: 'POST', url: '/api/account/passkeys', payload: { name: 'Stolen', response: forged } })).statusCode).toBe(400);
    expect(await passkeys()).toEqual([]);
  });

  it('with the password, adds it and mails the owner; an administrator’s password reset removes every passkey, audited', async () => {
    const key = softwareAuthenticator();
    const challenge = await options({ password: approver.password });
    expect(challenge.statusCode, challenge.body).toBe(200);
    const added = await t.as(approver, {
      method: 'POST',
      url: '/api/account/passkeys',
      payload: { name: 'Bridge key', response: key.register(challenge.json()) },
    });
    expect(added.statusCode, added.body).toBe(201);
    const [mail] = await until(
      () => smtp.received,
      (r) => r.length === 1,
      'the passkey mail',
    );
    expect(mail.to).toEqual(['erik@fleet.example']);
    expect(mail.subject).toBe('A passkey was added to your SOP Harbor account');
    expect(mail.text).toContain('A passkey named "Bridge key" was added');

    const reset = await t.as(admin, { method: 'POST', url: `/api/admin/users/${approver.id}/password`, payload: { password: 'a-brand-new-password-9' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await passkeys()).toEqual([]);
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'passkeys_removed'));
    expect(event).toMatchObject({ actorId: admin.id, entityId: approver.id, metadata: { count: 1 } });
  });
});

describe('registering a passkey with an existing passkey instead of the password', () => {
  const ask = (who: TestUser, url: string, payload?: object) => t.as(who, { method: 'POST', url, ...(payload ? { payload } : {}) });
  const proofChallenge = async (who: TestUser) => (await ask(who, '/api/account/passkeys/proof-options')).json();
  const keysOf = async (who: TestUser) => (await t.db.select().from(passkeyCredentials).where(eq(passkeyCredentials.userId, who.id))).map((k) => k.name);
  /** Registers a passkey with the password, as the first one is. */
  async function withPasskey(who: TestUser) {
    const key = softwareAuthenticator();
    const options = await ask(who, '/api/account/passkeys/options', { password: who.password });
    expect((await ask(who, '/api/account/passkeys', { name: 'First', response: key.register(options.json()) })).statusCode).toBe(201);
    return key;
  }
  /** A registration answer with no challenge handed out is refused: a refused proof left none. */
  async function noRegistrationChallenge(who: TestUser) {
    const forged = softwareAuthenticator().register({ challenge: 'AAAAAAAAAAAAAAAAAAAAAA', rp: { id: 'localhost' } });
    expect((await ask(who, '/api/account/passkeys', { name: 'Sneaked in', response: forged })).statusCode).toBe(400);
  }
  const refused = async (who: TestUser, assertion: unknown) => {
    const res = await ask(who, '/api/account/passkeys/options', { passkey: assertion });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(PASSKEY_PROOF_REFUSED);
    await noRegistrationChallenge(who);
  };

  it('needs a passkey to prove with: without one, the proof challenge is refused', async () => {
    const crew = await t.signedInUser('user');
    const res = await ask(crew, '/api/account/passkeys/proof-options');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You have no passkey yet: enter your password to add the first one');
  });

  it('an assertion of one of the person’s passkeys, answering its own challenge, lets them add another', async () => {
    const crew = await t.signedInUser('user');
    const first = await withPasskey(crew);
    const options = await ask(crew, '/api/account/passkeys/options', { passkey: first.sign(await proofChallenge(crew)) });
    expect(options.statusCode, options.body).toBe(200);
    const added = await ask(crew, '/api/account/passkeys', { name: 'Tablet', response: softwareAuthenticator().register(options.json()) });
    expect(added.statusCode, added.body).toBe(201);
    expect(await keysOf(crew)).toEqual(['First', 'Tablet']);
  });

  it('refuses a replayed, stale or foreign assertion, and one made for a signature: nothing can be registered after it', async () => {
    const crew = await t.signedInUser('user');
    const other = await t.signedInUser('user');
    const [mine, theirs] = [await withPasskey(crew), await withPasskey(other)];

    // Replayed: the challenge is used once.
    const once = mine.sign(await proofChallenge(crew));
    const used = await ask(crew, '/api/account/passkeys/options', { passkey: once });
    expect(used.statusCode).toBe(200);
    expect((await ask(crew, '/api/account/passkeys', { name: 'Used up', response: softwareAuthenticator().register(used.json()) })).statusCode).toBe(201);
    await refused(crew, once);

    // Stale: more than 5 minutes after the challenge was handed out.
    const stale = mine.sign(await proofChallenge(crew));
    await t.db
      .update(signatureChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(signatureChallenges.userId, crew.id), eq(signatureChallenges.target, 'account:add-passkey')));
    await refused(crew, stale);

    // Foreign: another person's passkey on my challenge, and another person's challenge and assertion.
    await refused(crew, theirs.sign(await proofChallenge(crew)));
    await refused(crew, theirs.sign(await proofChallenge(other)));

    // Made for signing an SOP: it proves nothing else.
    const signing = await ask(crew, '/api/signatures/challenge', { sopId: 1 });
    expect(signing.statusCode).toBe(200);
    await refused(crew, mine.sign(signing.json()));
    expect(await keysOf(crew)).toEqual(['First', 'Used up']);
  });
});
