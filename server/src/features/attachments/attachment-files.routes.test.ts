import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Attachment } from '../../../../common/contracts/attachments';
import { attachmentPreviews, attachments } from '../../db/schema';
import { crewOf, type TestUser, buildDepartment } from '../../test/factories';
import { createSopAs, uploadAttachments } from '../../test/client';
import { corruptStoredFile } from '../../test/stored-files';
import { makeDocx, makePdf } from '../../test/documents';

// The reader reads other people's drafts and superseded versions: an approver may (a plain user
// sees only the version in force; sop-visibility.routes.test.ts).
const { t, owner, reader } = await crewOf({ owner: 'user', reader: 'approver' });
let versionId: number;

beforeAll(async () => {
  const dept = await buildDepartment(t.db, 'Medical');
  versionId = (await createSopAs(t, owner, { departmentId: dept.id, title: 'Infirmary' })).latestVersionId!;
});

async function uploadOne(name: string, data: Buffer): Promise<Attachment> {
  const res = await uploadAttachments(t, owner, versionId, [{ name, data }]);
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function waitForPreview(id: number, user: TestUser) {
  // Generous: the first preview also starts the document worker process.
  for (let i = 0; i < 250; i += 1) {
    const res = await t.as(user, { method: 'GET', url: `/api/attachments/${id}/preview` });
    if (res.statusCode === 200) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no preview for attachment ${id}`);
}

describe('GET and HEAD /api/attachments/{id}/download', () => {
  it('sends the bytes with the stored type and a safe attachment name to a reader who may see them', async () => {
    const data = Buffer.from('Isolation ward rules\n');
    const attachment = await uploadOne('Ärzte ward.txt', data);
    const res = await t.as(reader, { method: 'GET', url: `/api/attachments/${attachment.id}/download` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="_rzte ward.txt"; filename*=UTF-8''%C3%84rzte%20ward.txt`);
    expect(res.rawPayload.equals(data)).toBe(true);
  });

  it('answers HEAD with the same headers and no body', async () => {
    const attachment = await uploadOne('head.txt', Buffer.from('twelve bytes'));
    const res = await t.as(reader, { method: 'HEAD', url: `/api/attachments/${attachment.id}/download` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe('12');
    expect(res.headers['content-disposition']).toContain('head.txt');
    expect(res.body).toBe('');
  });

  it('refuses to serve a blob whose checksum no longer matches (500 with a message)', async () => {
    const attachment = await uploadOne('corrupt.txt', Buffer.from('original text'));
    const [row] = await t.db.select({ sha256: attachments.sha256 }).from(attachments).where(eq(attachments.id, attachment.id));
    await corruptStoredFile(t.db, row.sha256!);
    const res = await t.as(reader, { method: 'GET', url: `/api/attachments/${attachment.id}/download` });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toContain('integrity check');
    expect(res.body).not.toContain('tampered');
  });

  it('is 404 for an unknown attachment and 401 signed out', async () => {
    expect((await t.as(reader, { method: 'GET', url: '/api/attachments/999999/download' })).statusCode).toBe(404);
    expect((await t.as(null, { method: 'GET', url: '/api/attachments/1/download' })).statusCode).toBe(401);
  });
});

describe('previews', () => {
  it('renders the first page of a PDF in the background after upload and serves it as PNG', async () => {
    const attachment = await uploadOne('infirmary.pdf', await makePdf('Infirmary isolation', ['Wear a mask.']));
    const res = await waitForPreview(attachment.id, reader);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    const [row] = await t.db.select().from(attachmentPreviews).where(eq(attachmentPreviews.attachmentId, attachment.id));
    expect(row.width).toBeGreaterThan(100);
    expect(row.height).toBeGreaterThan(row.width);
  });

  it('renders a DOCX on request: POST answers once the preview is ready, then GET serves it as a PNG', async () => {
    const attachment = await uploadOne('triage.docx', await makeDocx('Triage', ['Check the airway first.']));
    // A freshly uploaded DOCX may or may not have been rendered yet; POST settles it either way.
    const post = await t.as(reader, { method: 'POST', url: `/api/attachments/${attachment.id}/preview` });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toEqual({ message: 'Preview ready' });
    const res = await t.as(reader, { method: 'GET', url: `/api/attachments/${attachment.id}/preview` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('is 404 "Preview not available" until a preview exists', async () => {
    const attachment = await uploadOne('later.pdf', await makePdf('Later'));
    await waitForPreview(attachment.id, reader);
    await t.db.delete(attachmentPreviews).where(eq(attachmentPreviews.attachmentId, attachment.id));
    const res = await t.as(reader, { method: 'GET', url: `/api/attachments/${attachment.id}/preview` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Preview not available', code: 'not_found' });
    expect((await t.as(reader, { method: 'POST', url: `/api/attachments/${attachment.id}/preview` })).statusCode).toBe(200);
    expect((await t.as(reader, { method: 'GET', url: `/api/attachments/${attachment.id}/preview` })).statusCode).toBe(200);
  });

  it('answers 415 for a type with no preview and 404 for an unknown attachment', async () => {
    const attachment = await uploadOne('plain.txt', Buffer.from('no preview for me'));
    const res = await t.as(reader, { method: 'POST', url: `/api/attachments/${attachment.id}/preview` });
    expect(res.statusCode).toBe(415);
    expect((await t.as(reader, { method: 'GET', url: `/api/attachments/${attachment.id}/preview` })).statusCode).toBe(404);
    expect((await t.as(reader, { method: 'POST', url: '/api/attachments/999999/preview' })).statusCode).toBe(404);
  });

  it('says so when a PDF cannot be rendered', async () => {
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('this is not really a pdf')]);
    const attachment = await uploadOne('broken.pdf', broken);
    const res = await t.as(reader, { method: 'POST', url: `/api/attachments/${attachment.id}/preview` });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The preview could not be generated');
  });

  it('is 401 signed out', async () => {
    expect((await t.as(null, { method: 'GET', url: '/api/attachments/1/preview' })).statusCode).toBe(401);
    expect((await t.as(null, { method: 'POST', url: '/api/attachments/1/preview' })).statusCode).toBe(401);
  });
});
