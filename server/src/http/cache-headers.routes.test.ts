import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDepartment, createTestContext, crewOf, signIn } from '../test/factories';
import { createSopAs, uploadAttachments } from '../test/client';

/** API answers never land in a shared cache; HSTS only over HTTPS. */
const { t, user } = await crewOf({ user: 'user' });
const behindProxy = await createTestContext({ trustProxy: 1 });
afterAll(() => behindProxy.close());
let attachmentId: number;

beforeAll(async () => {
  const sop = await createSopAs(t, user, { departmentId: (await buildDepartment(t.db)).id });
  const upload = await uploadAttachments(t, user, sop.latestVersionId, [{ name: 'muster.txt', data: Buffer.from('Muster station B\n') }]);
  expect(upload.statusCode).toBe(201);
  attachmentId = upload.json().id;
});

describe('Cache-Control on /api answers', () => {
  it.each([
    ['a read without a tag', 'GET', '/api/user', 200],
    ['a list without a tag', 'GET', '/api/departments', 200],
    ['a write', 'POST', '/api/logout', 200],
  ])('%s is no-store', async (_label, method, url, status) => {
    const res = await t.as(user, { method: method as 'GET' | 'POST', url });
    expect(res.statusCode).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
    // The same person signs in again: the file later tests download is of their own draft.
    if (url === '/api/logout') user.cookie = await signIn(t.app, user.username, user.password);
  });

  it.each([
    ['a refusal (401)', null, '/api/sops', 401],
    ['a missing SOP (404)', 'user', '/api/sops/999999', 404],
    ['a bad id (400)', 'user', '/api/sops/not-a-number', 400],
    ['an unknown endpoint (404)', 'user', '/api/nothing-here', 404],
    ['an unknown endpoint spelled /API (404)', 'user', '/API/nothing-here', 404],
  ])('an error is no-store: %s', async (_label, who, url, status) => {
    const res = await t.as(who ? user : null, { method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('a read with a tag (the SOP list) is private, no-cache', async () => {
    const res = await t.as(user, { method: 'GET', url: '/api/sops' });
    expect(res.headers.etag).toBeDefined();
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('a file download carries its checksum as tag, is private, no-cache, and revalidates with 304', async () => {
    const url = `/api/attachments/${attachmentId}/download`;
    const res = await t.as(user, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.etag).toMatch(/^"sha256-[0-9a-f]{64}"$/);
    const head = await t.as(user, { method: 'HEAD', url });
    expect(head.headers.etag).toBe(res.headers.etag);

    const again = await t.as(user, { method: 'GET', url, headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('private, no-cache');
  });

  it('a copy the browser keeps is worth nothing once signed out: revalidating it without the session is 401, never 304', async () => {
    // An approver, who may read the draft's file as well as the list.
    const reader = await t.signedInUser('approver');
    for (const url of ['/api/sops', `/api/attachments/${attachmentId}/download`]) {
      const first = await t.as(reader, { method: 'GET', url });
      const tag = first.headers.etag as string;
      expect((await t.as(reader, { method: 'GET', url, headers: { 'if-none-match': tag } })).statusCode).toBe(304);
      const signedOut = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': tag } });
      expect(signedOut.statusCode, url).toBe(401);
      expect(signedOut.headers['cache-control']).toBe('no-store');
    }
    await t.as(reader, { method: 'POST', url: '/api/logout' });
    const ended = await t.as(reader, { method: 'GET', url: '/api/sops', headers: { 'if-none-match': '"anything"' } });
    expect(ended.statusCode).toBe(401);
  });

  it('every sign-out answer tells the browser to drop its HTTP cache and storage, with or without a session', async () => {
    const leaving = await t.signedInUser('user');
    for (const res of [
      await t.as(leaving, { method: 'POST', url: '/api/logout' }),
      await t.as(leaving, { method: 'POST', url: '/api/logout' }),
      await t.as(null, { method: 'POST', url: '/api/logout' }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['clear-site-data']).toBe('"cache", "storage"');
    }
  });

  it('leaves the app shell and health check alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['cache-control']).toBeUndefined();
  });
});

describe('Strict-Transport-Security', () => {
  it('is not sent over plain HTTP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('is not sent for a forwarded HTTPS request when the proxy is not trusted', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when a trusted proxy says the request came over HTTPS', async () => {
    const res = await behindProxy.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await behindProxy.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
