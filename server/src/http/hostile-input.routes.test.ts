import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { attachments, dailyPrograms, type departments, itineraries, sops } from '../db/schema';
import { crewOf, buildDepartment } from '../test/factories';
import { createSopAs } from '../test/client';
import { brokenMultiparts, multipartType, rawMultipart } from '../test/hostile-requests';

/** Bad input is a 400 naming the field, never a 500; a refused request changes nothing. */
const { t, admin } = await crewOf({ admin: 'admin' });
let departmentId: number;
let sopId: number;
let versionId: number;

beforeAll(async () => {
  departmentId = (await buildDepartment(t.db, 'Deck')).id;
  const sop = await createSopAs(t, admin, { departmentId, title: 'Mooring' });
  sopId = sop.id;
  versionId = sop.latestVersionId!;
});

const TOO_BIG = '2147483648';
const count = async (table: typeof sops | typeof departments | typeof attachments | typeof dailyPrograms | typeof itineraries) =>
  (await t.db.select().from(table)).length;

function expect400(res: { statusCode: number; json(): { message: string; field?: string } }, field: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
  expect(res.json().field).toBe(field);
  expect(res.json().message).not.toMatch(new RegExp(`^${field}: `));
}

describe('ids above 2147483647', () => {
  const idRoutes: Array<[string, string]> = [
    ['GET', `/api/sops/${TOO_BIG}`],
    ['PUT', `/api/sops/${TOO_BIG}`],
    ['DELETE', `/api/sops/${TOO_BIG}`],
    ['POST', `/api/sops/${TOO_BIG}/versions`],
    ['POST', `/api/sops/${TOO_BIG}/submit`],
    ['PUT', `/api/departments/${TOO_BIG}`],
    ['DELETE', `/api/departments/${TOO_BIG}`],
    ['GET', `/api/attachments/${TOO_BIG}/download`],
    ['GET', `/api/attachments/${TOO_BIG}/preview`],
    ['POST', `/api/attachments/${TOO_BIG}/preview`],
    ['POST', `/api/sop-versions/${TOO_BIG}/attachments`],
    ['GET', `/api/sop-versions/${TOO_BIG}/attestations`],
    ['POST', `/api/sop-versions/${TOO_BIG}/attestations`],
    ['PUT', `/api/approvals/${TOO_BIG}`],
    ['DELETE', `/api/admin/users/${TOO_BIG}`],
    ['GET', `/api/daily-programs/${TOO_BIG}/download`],
    ['DELETE', `/api/daily-programs/${TOO_BIG}`],
    ['GET', `/api/itineraries/${TOO_BIG}/download`],
    ['DELETE', `/api/itineraries/${TOO_BIG}`],
  ];
  it.each(idRoutes)('%s %s is a 400 naming the id', async (method, url) => {
    const res = await t.as(admin, { method: method as 'GET', url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: expect.stringMatching(/^(id|taskId)$/), message: expect.stringMatching(/1 to 2147483647/) });
  });

  it('in departmentId, parentId, versionId, keepAttachmentIds and the query string', async () => {
    expect400(await t.as(admin, { method: 'GET', url: `/api/sops?departmentId=${TOO_BIG}` }), 'departmentId');
    expect400(await t.as(admin, { method: 'POST', url: '/api/sops', payload: { title: 'X', departmentId: Number(TOO_BIG) } }), 'departmentId');
    expect400(await t.as(admin, { method: 'POST', url: '/api/departments', payload: { name: 'X', parentId: TOO_BIG } }), 'parentId');
    expect400(
      await t.as(admin, { method: 'POST', url: '/api/attachments', payload: { versionId: TOO_BIG, fileURL: '/x', originalName: 'a.txt' } }),
      'versionId',
    );
    expect400(
      await t.as(admin, { method: 'PUT', url: `/api/sops/${sopId}`, payload: { title: 'X', departmentId, content: 'new', keepAttachmentIds: [TOO_BIG] } }),
      'keepAttachmentIds.0',
    );
  });

  it('refuses what a loose coercion would have turned into an id', async () => {
    for (const value of ['1.5', '1e3', '0x10', '-1', '0', 'true', ' ']) {
      const res = await t.as(admin, { method: 'GET', url: `/api/sops/${encodeURIComponent(value)}` });
      expect([400, 404], value).toContain(res.statusCode);
    }
    expect400(await t.as(admin, { method: 'POST', url: '/api/sops', payload: { title: 'X', departmentId: true } }), 'departmentId');
  });
});

describe('U+0000 and other control characters in text', () => {
  it('is a 400 naming the field in titles, tags, searches, names, comments and sign-in', async () => {
    const before = await count(sops);
    expect400(await t.as(admin, { method: 'POST', url: '/api/sops', payload: { title: 'a\u0000b', departmentId } }), 'title');
    expect400(await t.as(admin, { method: 'POST', url: '/api/sops', payload: { title: 'ok', departmentId, tags: ['fine', 'no\u0000'] } }), 'tags.1');
    expect400(await t.as(admin, { method: 'POST', url: '/api/sops', payload: { title: 'ok', departmentId, content: 'step\u0000' } }), 'content');
    expect400(await t.as(admin, { method: 'POST', url: '/api/sops', payload: { title: 'ok', departmentId, summary: 'esc\u001b[2J' } }), 'summary');
    expect(await count(sops)).toBe(before);
    expect400(await t.as(admin, { method: 'GET', url: '/api/sops?search=a%00b' }), 'search');
    expect400(await t.as(admin, { method: 'POST', url: '/api/departments', payload: { name: 'Bridge\u0000' } }), 'name');
    expect400(await t.as(admin, { method: 'POST', url: `/api/sops/${sopId}/versions`, payload: { content: 'x', changelog: '\u0000' } }), 'changelog');
    expect400(await t.as(null, { method: 'POST', url: '/api/login', payload: { username: 'adm\u0000in', password: 'whatever' } }), 'username');
    expect400(
      await t.as(null, { method: 'POST', url: '/api/register', payload: { username: 'newbie', password: 'long-enough-1', firstName: 'A\u0000' } }),
      'firstName',
    );
  });

  it('keeps line breaks and tabs in free text', async () => {
    const res = await t.as(admin, { method: 'POST', url: '/api/sops', payload: { title: 'Tabs', departmentId, content: 'one\n\ttwo\r\nthree' } });
    expect(res.statusCode).toBe(201);
  });

  it('is a 400 naming the field for an uploaded file name, on every upload route, and stores nothing', async () => {
    const before = [await count(attachments), await count(dailyPrograms), await count(itineraries)];
    const file = (field: string, value: string | Buffer, extra: Array<{ name: string; value: string }> = []) => ({
      payload: rawMultipart([...extra, { name: field, filename: 'evil\u0000.pdf', value }]),
      headers: { 'content-type': multipartType() },
    });
    expect400(await t.as(admin, { method: 'POST', url: `/api/sop-versions/${versionId}/attachments`, ...file('file', 'hello') }), 'file');
    const day = [
      { name: 'cruiseCode', value: 'AR1' },
      { name: 'programDate', value: '2026-05-01' },
      { name: 'mode', value: 'combined' },
    ];
    expect400(await t.as(admin, { method: 'POST', url: '/api/daily-programs/batch', ...file('files', '%PDF-1.4 x', day) }), 'files');
    expect400(await t.as(admin, { method: 'POST', url: '/api/itineraries', ...file('file', 'a,b', [{ name: 'uploadDate', value: '2026-05-01' }]) }), 'file');
    const attach = await t.as(admin, { method: 'POST', url: '/api/attachments', payload: { versionId, fileURL: '/x', originalName: 'a\u0000.txt' } });
    expect400(attach, 'originalName');
    expect([await count(attachments), await count(dailyPrograms), await count(itineraries)]).toEqual(before);
  });

  it('refuses a date the database has no year for', async () => {
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/itineraries',
      payload: rawMultipart([
        { name: 'uploadDate', value: '0000-01-01' },
        { name: 'file', filename: 'a.csv', value: 'a,b' },
      ]),
      headers: { 'content-type': multipartType() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Date must be in 1900 or later');
  });
});

describe('malformed multipart', () => {
  const uploadRoutes = () => [`/api/sop-versions/${versionId}/attachments`, '/api/daily-programs/batch', '/api/itineraries'];
  it.each(brokenMultiparts().map((c) => [c.label, c] as const))('%s is a 400 with a message on every upload route', async (_label, broken) => {
    for (const url of uploadRoutes()) {
      const res = await t.as(admin, { method: 'POST', url, payload: broken.body, headers: { 'content-type': broken.contentType } });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('names the body when there are more fields than allowed (not 413 "reach fields limit")', async () => {
    const many = rawMultipart(Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, value: 'x' })));
    const res = await t.as(admin, { method: 'POST', url: '/api/itineraries', payload: many, headers: { 'content-type': multipartType() } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Too many form fields in one upload', error: 'Too many form fields in one upload', code: 'validation' });
  });
});

describe('API paths a client mistyped, with the app shell served', () => {
  let shellApp: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'sop-shell-'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>SOP Harbor</title>');
    shellApp = await buildApp({ db: t.db, sessionSecret: 'a-test-secret-that-is-long-enough-for-sessions', clientDir });
    await shellApp.ready();
  });
  afterAll(() => shellApp.close());

  it.each(['//api/sops', '/API/sops', '/Api/departments', '///api', '/API'])('%s answers a JSON 404', async (url) => {
    const res = await shellApp.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().message).toContain('No such endpoint');
  });

  it('still serves the shell for a screen path', async () => {
    const res = await shellApp.inject({ method: 'GET', url: '/approvals' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
