import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestContext, openRegistration, TEST_PASSWORD, type TestContext } from '../../test/factories';

/**
 * Counters live in the database: two app instances over one database (on PostgreSQL each
 * with its own connections) share them. `proxied` is an instance behind one trusted proxy,
 * so each test can come from its own client address.
 */
let t: TestContext;
let proxied: App;
let second: App;
beforeAll(async () => {
  t = await createTestContext();
  proxied = (await t.anotherInstance({ trustProxy: 1 })).app;
  await openRegistration(t.db);
  second = (await t.anotherInstance({ trustProxy: 1 })).app;
}, 120_000);
afterAll(() => t?.close());

/** A sign-in through the proxy: the proxy appends the address it saw; anything before it is the client's own text. */
const login = (app: App, username: string, password: string, address: string, spoofed = '') =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    headers: { 'x-forwarded-for': spoofed ? `${spoofed}, ${address}` : address },
  });
const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode);
const WAIT = /^Too many failed sign-in attempts\. Try again in (\d+) minutes?\.$/;

/** Pretends the last failure on every counter of this account happened `seconds` earlier. */
const age = (seconds: number, pattern: string) =>
  t.db.execute(sql`update auth_throttle set last_failure_at = last_failure_at - ${seconds}::int * interval '1 second' where key like ${pattern}`);

describe('sign-in throttling', () => {
  it('counts failures across two instances of the app', async () => {
    const crew = await t.signedInUser('user');
    for (let i = 0; i < 5; i++) expect((await login(proxied, crew.username, `wrong-${i}-pass`, '198.51.100.1')).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login(second, crew.username, `wrong-${i}-pass`, '198.51.100.1')).statusCode).toBe(401);
    const blocked = await login(proxied, crew.username, TEST_PASSWORD, '198.51.100.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(WAIT);
    expect((await login(second, crew.username, TEST_PASSWORD, '198.51.100.1')).statusCode).toBe(429);
  }, 120_000);

  it('doubles the delay with each further failure instead of a hard lock, and the right password then clears it', async () => {
    const crew = await t.signedInUser('user');
    for (let i = 0; i < 10; i++) await login(proxied, crew.username, `wrong-${i}-pass`, '198.51.100.2');
    expect((await login(proxied, crew.username, TEST_PASSWORD, '198.51.100.2')).json().message).toMatch(/in 1 minute\.$/);
    await age(61, `%${crew.username.toLowerCase()}%`);
    expect((await login(proxied, crew.username, 'still-wrong-pass', '198.51.100.2')).statusCode).toBe(401);
    expect((await login(proxied, crew.username, TEST_PASSWORD, '198.51.100.2')).json().message).toMatch(/in 2 minutes\.$/);
    await age(121, `%${crew.username.toLowerCase()}%`);
    expect((await login(proxied, crew.username, 'wrong-again-pass', '198.51.100.2')).statusCode).toBe(401);
    expect((await login(proxied, crew.username, TEST_PASSWORD, '198.51.100.2')).json().message).toMatch(/in 4 minutes\.$/);
    await age(241, `%${crew.username.toLowerCase()}%`);
    expect((await login(proxied, crew.username, TEST_PASSWORD, '198.51.100.2')).statusCode).toBe(200);
    expect((await login(proxied, crew.username, 'one-typo-pass', '198.51.100.2')).statusCode).toBe(401);
    expect((await login(proxied, crew.username, TEST_PASSWORD, '198.51.100.2')).statusCode).toBe(200);
  }, 120_000);

  it('is not bypassed by rotating X-Forwarded-For: only the address the trusted proxy saw counts', async () => {
    const crew = await t.signedInUser('user');
    for (let i = 0; i < 10; i++) {
      expect((await login(proxied, crew.username, `wrong-${i}-pass`, '198.51.100.3', `10.9.${i}.${i}`)).statusCode).toBe(401);
    }
    expect((await login(proxied, crew.username, TEST_PASSWORD, '198.51.100.3', '10.250.0.1')).statusCode).toBe(429);
    // The owner on another connection is not held up by the guesser's address.
    expect((await login(proxied, crew.username, TEST_PASSWORD, '198.51.100.33')).statusCode).toBe(200);
  }, 120_000);

  it('lets no burst of concurrent guesses past the limit', async () => {
    const crew = await t.signedInUser('user');
    const burst = await Promise.all(Array.from({ length: 16 }, (_, i) => login(second, crew.username, `burst-${i}-pass`, '198.51.100.4')));
    expect(statuses(burst).filter((s) => s === 401)).toHaveLength(10);
    expect(statuses(burst).filter((s) => s === 429)).toHaveLength(6);
  }, 120_000);

  it('limits one account guessed from many addresses', async () => {
    const crew = await t.signedInUser('user');
    for (let i = 0; i < 30; i++) expect((await login(proxied, crew.username, `wrong-${i}-pass`, `203.0.113.${i + 1}`)).statusCode).toBe(401);
    expect((await login(proxied, crew.username, TEST_PASSWORD, '203.0.113.200')).statusCode).toBe(429);
  }, 120_000);

  it('slows an address spraying passwords over many usernames per account, never every account behind that address', async () => {
    const sprayed = await t.signedInUser('user');
    const crew = await t.signedInUser('user');
    const guesses = [];
    for (let i = 0; i < 40; i++) guesses.push(await login(proxied, `throwaway${i}x`, 'Summer2026!', '198.51.100.5'));
    for (let i = 0; i < 12; i++) guesses.push(await login(proxied, sprayed.username, `Summer${i}!x`, '198.51.100.5'));
    expect(statuses(guesses).filter((s) => s === 429)).toHaveLength(2);
    // The account guessed from this address waits; a shipmate behind the same gateway signs in.
    expect((await login(proxied, sprayed.username, TEST_PASSWORD, '198.51.100.5')).statusCode).toBe(429);
    expect((await login(second, crew.username, TEST_PASSWORD, '198.51.100.5')).statusCode).toBe(200);
  }, 120_000);
});

describe("the owner's browser (a device cookie)", () => {
  const DEVICE = 'sop.device';
  const deviceCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === DEVICE);
  const loginFrom = (app: App, username: string, password: string, address: string, device?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
      headers: { 'x-forwarded-for': address, ...(device ? { cookie: `${DEVICE}=${device}` } : {}) },
    });

  it('is given at sign-in: long-lived, HttpOnly, and it survives signing out', async () => {
    const owner = await t.signedInUser('user');
    const res = await loginFrom(proxied, owner.username, TEST_PASSWORD, '198.51.100.70');
    const cookie = deviceCookie(res);
    expect(cookie).toBeDefined();
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.maxAge).toBeGreaterThanOrEqual(180 * 24 * 3600);
    const out = await proxied.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: `sop.sid=${res.cookies.find((c) => c.name === 'sop.sid')!.value}` },
    });
    expect(out.cookies.find((c) => c.name === DEVICE)).toBeUndefined();
  }, 120_000);

  it('keeps the owner signing in while strangers on two instances lock the account from everywhere else', async () => {
    const owner = await t.signedInUser('user');
    const device = deviceCookie(await loginFrom(proxied, owner.username, TEST_PASSWORD, '198.51.100.71'))!.value;
    // 30 wrong passwords from 3 addresses, half through each instance.
    for (let i = 0; i < 30; i++) {
      const res = await loginFrom(i % 2 ? second : proxied, owner.username, `guess-${i}-pass`, `203.0.113.${(i % 3) + 100}`);
      expect(res.statusCode).toBe(401);
    }
    // Untrusted browsers wait, even with the right password.
    expect((await loginFrom(proxied, owner.username, TEST_PASSWORD, '198.51.100.72')).statusCode).toBe(429);
    // The owner's own browser signs in, on either instance, even from an attacker's address.
    expect((await loginFrom(second, owner.username, TEST_PASSWORD, '198.51.100.71', device)).statusCode).toBe(200);
    expect((await loginFrom(proxied, owner.username, TEST_PASSWORD, '203.0.113.100', device)).statusCode).toBe(200);
    // One request per lock period from the attacker does not change that.
    await age(3600, `%${owner.username.toLowerCase()}%`);
    expect((await loginFrom(second, owner.username, 'keep-it-locked', '203.0.113.101')).statusCode).toBe(401);
    expect((await loginFrom(proxied, owner.username, TEST_PASSWORD, '198.51.100.71', device)).statusCode).toBe(200);
  }, 120_000);

  it('is worth nothing for another account, forged, or after 10 failures from that browser', async () => {
    const owner = await t.signedInUser('user');
    const other = await t.signedInUser('user');
    const device = deviceCookie(await loginFrom(proxied, owner.username, TEST_PASSWORD, '198.51.100.73'))!.value;
    for (let i = 0; i < 30; i++) await loginFrom(second, other.username, `guess-${i}-pass`, `203.0.113.${i + 1}`);
    // The owner's cookie does not vouch for someone else's account, nor does a forged one.
    expect((await loginFrom(proxied, other.username, TEST_PASSWORD, '198.51.100.73', device)).statusCode).toBe(429);
    const forged = `${other.username.toLowerCase()}:0123456789abcdef.forgedsignature`;
    expect((await loginFrom(proxied, other.username, TEST_PASSWORD, '198.51.100.73', encodeURIComponent(forged))).statusCode).toBe(429);
    // Someone guessing in the owner's browser: 10 failures, then that browser waits too.
    for (let i = 0; i < 10; i++) expect((await loginFrom(proxied, owner.username, `typo-${i}-pass`, '198.51.100.73', device)).statusCode).toBe(401);
    expect((await loginFrom(proxied, owner.username, TEST_PASSWORD, '198.51.100.73', device)).statusCode).toBe(429);
  }, 120_000);
});

describe('registration throttling', () => {
  it('allows 10 registrations from one address, then asks it to wait', async () => {
    const register = (i: number, address: string) =>
      proxied.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username: `signup${i}${address.replaceAll('.', '')}`, password: 'long-enough-1' },
        headers: { 'x-forwarded-for': address },
      });
    for (let i = 0; i < 10; i++) expect((await register(i, '198.51.100.6')).statusCode).toBe(201);
    const res = await register(10, '198.51.100.6');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many registrations from this address\. Try again in \d+ minutes?\.$/);
    expect((await register(11, '198.51.100.7')).statusCode).toBe(201);
  }, 120_000);
});
