import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../../../common/limits';
import { attachments, pendingUploads } from '../../db/schema';
import { crewOf, type TestUser, buildDepartment } from '../../test/factories';
import { createSopAs } from '../../test/client';
import { makePdf } from '../../test/documents';

const { t, owner, other } = await crewOf({ owner: 'user', other: 'user' });
let versionId: number;

beforeAll(async () => {
  const dept = await buildDepartment(t.db, 'Guest Services');
  versionId = (await createSopAs(t, owner, { departmentId: dept.id, title: 'Embarkation' })).latestVersionId!;
});

const reserve = async (user: TestUser) => {
  const res = await t.as(user, { method: 'POST', url: '/api/objects/upload' });
  expect(res.statusCode).toBe(200);
  return res.json().uploadURL as string;
};
const put = (user: TestUser | null, url: string, data: Buffer, type = 'application/octet-stream') =>
  t.as(user, { method: 'PUT', url, payload: data, headers: { 'content-type': type } });
const attach = (user: TestUser, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.as(user, { method: 'POST', url: '/api/attachments', payload: { versionId, originalName: 'embark.pdf', ...body }, headers });

describe('POST /api/objects/upload, PUT, POST /api/attachments', () => {
  it('turns uploaded bytes into an attachment with the sniffed type and clears the reservation', async () => {
    const uploadURL = await reserve(owner);
    expect(uploadURL).toMatch(/^\/api\/objects\/uploads\/[0-9a-f-]{36}$/);
    const pdf = await makePdf('Embarkation');
    expect((await put(owner, uploadURL, pdf, 'application/pdf')).statusCode).toBe(200);
    // The client claims a different type: the stored one comes from the bytes.
    const res = await attach(owner, { fileURL: uploadURL, filename: 'embark.pdf', mimeType: 'image/gif', size: 3 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ versionId, originalName: 'embark.pdf', mimeType: 'application/pdf', size: pdf.length, fileURL: uploadURL });
    expect(
      await t.db
        .select()
        .from(pendingUploads)
        .where(eq(pendingUploads.id, uploadURL.split('/').pop()!)),
    ).toHaveLength(0);
    // The owner reads it back (another plain user may not see a draft's files).
    const download = await t.as(owner, { method: 'GET', url: `/api/attachments/${res.json().id}/download` });
    expect(download.rawPayload.equals(pdf)).toBe(true);
  });

  it('accepts an absolute upload URL and any content type on the PUT', async () => {
    const uploadURL = await reserve(owner);
    expect((await put(owner, uploadURL, Buffer.from('{"looks":"like json"}'), 'application/json')).statusCode).toBe(200);
    // An absolute URL must name this server's own origin (the request's Host).
    const res = await attach(owner, { fileURL: `http://localhost:5000${uploadURL}`, originalName: 'notes.txt' }, { host: 'localhost:5000' });
    expect(res.statusCode).toBe(201);
    expect(res.json().mimeType).toBe('text/plain');
  });

  it('refuses a PUT over 10 MB with 413 and keeps no bytes', async () => {
    const uploadURL = await reserve(owner);
    const res = await put(owner, uploadURL, Buffer.alloc(MAX_FILE_BYTES + 1, 0x41));
    expect(res.statusCode).toBe(413);
    const [row] = await t.db
      .select()
      .from(pendingUploads)
      .where(eq(pendingUploads.id, uploadURL.split('/').pop()!));
    expect(row.sha256).toBeNull();
  });

  it("keeps one user out of another user's upload URL", async () => {
    const uploadURL = await reserve(owner);
    expect((await put(other, uploadURL, Buffer.from('x'))).statusCode).toBe(404);
    expect((await put(null, uploadURL, Buffer.from('x'))).statusCode).toBe(401);
    await put(owner, uploadURL, Buffer.from('mine'));
    // Onto the owner's draft: 404, as that draft is not theirs to see.
    expect((await attach(other, { fileURL: uploadURL })).statusCode).toBe(404);
    const otherVersion = (await createSopAs(t, other, { departmentId: (await buildDepartment(t.db)).id })).latestVersionId!;
    expect((await attach(other, { fileURL: uploadURL, versionId: otherVersion })).statusCode).toBe(404);
  });

  it('refuses a refused type with 415, a foreign URL and an empty reservation with 400, unknown versions with 404', async () => {
    const before = (await t.db.select().from(attachments)).length;
    const uploadURL = await reserve(owner);
    await put(owner, uploadURL, Buffer.from([0x00, 0x01, 0x02, 0xff]));
    expect((await attach(owner, { fileURL: uploadURL, originalName: 'tool.exe' })).statusCode).toBe(415);
    expect((await attach(owner, { fileURL: 'https://evil.example/file.pdf' })).statusCode).toBe(400);
    const empty = await reserve(owner);
    expect((await attach(owner, { fileURL: empty })).statusCode).toBe(400);
    expect((await attach(owner, { fileURL: empty, versionId: 999999 })).statusCode).toBe(404);
    expect((await t.db.select().from(attachments)).length).toBe(before);
  });

  it('refuses an empty PUT, an unknown upload id and a signed-out reservation', async () => {
    const uploadURL = await reserve(owner);
    expect((await put(owner, uploadURL, Buffer.alloc(0))).statusCode).toBe(400);
    expect((await put(owner, '/api/objects/uploads/00000000-0000-4000-8000-000000000000', Buffer.from('x'))).statusCode).toBe(404);
    expect((await t.as(null, { method: 'POST', url: '/api/objects/upload' })).statusCode).toBe(401);
  });
});
