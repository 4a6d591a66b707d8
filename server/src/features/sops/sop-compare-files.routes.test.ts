import { beforeAll, describe, expect, it } from 'vitest';
import type { FileComparison, VersionComparison } from '../../../../common/contracts/review-loop';
import { buildDepartment, crewOf, type TestUser } from '../../test/factories';
import { createSopAs, getSop, uploadFiles } from '../../test/client';
import { buildPdf, makeDocx } from '../../test/documents';
import { approveLatest, attestAs, placeIn } from '../../test/reading';

/**
 * A changed file's text compared page by page: a PDF whose page 2 says '15 minutes' in 1.0 and
 * '10 minutes' in 1.1, a Word file as one text, and who may compare what.
 */
const { t, admin, author, approver, crew } = await crewOf({ admin: 'admin', author: 'user', approver: 'approver', crew: 'user' }, { jobs: 'manual' });

const entryPdf = (minutes: number) =>
  buildPdf({
    title: 'Enclosed space entry',
    body: [
      '# Enclosed space entry',
      'Permit signed by the chief officer.',
      { newPage: true },
      `Ventilate the space for ${minutes} minutes before entry.`,
      { newPage: true },
      'Rescue team stands by.',
    ],
  });
const docx = (item: string) => makeDocx('Entry checklist', [`Wear ${item} at all times.`]);

let sopId: number;
let v1: number;
let v2: number;
let draft: number;

/** Version `versionNumber` with these files (none carried), submitted and approved unless `draftOnly`. */
async function newVersion(versionNumber: string, minutes: number, item: string, draftOnly = false) {
  const res = await t.as(author, {
    method: 'POST',
    url: `/api/sops/${sopId}/versions`,
    payload: { versionNumber, content: `Ventilate for ${minutes} minutes.`, keepAttachmentIds: [] },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { id: number }).id;
  await uploadFiles(t, author, id, [
    { name: 'entry.pdf', data: await entryPdf(minutes) },
    { name: 'checklist.docx', data: await docx(item) },
  ]);
  if (!draftOnly) await approveLatest(t, author, approver, sopId);
  return id;
}

beforeAll(async () => {
  const deck = (await buildDepartment(t.db, 'Deck')).id;
  await placeIn(t, admin, deck, crew);
  const sop = await createSopAs(t, author, { departmentId: deck, title: 'Enclosed space entry', content: 'Ventilate for 15 minutes.' });
  sopId = sop.id;
  v1 = sop.latestVersionId!;
  await uploadFiles(t, author, v1, [
    { name: 'entry.pdf', data: await entryPdf(15) },
    { name: 'checklist.docx', data: await docx('gloves') },
  ]);
  await approveLatest(t, author, approver, sopId);
  v2 = await newVersion('1.1', 10, 'boots');
  draft = await newVersion('1.2', 5, 'helmets', true);
  await t.jobs.runUntilIdle();
});

const compare = (who: TestUser, from: number, to: number) => t.as(who, { method: 'GET', url: `/api/sops/${sopId}/compare?from=${from}&to=${to}` });
const fileNamed = (body: VersionComparison, name: string) => body.files.find((f) => f.to?.originalName === name) as FileComparison;

describe('GET /api/sops/{id}/compare: the text of files', () => {
  it('shows the changed word on page 2 of the PDF, the other pages counted as unchanged', async () => {
    const res = await compare(approver, v1, v2);
    expect(res.statusCode, res.body).toBe(200);
    const pdf = fileNamed(res.json(), 'entry.pdf');
    expect(pdf.status).toBe('changed');
    expect(pdf.text).toMatchObject({ state: 'ready', by: 'pages', unchangedPages: 2, truncated: false });
    expect(pdf.text?.changedPages).toEqual([
      {
        number: 2,
        tooDifferent: false,
        ops: [
          { op: 'equal', text: 'Ventilate the space for ' },
          { op: 'delete', text: '15' },
          { op: 'insert', text: '10' },
          { op: 'equal', text: ' minutes before entry.' },
        ],
      },
    ]);
  });

  it('compares a Word file as one text', async () => {
    const word = fileNamed((await compare(approver, v1, v2)).json(), 'checklist.docx');
    expect(word.text).toMatchObject({ state: 'ready', by: 'whole', unchangedPages: 0 });
    expect(word.text?.changedPages[0].ops.filter((op) => op.op !== 'equal')).toEqual([
      { op: 'delete', text: 'gloves' },
      { op: 'insert', text: 'boots' },
    ]);
  });

  it('lets a crew member compare only versions they may see: never a draft', async () => {
    const drafted = await compare(crew, v2, draft);
    expect(drafted.statusCode).toBe(404);
    expect(drafted.json()).toEqual({ message: `To version ${draft} does not exist`, code: 'not_found' });
    // A superseded version is not shown to a reader either (only the version in force).
    expect((await compare(crew, v1, v2)).statusCode).toBe(404);
    expect((await compare(approver, v2, draft)).statusCode).toBe(200);
  });

  it('is 404 for unknown versions or SOP, 400 for a bad id', async () => {
    expect((await compare(approver, v1, 999999)).statusCode).toBe(404);
    expect((await t.as(approver, { method: 'GET', url: `/api/sops/999999/compare?from=${v1}&to=${v2}` })).statusCode).toBe(404);
    expect((await t.as(approver, { method: 'GET', url: `/api/sops/${sopId}/compare?from=0&to=${v2}` })).statusCode).toBe(400);
  });
});

describe('GET /api/sops/{id}/reading/changes', () => {
  it('shows a crew member the version in force against the one in force before, then against the one they attested', async () => {
    const res = await t.as(crew, { method: 'GET', url: `/api/sops/${sopId}/reading/changes` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as VersionComparison;
    expect([body.from.id, body.to.id]).toEqual([v1, v2]);
    expect(fileNamed(body, 'entry.pdf').text?.changedPages.map((p) => p.number)).toEqual([2]);
    expect((await getSop(t, crew, sopId)).effectiveVersionId).toBe(v2);
  });

  it('answers 404 once the reader attested the version in force, and for an SOP they may not see', async () => {
    await attestAs(t, crew, v2);
    const res = await t.as(crew, { method: 'GET', url: `/api/sops/${sopId}/reading/changes` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('You attested the version in force: nothing changed since');
    expect((await t.as(crew, { method: 'GET', url: '/api/sops/999999/reading/changes' })).statusCode).toBe(404);
  });
});
