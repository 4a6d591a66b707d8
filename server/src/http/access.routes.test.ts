import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext } from '../test/factories';
import { listRoutes } from '../test/hostile-requests';
import { buildApp } from '../app';
import { openTestDatabase } from '../test/database';
import { answers } from './responses';

/**
 * Deny by default: signed out, every /api route answers 401 before it reads anything, with a
 * good body, a bad body or none, except the few declared public. A route that names no rule
 * stops the app from starting.
 */
const PUBLIC = [
  'POST /api/login',
  'POST /api/register',
  'POST /api/logout',
  'GET /api/user',
  'GET /api/settings',
  // The languages, offered on the sign-in page.
  'GET /api/locales',
  // Single sign-on: whether it is offered, and the two legs of the provider's round trip.
  'GET /api/auth/sso',
  'GET /api/auth/sso/start',
  'GET /api/auth/sso/callback',
  // The link mailed to confirm an address: an account waiting for approval cannot sign in yet.
  'GET /api/account/verify-email',
];

const t = await createTestContext({ jobs: 'manual' });

describe('deny by default', () => {
  it('answers 401 signed out on every /api route but the public ones, whatever the body', async () => {
    const routes = listRoutes(t.app).filter((route) => route.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(60);
    const answered: string[] = [];
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      if (PUBLIC.includes(name)) continue;
      const url = route.url.replace(/:[A-Za-z]+/g, '1').replace('*', 'x');
      for (const payload of [undefined, '{"bad json', { currentPassword: 1, title: null }]) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
        });
        if (res.statusCode !== 401) answered.push(`${name} (${JSON.stringify(payload)}): ${res.statusCode}`);
      }
    }
    expect(answered).toEqual([]);
  });

  it('lists the public routes on purpose: each answers signed out without 401 (but the current user, who is nobody)', async () => {
    const routes = listRoutes(t.app).map((route) => `${route.method} ${route.url}`);
    for (const name of PUBLIC) expect(routes).toContain(name);
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(settings.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'nobody', password: 'wrong-password-1' } });
    expect(login.statusCode).toBe(401);
    expect(login.json().code).toBe('invalid_credentials');
    const me = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(me.statusCode).toBe(401);
  });

  it('refuses to start with a route that names no rule, or a write that names a reading action', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ db: database.db, sessionSecret: 'x'.repeat(64) });
    const schema = { response: answers({ 200: z.object({ ok: z.boolean() }) }) };
    expect(() => app.get('/api/forgotten', { schema }, async () => ({ ok: true }))).toThrow('GET /api/forgotten names no access rule');
    expect(() => app.get('/api/declared', { schema, config: { access: 'sop.read' } }, async () => ({ ok: true }))).not.toThrow();
    // A write has an action of its own, which a ship decides by: never a reading one.
    expect(() => app.post('/api/declared', { schema, config: { access: 'sop.read' } }, async () => ({ ok: true }))).toThrow(
      "POST /api/declared is a write naming 'sop.read', a reading action",
    );
    expect(() => app.post('/api/declared', { schema, config: { access: 'sop.attest' } }, async () => ({ ok: true }))).not.toThrow();
    await app.close();
    await database.close();
  });
});
