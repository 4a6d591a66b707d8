import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { buildUser, TEST_PASSWORD } from '../../test/builders';
import { createTestContext, sessionCookie } from '../../test/factories';

/** The languages the app speaks, and each person's: chosen at the first sign-in, changed by themselves. */
const t = await createTestContext();

const login = (username: string, acceptLanguage?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: TEST_PASSWORD },
    headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
  });
const stored = async (id: number) => (await t.db.select({ language: users.language }).from(users).where(eq(users.id, id)))[0].language;

describe('GET /api/locales', () => {
  it('names the six languages, in English and in themselves, to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/locales' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { code: 'en', name: 'English', nativeName: 'English' },
      { code: 'fil', name: 'Filipino', nativeName: 'Filipino' },
      { code: 'id', name: 'Indonesian', nativeName: 'Bahasa Indonesia' },
      { code: 'hi', name: 'Hindi', nativeName: 'हिन्दी' },
      { code: 'uk', name: 'Ukrainian', nativeName: 'Українська' },
      { code: 'es', name: 'Spanish', nativeName: 'Español' },
    ]);
  });
});

describe('the first sign-in', () => {
  it('keeps the best match of Accept-Language, and a later sign-in leaves it as it is', async () => {
    const crew = await buildUser(t.db, { role: 'user', language: null });
    const first = await login(crew.username, 'tl-PH, fil;q=0.9, en;q=0.5');
    expect(first.statusCode).toBe(200);
    expect(first.json().language).toBe('fil');
    expect(await stored(crew.id)).toBe('fil');
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: sessionCookie(first) } });
    expect(me.json().language).toBe('fil');

    const later = await login(crew.username, 'es-MX');
    expect(later.json().language).toBe('fil');
    expect(await stored(crew.id)).toBe('fil');
  });

  it('takes English when the browser asks for nothing the app speaks, or for nothing', async () => {
    const german = await buildUser(t.db, { role: 'user', language: null });
    expect((await login(german.username, 'de-DE, fr;q=0.8')).json().language).toBe('en');
    const silent = await buildUser(t.db, { role: 'user', language: null });
    expect((await login(silent.username)).json().language).toBe('en');
    expect(await stored(silent.id)).toBe('en');
  });

  it('a refused sign-in keeps nothing', async () => {
    const crew = await buildUser(t.db, { role: 'user', language: null });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: crew.username, password: 'wrong-password-1' },
      headers: { 'accept-language': 'hi' },
    });
    expect(res.statusCode).toBe(401);
    expect(await stored(crew.id)).toBeNull();
  });
});

describe('PUT /api/account/language', () => {
  it('sets one’s own language; GET /api/user carries it', async () => {
    const crew = await t.signedInUser('user');
    const res = await t.as(crew, { method: 'PUT', url: '/api/account/language', payload: { language: 'uk' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: crew.id, language: 'uk' });
    expect((await t.as(crew, { method: 'GET', url: '/api/user' })).json().language).toBe('uk');
  });

  it('refuses a code the app does not speak with 400 naming the field, and changes nothing', async () => {
    const crew = await t.signedInUser('user');
    const before = await stored(crew.id);
    for (const language of ['de', 'EN', '', 42, null]) {
      const res = await t.as(crew, { method: 'PUT', url: '/api/account/language', payload: { language } });
      expect(res.statusCode, String(language)).toBe(400);
      expect(res.json()).toMatchObject({ field: 'language', message: 'Choose one of the languages: en, fil, id, hi, uk, es', code: 'validation' });
    }
    expect(await stored(crew.id)).toBe(before);
  });

  it('is 401 signed out', async () => {
    expect((await t.as(null, { method: 'PUT', url: '/api/account/language', payload: { language: 'es' } })).statusCode).toBe(401);
  });
});

describe('an administrator sets a person’s language', () => {
  it('when creating the account and when editing it; the first sign-in then keeps it', async () => {
    const admin = await t.signedInUser('admin');
    const created = await t.as(admin, {
      method: 'POST',
      url: '/api/admin/users',
      payload: { username: `olek.${Date.now()}`, password: 'galley-keys-2026', firstName: 'Олександр', lastName: 'Шевченко', language: 'uk' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().language).toBe('uk');
    const id = created.json().id as number;
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: created.json().username, password: 'galley-keys-2026' },
      headers: { 'accept-language': 'en-GB' },
    });
    expect(signedIn.json().language).toBe('uk');

    const edited = await t.as(admin, { method: 'PATCH', url: `/api/admin/users/${id}`, payload: { language: 'hi' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await stored(id)).toBe('hi');
    const refused = await t.as(admin, { method: 'PATCH', url: `/api/admin/users/${id}`, payload: { language: 'xx' } });
    expect(refused.json()).toMatchObject({ field: 'language' });
    expect(await stored(id)).toBe('hi');
  });
});
