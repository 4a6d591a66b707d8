import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditEvents, emailVerifications, jobs, users } from '../../db/schema';
import { crewOf, sessionCookie } from '../../test/factories';
import { startIdentityProvider } from '../../test/identity-provider';
import { startSmtpServer, until } from '../../test/smtp';
import { ssoBrowser } from '../../test/sso-sign-in';
import { NO_MAIL_MESSAGE } from './email-verification.service';

/**
 * Issue 35, item 2: a self-registered account's address was typed by whoever registered, so it
 * links a single sign-on account by e-mail only once the person opens a link mailed to it.
 */
const PUBLIC_URL = 'https://sop.fleet.example';
const smtp = await startSmtpServer();
const idp = await startIdentityProvider({ redirectUris: ['http://localhost/api/auth/sso/callback'] });
const { t, admin } = await crewOf(
  { admin: 'admin' },
  {
    mail: { url: smtp.url, from: 'SOP Harbor <harbor@fleet.example>' },
    publicUrl: PUBLIC_URL,
    oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, name: 'Harbor ID' },
  },
);
const { signInThroughProvider, signedInAs, refusedWith } = ssoBrowser(t.app, idp);

afterAll(async () => {
  await smtp.close();
  await idp.close();
});

const PASSWORD = 'long-enough-1';
expect((await t.as(admin, { method: 'PUT', url: '/api/admin/settings', payload: { registrationOpen: true } })).statusCode).toBe(200);

/** Registers and approves an account; answers its id and the link mailed to it. */
async function registered(username: string, email: string, app = t.app) {
  const res = await app.inject({ method: 'POST', url: '/api/register', payload: { username, password: PASSWORD, email } });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  expect((await t.as(admin, { method: 'POST', url: `/api/admin/users/${id}/approve` })).statusCode).toBe(200);
  return id;
}

/** The newest link mailed to `email`, read back from the SMTP server. */
async function linkMailedTo(email: string, count = 1) {
  const mails = await until(
    () => smtp.received.filter((m) => m.to.includes(email)),
    (r) => r.length >= count,
    `the mail to ${email}`,
  );
  const mail = mails[count - 1];
  expect(mail.subject).toBe('Confirm your e-mail address for SOP Harbor');
  const link = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? '');
  return { link, token: link.searchParams.get('token') ?? '' };
}

const visit = (link: URL, cookie?: string) => t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}`, headers: cookie ? { cookie } : {} });
const trusted = async (id: number) => (await t.db.select({ trusted: users.emailTrusted }).from(users).where(eq(users.id, id)))[0].trusted;
const signIn = async (username: string) => sessionCookie(await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password: PASSWORD } }));

describe('confirming a self-registered address by a mailed link', () => {
  it('mails a PUBLIC_URL link; it confirms once, audited; then the first single sign-on links by that address', async () => {
    const id = await registered('deck.hand', 'deck.hand@ship.example');
    const { link, token } = await linkMailedTo('deck.hand@ship.example');
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe('/api/account/verify-email');
    // Only the token's hash is kept.
    const [kept] = await t.db.select().from(emailVerifications).where(eq(emailVerifications.userId, id));
    expect(kept.tokenSha256).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(kept)).not.toContain(token);

    refusedWith(await signInThroughProvider('deck.hand@ship.example'), 'sso_link_needed');
    const opened = await visit(link);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/auth?email=email_verified');
    expect(await trusted(id)).toBe(true);
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'email_verified'), eq(auditEvents.entityId, id)));
    expect(event).toMatchObject({ actorId: id, metadata: { name: 'deck.hand', email: 'deck.hand@ship.example' } });
    expect((await visit(link)).headers.location).toBe('/auth?email=email_link_used');
    expect((await signedInAs(await signInThroughProvider('deck.hand@ship.example'))).id).toBe(id);
  });

  it('refuses an expired link, one for an address the account no longer has, and a made-up one: the address stays unconfirmed', async () => {
    const late = await registered('late.reader', 'late.reader@ship.example');
    const { link: lateLink } = await linkMailedTo('late.reader@ship.example');
    await t.db.update(emailVerifications).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(emailVerifications.userId, late));
    expect((await visit(lateLink)).headers.location).toBe('/auth?email=email_link_expired');

    const moved = await registered('moved.on', 'moved.on@ship.example');
    const { link: movedLink } = await linkMailedTo('moved.on@ship.example');
    const edit = await t.as(admin, { method: 'PATCH', url: `/api/admin/users/${moved}`, payload: { email: 'new.address@ship.example' } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await visit(movedLink)).headers.location).toBe('/auth?email=email_link_changed');

    const forged = new URL(lateLink);
    forged.searchParams.set('token', 'A'.repeat(43));
    expect((await visit(forged)).headers.location).toBe('/auth?email=email_link_invalid');
    expect(await trusted(late)).toBe(false);
    expect(await trusted(moved)).toBe(false);
    refusedWith(await signInThroughProvider('late.reader@ship.example'), 'sso_link_needed');
  });

  it('a signed-in person asks for a new link on My Account: the old one stops working, the new one confirms; asking is rate-limited', async () => {
    const id = await registered('second.try', 'second.try@ship.example');
    const { link: first } = await linkMailedTo('second.try@ship.example');
    const cookie = await signIn('second.try');
    const state = () => t.app.inject({ method: 'GET', url: '/api/account/email-verification', headers: { cookie } });
    const ask = () => t.app.inject({ method: 'POST', url: '/api/account/email-verification', headers: { cookie } });
    expect((await state()).json()).toEqual({ email: 'second.try@ship.example', confirmed: false, canSend: true });
    expect((await ask()).statusCode).toBe(200);
    const { link: second } = await linkMailedTo('second.try@ship.example', 2);
    expect((await visit(first, cookie)).headers.location).toBe('/account?email=email_link_invalid');
    expect((await visit(second, cookie)).headers.location).toBe('/account?email=email_verified');
    expect((await state()).json().confirmed).toBe(true);
    expect(await trusted(id)).toBe(true);
    const again = await ask();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your e-mail address is already confirmed.');

    await registered('keen.asker', 'keen.asker@ship.example');
    const keen = await signIn('keen.asker');
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push((await t.app.inject({ method: 'POST', url: '/api/account/email-verification', headers: { cookie: keen } })).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it('without mail, nothing is sent and the address never becomes confirmed by itself', async () => {
    const plain = await t.anotherInstance();
    const id = await registered('quiet.one', 'quiet.one@ship.example', plain.app);
    expect(await t.db.select().from(emailVerifications).where(eq(emailVerifications.userId, id))).toEqual([]);
    const queued = await t.db.select().from(jobs).where(sql`${jobs.kind} = 'mail' and ${jobs.payload}->>'to' = 'quiet.one@ship.example'`);
    expect(queued).toEqual([]);
    const login = await plain.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'quiet.one', password: PASSWORD } });
    const cookie = sessionCookie(login);
    expect((await plain.app.inject({ method: 'GET', url: '/api/account/email-verification', headers: { cookie } })).json()).toMatchObject({
      confirmed: false,
      canSend: false,
    });
    const ask = await plain.app.inject({ method: 'POST', url: '/api/account/email-verification', headers: { cookie } });
    expect(ask.statusCode).toBe(409);
    expect(ask.json().message).toBe(NO_MAIL_MESSAGE);
    expect(await trusted(id)).toBe(false);
  });
});
