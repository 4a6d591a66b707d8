import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attachments } from '../../db/schema';
import { crewOf, buildDepartment } from '../../test/factories';
import { createSopAs, uploadAttachments } from '../../test/client';
import { storeFixture } from '../../test/stored-files';

/** Attachments hold only this server's uploads, and never a page or an image that runs script. */
const { t, owner } = await crewOf({ owner: 'user' });
let versionId: number;

beforeAll(async () => {
  const dept = await buildDepartment(t.db, 'Hotel');
  versionId = (await createSopAs(t, owner, { departmentId: dept.id, title: 'Cabin cleaning' })).latestVersionId!;
});

const countAttachments = async () => (await t.db.select({ id: attachments.id }).from(attachments)).length;

async function reserveWith(data: Buffer): Promise<string> {
  const uploadURL = (await t.as(owner, { method: 'POST', url: '/api/objects/upload' })).json().uploadURL as string;
  const put = await t.as(owner, { method: 'PUT', url: uploadURL, payload: data, headers: { 'content-type': 'application/octet-stream' } });
  expect(put.statusCode).toBe(200);
  return uploadURL;
}
const attach = (fileURL: string, headers: Record<string, string> = {}) =>
  t.as(owner, { method: 'POST', url: '/api/attachments', payload: { versionId, fileURL, originalName: 'notes.txt' }, headers });

describe("POST /api/attachments accepts only this server's own upload URLs", () => {
  it('refuses look-alikes whatever their path says, and stores nothing', async () => {
    const uploadURL = await reserveWith(Buffer.from('plain words'));
    const before = await countAttachments();
    const lookAlikes = [
      `javascript:${uploadURL}`,
      `JavaScript:alert(1)//${uploadURL}`,
      `data:text/html,${uploadURL}`,
      `https://evil.example${uploadURL}`,
      `//evil.example${uploadURL}`,
      `http://user:pass@localhost${uploadURL}`,
      `${uploadURL}?next=https://evil.example`,
      `${uploadURL}#fragment`,
      `/api/objects/uploads/../uploads/${uploadURL.split('/').pop()}`,
      `ftp://localhost${uploadURL}`,
      `${uploadURL}/extra`,
    ];
    for (const fileURL of lookAlikes) {
      const res = await attach(fileURL);
      expect(res.statusCode, fileURL).toBe(400);
      expect(res.json().field).toBe('fileURL');
    }
    expect(await countAttachments()).toBe(before);
  });

  it('accepts the relative path and the same origin, and stores the canonical path', async () => {
    const relative = await reserveWith(Buffer.from('first'));
    const res = await attach(relative);
    expect(res.statusCode).toBe(201);
    expect(res.json().fileURL).toBe(relative);

    const absolute = await reserveWith(Buffer.from('second'));
    const same = await attach(`https://Ship.Example${absolute}`, { host: 'ship.example' });
    expect(same.statusCode).toBe(201);
    expect(same.json().fileURL).toBe(absolute);
  });
});

describe('HTML and SVG are refused as attachments', () => {
  const page = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>');

  it('with 415 naming what the file is, through a multipart upload, whatever the name', async () => {
    const before = await countAttachments();
    for (const [name, data, what] of [
      ['notes.txt', page, 'a web page (HTML)'],
      ['logo.png', svg, 'an SVG image'],
      ['page.html', page, 'a web page (HTML)'],
    ] as const) {
      const res = await uploadAttachments(t, owner, versionId, [{ name, data, type: 'text/plain' }]);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().message).toBe(`"${name}" is ${what}. Upload PDF, Word, text, or image files only.`);
    }
    expect(await countAttachments()).toBe(before);
  });

  it('with 415 through an object upload too', async () => {
    const res = await attach(await reserveWith(svg));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('"notes.txt" is an SVG image. Upload PDF, Word, text, or image files only.');
  });

  it('and a stored row with a text type (an older upload) downloads as text/plain with nosniff', async () => {
    const stored = await storeFixture(t.db, page);
    const [row] = await t.db
      .insert(attachments)
      .values({ versionId, filename: 'legacy.html', originalName: 'legacy.html', mimeType: 'text/html', size: page.length, sha256: stored.sha256 })
      .returning();
    const res = await t.as(owner, { method: 'GET', url: `/api/attachments/${row.id}/download` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    await t.db.delete(attachments).where(eq(attachments.id, row.id));
  });
});
