import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../../../common/limits';
import type { Attachment } from '../../../../common/contracts/attachments';
import type { SopDetail } from '../../../../common/contracts/sops';
import { attachments, auditEvents } from '../../db/schema';
import { crewOf, type TestUser, buildDepartment } from '../../test/factories';
import { createSopAs, uploadAttachments } from '../../test/client';
import { storedBytes } from '../../test/stored-files';
import type { FilePart } from '../../test/multipart';
import { makeDocx, makePdf } from '../../test/documents';

const { t, admin, approver, owner, other } = await crewOf({ admin: 'admin', approver: 'approver', owner: 'user', other: 'user' });
let sop: SopDetail;
let versionId: number;
let pdf: Buffer;

beforeAll(async () => {
  const dept = await buildDepartment(t.db, 'Engine');
  sop = await createSopAs(t, owner, { departmentId: dept.id, title: 'Bunkering' });
  versionId = sop.latestVersionId!;
  pdf = await makePdf('Bunkering checklist', ['Close the scuppers.']);
});

const upload = (user: TestUser | null, files: FilePart[], id = versionId) => uploadAttachments(t, user, id, files);
const countAttachments = async () => (await t.db.select({ id: attachments.id }).from(attachments)).length;

describe('POST /api/sop-versions/{id}/attachments', () => {
  it('stores one file by its real type with a checksum, answers the attachment and writes attachment_uploaded', async () => {
    const res = await upload(owner, [{ name: 'bunkering.pdf', data: pdf, type: 'text/plain' }]);
    expect(res.statusCode).toBe(201);
    const attachment: Attachment = res.json();
    expect(attachment).toMatchObject({ versionId, originalName: 'bunkering.pdf', mimeType: 'application/pdf', size: pdf.length });
    expect(attachment.filename).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    const [row] = await t.db.select({ sha256: attachments.sha256 }).from(attachments).where(eq(attachments.id, attachment.id));
    expect(Buffer.compare(await storedBytes(t.db, row.sha256!), pdf)).toBe(0);
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, attachment.id), eq(auditEvents.entityType, 'attachment')));
    expect(audit).toMatchObject({ action: 'attachment_uploaded', actorId: owner.id });
    expect(audit.metadata).toMatchObject({ title: 'Bunkering', name: 'bunkering.pdf' });
    const detail: SopDetail = (await t.as(approver, { method: 'GET', url: `/api/sops/${sop.id}` })).json();
    expect(detail.latestVersion?.attachments.map((a) => a.id)).toContain(attachment.id);
  });

  it('answers an array for several files and keeps each real MIME type', async () => {
    const docx = await makeDocx('Tank soundings');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const res = await upload(approver, [
      { name: 'soundings.docx', data: docx },
      { name: 'notes.txt', data: Buffer.from('Sound every tank twice.\n') },
      { name: 'photo.png', data: png },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().map((a: Attachment) => a.mimeType)).toEqual([
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'text/plain',
      'image/png',
    ]);
  });

  it('lets an admin upload to any SOP', async () => {
    expect((await upload(admin, [{ name: 'a.txt', data: Buffer.from('admin note') }])).statusCode).toBe(201);
  });

  it('refuses a sixth file with 400 and stores none of the six', async () => {
    const before = await countAttachments();
    const files = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.from(`file ${i}`) }));
    const res = await upload(owner, files);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('At most 5 files can be uploaded at once');
    expect(await countAttachments()).toBe(before);
  });

  it('refuses a file over 10 MB with 413 and stores nothing, not even the files before it', async () => {
    const before = await countAttachments();
    const big = Buffer.alloc(MAX_FILE_BYTES + 1, 0x41);
    const res = await upload(owner, [
      { name: 'ok.txt', data: Buffer.from('fine') },
      { name: 'huge.txt', data: big },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toContain('10 MB');
    expect(await countAttachments()).toBe(before);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const res = await upload(owner, [{ name: 'exact.txt', data: Buffer.alloc(MAX_FILE_BYTES, 0x41) }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().size).toBe(MAX_FILE_BYTES);
  });

  it('refuses a type it does not accept with 415 naming the type, whatever the file is called', async () => {
    const before = await countAttachments();
    const exe = await upload(owner, [{ name: 'manual.pdf', data: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0xff, 0xfe]) }]);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toBe('"manual.pdf" is a file type that is not recognised. Upload PDF, Word, text, or image files only.');
    const csv = await upload(owner, [{ name: 'ports.csv', data: Buffer.from('port,day\nNassau,1\n') }]);
    expect(csv.statusCode).toBe(415);
    expect(csv.json().message).toContain('CSV spreadsheet');
    expect(await countAttachments()).toBe(before);
  });

  it('refuses a user who does not own the SOP, unknown versions (404) and signed-out callers (401)', async () => {
    const before = await countAttachments();
    // Another person's draft is not theirs to see: 404 (the 403 on an SOP in force: sop-refusals.routes.test.ts).
    expect((await upload(other, [{ name: 'x.txt', data: Buffer.from('x') }])).statusCode).toBe(404);
    expect((await upload(owner, [{ name: 'x.txt', data: Buffer.from('x') }], 999999)).statusCode).toBe(404);
    expect((await upload(null, [{ name: 'x.txt', data: Buffer.from('x') }])).statusCode).toBe(401);
    expect(await countAttachments()).toBe(before);
  });

  it('refuses a request without files and a file in another field', async () => {
    const none = await t.as(owner, { method: 'POST', url: `/api/sop-versions/${versionId}/attachments`, payload: { file: 'x' } });
    expect(none.statusCode).toBe(400);
    const wrongField = await upload(owner, [{ field: 'document', name: 'x.txt', data: Buffer.from('x') }]);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toContain('"file" field');
  });
});
