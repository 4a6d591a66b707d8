import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ManualDetail } from '../../../../common/contracts/manuals';
import { auditEvents } from '../../db/schema';
import { uploadAttachments } from '../../test/client';
import { buildPdf, makePdf, pdfOutline, pdfPageTexts } from '../../test/documents';
import { buildDepartment, crewOf } from '../../test/factories';
import { approveLatest, placeIn } from '../../test/reading';
import { createSopAs } from '../../test/client';

const { t, admin, approver, author, crew } = await crewOf({
  admin: 'admin',
  approver: 'approver',
  author: 'user',
  crew: { role: 'user', firstName: 'Rita', lastName: 'Moreira' },
});
let manualId: number;
const PDF = 'application/pdf';

/** An SOP with these PDF files on its first version, approved: in force. */
async function sopWithFiles(departmentId: number, title: string, files: Buffer[]) {
  const sop = await createSopAs(t, author, { departmentId, title });
  if (files.length) {
    const res = await uploadAttachments(
      t,
      author,
      sop.latestVersionId,
      files.map((data, i) => ({ name: `${title}-${i + 1}.pdf`, data, type: PDF })),
    );
    expect(res.statusCode, res.body).toBe(201);
  }
  await approveLatest(t, author, approver, sop.id);
  return sop.id;
}

beforeAll(async () => {
  const deck = await buildDepartment(t.db, 'Deck');
  await placeIn(t, admin, deck.id, crew);
  // Three pages; one page and one page; no PDF at all.
  const anchor = await sopWithFiles(deck.id, 'Anchor handling', [
    await buildPdf({ title: 'Anchor', body: Array.from({ length: 110 }, (_, i) => `Step ${i + 1}: check the windlass brake.`) }),
  ]);
  const mooring = await sopWithFiles(deck.id, 'Mooring', [await makePdf('Mooring lines'), await makePdf('Mooring winches')]);
  const watch = await sopWithFiles(deck.id, 'Bridge watch', []);
  const created = await t.as(approver, { method: 'POST', url: '/api/manuals', payload: { code: 'FOM', title: 'Fleet Operations manual' } });
  manualId = (created.json() as ManualDetail).id;
  const arranged = await t.as(approver, {
    method: 'PUT',
    url: `/api/manuals/${manualId}/structure`,
    payload: {
      chapters: [
        { title: 'Anchoring and mooring', sopIds: [anchor, mooring] },
        { title: 'Navigation', sopIds: [watch] },
      ],
    },
  });
  expect(arranged.statusCode, arranged.body).toBe(200);
}, 120_000);

describe('GET /api/manuals/{id}/controlled-copy', () => {
  it('is one PDF: cover, contents, effective sections, each section stamped, bookmarked per chapter and section', async () => {
    const res = await t.as(crew, { method: 'GET', url: `/api/manuals/${manualId}/controlled-copy` });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe(PDF);
    expect(res.headers['content-disposition']).toContain('FOM Fleet Operations manual (controlled copy');
    const pdf = res.rawPayload;
    const pages = await pdfPageTexts(pdf);
    // Cover, contents, effective list; anchor 3 + its signature page; mooring 1 + 1 + its signature page; bridge watch's stand-in page.
    expect(pages).toHaveLength(3 + 4 + 3 + 1);
    const today = new Date().toISOString().slice(0, 10);
    expect(pages[0]).toContain('Fleet Operations manual');
    expect(pages[0]).toContain(`As in force on ${today}`);
    expect(pages[0]).toContain('Uncontrolled when printed');
    expect(pages[1]).toContain('Contents');
    expect(pages[1]).toMatch(/1\.1\s+Anchor handling\s+4/);
    expect(pages[1]).toMatch(/1\.2\s+Mooring\s+8/);
    expect(pages[1]).toMatch(/2\.1\s+Bridge watch\s+11/);
    expect(pages[2]).toContain('List of effective sections');
    expect(pages[3]).toContain('windlass brake');
    expect(pages[6]).toContain('Electronic signatures');
    expect(pages[10]).toContain('no PDF file');
    // Every page carries the stamp: who printed it, and that a printout is uncontrolled.
    for (const [i, text] of pages.entries()) {
      expect(text, `page ${i + 1}`).toContain('Printed by Rita Moreira');
      expect(text, `page ${i + 1}`).toContain('Uncontrolled when printed');
    }
    expect(pages[3]).toContain('FOM 1.1 Anchor handling · Version 1.0 · In force since');
    expect(await pdfOutline(pdf)).toEqual([
      { title: 'Contents', page: 2, items: [] },
      { title: 'List of effective sections', page: 3, items: [] },
      {
        title: '1 Anchoring and mooring',
        page: 4,
        items: [
          { title: '1.1 Anchor handling', page: 4, items: [] },
          { title: '1.2 Mooring', page: 8, items: [] },
        ],
      },
      { title: '2 Navigation', page: 11, items: [{ title: '2.1 Bridge watch', page: 11, items: [] }] },
    ]);
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'manual_controlled_copy_printed'));
    expect(event).toMatchObject({ actorId: crew.id, entityType: 'manual', entityId: manualId, metadata: expect.objectContaining({ pages: 11, files: 3 }) });
    // The first copy starts a document worker.
  }, 120_000);

  it('is printed in the language asked for, and 404 for a manual that does not exist', async () => {
    const res = await t.as(crew, { method: 'GET', url: `/api/manuals/${manualId}/controlled-copy?language=es` });
    expect(res.statusCode).toBe(200);
    const pages = await pdfPageTexts(res.rawPayload);
    expect(pages[0]).toContain('No controlado una vez impreso');
    expect(pages[1]).toContain('Índice');
    expect((await t.as(crew, { method: 'GET', url: '/api/manuals/999999/controlled-copy' })).statusCode).toBe(404);
  });
});
