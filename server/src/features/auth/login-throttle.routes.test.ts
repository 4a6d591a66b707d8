import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../../test/factory';

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

  it('limits one address spraying a password over many usernames, and throwaway names never free a held account', async () => {
    const held = await t.signedInUser('user');
    for (let i = 0; i < 10; i++) await login(proxied, held.username, `wrong-${i}-pass`, '198.51.100.5');
    const crew = await t.signedInUser('user');
    const sprayed = [];
    for (let i = 0; i < 40; i++) sprayed.push(await login(proxied, `throwaway${i}x`, 'Summer2026!', '198.51.100.5'));
    expect(statuses(sprayed).every((s) => s === 401)).toBe(true);
    // 10 + 40 failures from this address: the 51st attempt waits, whoever it names.
    const res = await login(proxied, crew.username, TEST_PASSWORD, '198.51.100.5');
    expect(res.statusCode).toBe(429);
    // Many more throwaway names from elsewhere: the held account's counter is still there.
    for (let i = 0; i < 30; i++) await login(second, `junk${i}y`, 'Summer2026!', `192.0.2.${i + 1}`);
    expect((await login(proxied, held.username, TEST_PASSWORD, '198.51.100.5')).statusCode).toBe(429);
    expect((await login(proxied, crew.username, TEST_PASSWORD, '198.51.100.55')).statusCode).toBe(200);
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
