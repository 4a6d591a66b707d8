import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Attachment } from '../../../../common/contracts/attachments';
import type { SopDetail } from '../../../../common/contracts/sops';
import { auditEvents } from '../../db/schema';
import { buildDocx, buildPdf, pdfPageTexts } from '../../test/documents';
import { crewOf, type TestUser, buildDepartment } from '../../test/factories';
import { createSopAs, submitSopAs, uploadAttachments, getSop } from '../../test/client';

const { t, owner, approver, reader } = await crewOf({
  owner: 'user',
  approver: 'approver',
  reader: { role: 'user', firstName: 'Rita', lastName: 'Moreira' },
});
const PDF_TYPE = 'application/pdf';
let sop: SopDetail;
let firstPdf: Attachment;
let firstDocx: Attachment;
let departmentId: number;

const detail = (id: number) => getSop(t, owner, id);
const copy = (id: number | string, as: TestUser | null = reader) => t.as(as, { method: 'GET', url: `/api/attachments/${id}/controlled-copy` });

async function approve(sopId: number) {
  const { taskId } = await submitSopAs(t, owner, sopId);
  const res = await t.as(approver, { method: 'PUT', url: `/api/approvals/${taskId}`, payload: { status: 'approved' } });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  departmentId = (await buildDepartment(t.db, 'Deck')).id;
  sop = await createSopAs(t, owner, { title: 'Anchor Handling, Forward', departmentId, versionNumber: '2.1' });
  // Three pages of body text.
  const pdf = await buildPdf({ title: 'Anchor', body: Array.from({ length: 110 }, (_, i) => `Step ${i + 1}: check the windlass brake.`) });
  const res = await uploadAttachments(t, owner, sop.latestVersionId, [
    { name: 'anchor.pdf', data: pdf, type: PDF_TYPE },
    { name: 'anchor.docx', data: await buildDocx({ body: ['# Anchor'] }), type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  ]);
  expect(res.statusCode).toBe(201);
  [firstPdf, firstDocx] = res.json();
  expect((await PDFDocument.load(pdf)).getPageCount()).toBe(3);
});

describe('GET /api/attachments/{id}/controlled-copy', () => {
  it('is 409 while the SOP has no version in force (404 to a reader, who may not see the draft)', async () => {
    expect((await copy(firstPdf.id)).statusCode).toBe(404);
    const res = await copy(firstPdf.id, owner);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'not_in_force', message: expect.stringContaining('version in force') });
  });

  it('stamps every page of the PDF in force with title, version, dates and the printer, and adds one signature page', async () => {
    await approve(sop.id);
    const approvedAt = (await detail(sop.id)).versions[0].approvedAt!;
    const before = new Date();
    const res = await copy(firstPdf.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(PDF_TYPE);
    expect(res.headers['content-disposition']).toContain('anchor (controlled copy).pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect((await PDFDocument.load(res.rawPayload)).getPageCount()).toBe(4);
    const pages = await pdfPageTexts(res.rawPayload);
    expect(pages).toHaveLength(4);
    // The document's three pages, then the signature page (the approver decided without a proof: none was required).
    expect(pages.slice(0, 3).some((text) => text.includes('Electronic signatures'))).toBe(false);
    expect(pages[3]).toContain('Electronic signatures');
    expect(pages[3]).toContain('Meaning: Approved (step: Approval)');
    expect(pages[3]).toContain('Method: none (signatures were not required)');
    const printedOn = before.toISOString().slice(0, 10);
    for (const text of pages) {
      expect(text).toContain('Anchor Handling, Forward · Version 2.1 · In force since');
      expect(text).toContain(`In force since ${approvedAt.slice(0, 10)}`);
      expect(text).toMatch(new RegExp(`Printed by Rita Moreira on ${printedOn} \\d{2}:\\d{2} UTC`));
      expect(text).toContain('Uncontrolled when printed');
    }
    // The original text is still there beneath.
    expect(pages[0]).toContain('Step 1: check the windlass brake.');
  });

  it('records a controlled_copy_printed event naming the SOP, version and printer', async () => {
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'controlled_copy_printed'), eq(auditEvents.actorId, reader.id)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      entityType: 'sop',
      entityId: sop.id,
      metadata: { title: 'Anchor Handling, Forward', versionNumber: '2.1', attachmentId: firstPdf.id, fileName: 'anchor.pdf', pages: 4 },
    });
  });

  it('is 403, recording nothing, when another site makes the browser ask for it; same-site asks still print', async () => {
    const before = (await t.db.select().from(auditEvents)).length;
    const from = (headers: Record<string, string>) =>
      t.as(reader, { method: 'GET', url: `/api/attachments/${firstPdf.id}/controlled-copy`, headers: { host: 'localhost:5000', ...headers } });
    const foreign: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }, { origin: 'https://localhost:5000' }];
    for (const headers of foreign) {
      const res = await from(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().code).toBe('cross_site');
    }
    expect((await t.db.select().from(auditEvents)).length).toBe(before);
    const sameSite = await from({ 'sec-fetch-site': 'same-origin', origin: 'http://localhost:5000' });
    expect(sameSite.statusCode).toBe(200);
    expect((await from({ 'sec-fetch-site': 'none' })).statusCode).toBe(200);
    expect((await t.db.select().from(auditEvents)).length).toBe(before + 2);
  });

  it('is 409 for a file that is not a PDF, and records nothing', async () => {
    const before = (await t.db.select().from(auditEvents)).length;
    const res = await copy(firstDocx.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'not_pdf', message: 'Controlled copies are made from PDF files only; download this file instead' });
    expect((await t.db.select().from(auditEvents)).length).toBe(before);
  });

  it('is 409 for the PDF of a superseded version once a newer one is approved, and 200 for the new one', async () => {
    const edited = await t.as(owner, { method: 'POST', url: `/api/sops/${sop.id}/versions`, payload: { content: 'Revised text', versionNumber: '3.0' } });
    expect(edited.statusCode).toBe(201);
    const pending = await detail(sop.id);
    const carried = pending.latestVersion!.attachments.find((a) => a.originalName === 'anchor.pdf')!;
    // Not approved yet: the version in force is still 2.1, so its own file still prints.
    // The owner is told why; a reader, who may not see the draft's file, gets 404.
    expect((await copy(carried.id, owner)).statusCode).toBe(409);
    expect((await copy(carried.id)).statusCode).toBe(404);
    expect((await copy(firstPdf.id)).statusCode).toBe(200);
    await approve(sop.id);
    expect((await copy(firstPdf.id)).statusCode).toBe(404);
    const superseded = await copy(firstPdf.id, owner);
    expect(superseded.statusCode).toBe(409);
    expect(superseded.json().message).toContain('superseded');
    const current = await copy(carried.id);
    expect(current.statusCode).toBe(200);
    expect((await pdfPageTexts(current.rawPayload))[2]).toContain('Version 3.0');
  });

  it('is 404 for an unknown attachment, 400 for a bad id and 401 signed out', async () => {
    expect((await copy(999_999)).statusCode).toBe(404);
    expect((await copy('abc')).statusCode).toBe(400);
    expect((await copy('1%00')).statusCode).toBe(400);
    expect((await copy(firstPdf.id, null)).statusCode).toBe(401);
  });

  it('is 422, recording nothing, when the stored PDF cannot be parsed', async () => {
    const broken = await createSopAs(t, owner, { title: 'Broken', departmentId });
    const header = Buffer.from('%PDF-1.7\n');
    const res = await uploadAttachments(t, owner, broken.latestVersionId, [
      { name: 'broken.pdf', data: Buffer.concat([header, Buffer.alloc(2000, 0x41)]), type: PDF_TYPE },
    ]);
    expect(res.statusCode).toBe(201);
    await approve(broken.id);
    const before = (await t.db.select().from(auditEvents)).length;
    const copied = await copy(res.json().id);
    expect(copied.statusCode).toBe(422);
    expect(copied.json().code).toBe('unreadable_document');
    expect((await t.db.select().from(auditEvents)).length).toBe(before);
  });
});
