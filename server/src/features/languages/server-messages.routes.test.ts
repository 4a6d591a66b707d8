import { describe, expect, it } from 'vitest';
import { buildUser, TEST_PASSWORD } from '../../test/builders';
import { createTestContext, sessionCookie } from '../../test/factories';

/** Error answers in the caller's language, with the same code and field (issue #38, item 3). */
const t = await createTestContext();

const signIn = async (language: string) => {
  const user = await buildUser(t.db, { role: 'user', language: null });
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: user.username, password: TEST_PASSWORD } });
  const cookie = sessionCookie(res);
  const set = await t.app.inject({ method: 'PUT', url: '/api/account/language', payload: { language }, headers: { cookie } });
  expect(set.statusCode).toBe(200);
  return cookie;
};

describe('a refusal in the caller’s language', () => {
  it('a wrong password with Accept-Language: uk answers the Ukrainian sentence, code invalid_credentials', async () => {
    const user = await buildUser(t.db, { role: 'user', language: null });
    const payload = { username: user.username, password: 'not the password' };
    const uk = await t.app.inject({ method: 'POST', url: '/api/login', payload, headers: { 'accept-language': 'uk-UA, en;q=0.5' } });
    expect(uk.statusCode).toBe(401);
    expect(uk.json()).toMatchObject({ message: 'Неправильне ім’я користувача або пароль', code: 'invalid_credentials' });
    const en = await t.app.inject({ method: 'POST', url: '/api/login', payload });
    expect(en.json()).toMatchObject({ message: 'Invalid username or password', code: 'invalid_credentials' });
  });

  it('a signed-in person’s own language wins over Accept-Language: a Hindi 404 and a Hindi 400 naming its field', async () => {
    const cookie = await signIn('hi');
    const missing = await t.app.inject({ method: 'GET', url: '/api/sops/2147483000', headers: { cookie, 'accept-language': 'es' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'SOP नहीं मिली', code: 'not_found' });
    const wrong = await t.app.inject({ method: 'PUT', url: '/api/account/language', payload: { language: 'de' }, headers: { cookie } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'इनमें से कोई एक भाषा चुनें: en, fil, id, hi, uk, es', code: 'validation', field: 'language' });
  });

  it('a schema refusal of several fields is translated sentence by sentence; English stays as it was', async () => {
    const payload = { username: '', password: '' };
    const es = await t.app.inject({ method: 'POST', url: '/api/login', payload, headers: { 'accept-language': 'es' } });
    const en = await t.app.inject({ method: 'POST', url: '/api/login', payload, headers: { 'accept-language': 'en-GB' } });
    expect(es.statusCode).toBe(400);
    expect(en.json().message.split('; ').length).toBeGreaterThan(1);
    expect(es.json().code).toBe(en.json().code);
    expect(es.json().field).toBe(en.json().field);
    expect(es.json().message).not.toBe(en.json().message);
    expect(es.json().message.split('; ').length).toBe(en.json().message.split('; ').length);
  });
});
