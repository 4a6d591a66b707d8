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

describe('a controlled copy made in the background (POST /api/manuals/{id}/controlled-copy-jobs)', () => {
  const start = (who: typeof crew, id = manualId) => t.as(who, { method: 'POST', url: `/api/manuals/${id}/controlled-copy-jobs` });
  const status = (who: typeof crew, jobId: string) => t.as(who, { method: 'GET', url: `/api/manual-copy-jobs/${jobId}` });

  it('says how many section files it stamps and how far it is, then sends the same PDF once', async () => {
    const started = await start(crew);
    expect(started.statusCode, started.body).toBe(202);
    const job = started.json() as { id: string; state: string; done: number; total: number };
    // Anchor handling's one file, Mooring's two; Bridge watch has none.
    expect(job).toMatchObject({ manualId, state: 'making', total: 3 });
    const seen: number[] = [];
    await expect
      .poll(
        async () => {
          const now = (await status(crew, job.id)).json() as { state: string; done: number; total: number };
          seen.push(now.done);
          return now.state;
        },
        { timeout: 60_000, interval: 50 },
      )
      .toBe('ready');
    // Progress only moves forward, and ends with every file stamped.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(3);

    const file = await t.as(crew, { method: 'GET', url: `/api/manual-copy-jobs/${job.id}/file` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(PDF);
    expect(file.headers['content-disposition']).toContain('FOM Fleet Operations manual (controlled copy');
    const pages = await pdfPageTexts(file.rawPayload);
    expect(pages).toHaveLength(11);
    for (const text of pages) expect(text).toContain('Printed by Rita Moreira');
    // Sent once: then it is gone, file and all.
    const again = await t.as(crew, { method: 'GET', url: `/api/manual-copy-jobs/${job.id}/file` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Controlled copy not found: it was fetched already, or it expired. Start it again.');
  }, 120_000);

  it("is the starter's own: another person's question is a 404, and so is a manual that does not exist", async () => {
    const started = await start(crew);
    expect(started.statusCode).toBe(202);
    const { id } = started.json() as { id: string };
    expect((await status(approver, id)).statusCode).toBe(404);
    expect((await t.as(approver, { method: 'GET', url: `/api/manual-copy-jobs/${id}/file` })).statusCode).toBe(404);
    expect((await start(crew, 999_999)).statusCode).toBe(404);
    const bad = await t.as(crew, { method: 'GET', url: '/api/manual-copy-jobs/not-a-job' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Job id is not one the server gave');
    await expect.poll(async () => (await status(crew, id)).json().state, { timeout: 60_000, interval: 100 }).toBe('ready');
  }, 120_000);

  it('answers 409 for the file while the copy is still being made, and makes at most two at once per person', async () => {
    const first = (await start(author)).json() as { id: string };
    const early = await t.as(author, { method: 'GET', url: `/api/manual-copy-jobs/${first.id}/file` });
    // The copy takes several document tasks: it cannot be ready as the answer to its start arrives.
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The controlled copy is still being made');
    expect((await start(author)).statusCode).toBe(202);
    const third = await start(author);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe('At most 2 controlled copies can be made for you at once: wait for one to finish');
    await expect.poll(async () => (await status(author, first.id)).json().state, { timeout: 60_000, interval: 100 }).toBe('ready');
  }, 120_000);
});
