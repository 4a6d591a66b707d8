import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_EXTRACTED_TEXT_CHARS } from '../../../../common/text-status';
import type { SopListItem } from '../../../../common/contracts/sops';
import { SEARCH_RESULT_LIMIT } from '../../../../common/limits';
import { fileTexts, jobs } from '../../db/schema';
import { buildDocx, buildPdf, makeDocx, makePdf } from '../../test/documents';
import { crewOf, type TestUser, buildDepartment, buildSop } from '../../test/factories';
import { createSopAs, submitSopAs, uploadFiles, getSop } from '../../test/client';
import { truncatedPdf } from '../../test/hostile-files';
import type { FilePart } from '../../test/multipart';
import { refreshAllSearchVectors } from './sop-search.service';

/**
 * Search inside the files: the text of PDF, Word and plain-text attachments of an SOP's
 * latest and effective versions, with a match that says why, typo-tolerant titles, and
 * hostile input. Jobs run when a test says so, so each sees the state before and after.
 */
// The reader reads other people's drafts and superseded versions: an approver may (a plain user
// sees only the version in force; sop-visibility.routes.test.ts).
const { t, owner, approver, reader } = await crewOf({ owner: 'user', approver: 'approver', reader: 'approver' }, { jobs: 'manual' });
let deptId: number;

beforeAll(async () => {
  deptId = (await buildDepartment(t.db, 'Deck')).id;
});

const search = async (term: string, user: TestUser = reader) => {
  const res = await t.as(user, { method: 'GET', url: `/api/sops?search=${encodeURIComponent(term)}` });
  expect(res.statusCode).toBe(200);
  return res.json() as SopListItem[];
};
const titlesFor = async (term: string) => (await search(term)).map((s) => s.title);
const detail = (id: number) => getSop(t, owner, id);

const upload = (versionId: number, files: FilePart[]) => uploadFiles(t, owner, versionId, files);

async function approve(sopId: number) {
  expect((await submitSopAs(t, owner, sopId)).status).toBeDefined();
  const taskId = (await detail(sopId)).pendingTaskId!;
  const res = await t.as(approver, { method: 'PUT', url: `/api/approvals/${taskId}`, payload: { status: 'approved' } });
  expect(res.statusCode).toBe(200);
}

const edit = (sopId: number, title: string, payload: Record<string, unknown>) =>
  t.as(owner, { method: 'PUT', url: `/api/sops/${sopId}`, payload: { title, departmentId: deptId, content: 'Revised steps.', ...payload } });

describe('the text of files is extracted once per stored file', () => {
  it('marks PDF, Word and text files pending, then ready; other types none', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deptId, title: 'Galley hygiene' });
    const pdf = await makePdf('Hygiene', ['Wash the cutting boards after every shift.']);
    const stored = await upload(sop.latestVersionId!, [
      { name: 'hygiene.pdf', data: pdf },
      { name: 'hygiene.docx', data: await makeDocx('Hygiene', ['Sanitise the bain-marie daily.']) },
      { name: 'hygiene.txt', data: Buffer.from('Log the fridge temperatures.') },
      {
        name: 'logo.png',
        data: Buffer.from(
          '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63fcffff3f0300050001ff5ddb2e8a0000000049454e44ae426082',
          'hex',
        ),
      },
    ]);
    expect(stored.map((a) => a.textStatus)).toEqual(['pending', 'pending', 'pending', 'none']);
    await t.jobs.runUntilIdle();
    const listed = (await detail(sop.id)).latestVersion!.attachments;
    expect(listed.map((a) => a.textStatus)).toEqual(['ready', 'ready', 'ready', 'none']);

    // The same bytes stored again share the text at once; no second job runs.
    const again = await createSopAs(t, owner, { departmentId: deptId, title: 'Galley hygiene copy' });
    const [copy] = await upload(again.latestVersionId!, [{ name: 'copy.pdf', data: pdf }]);
    expect(copy.textStatus).toBe('ready');
    const textJobs = await t.db.select().from(jobs).where(eq(jobs.kind, 'extract-text'));
    expect(textJobs.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
    expect(textJobs).toHaveLength(3);
  });

  it('keeps at most MAX_EXTRACTED_TEXT_CHARS characters of a long file, and says so', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deptId, title: 'Long log' });
    const long = `${'harbourmaster '.repeat(20_000)}zanzibarite`;
    await upload(sop.latestVersionId!, [{ name: 'long.txt', data: Buffer.from(long) }]);
    await t.jobs.runUntilIdle();
    const rows = await t.db.select({ text: fileTexts.text, truncated: fileTexts.truncated }).from(fileTexts).where(eq(fileTexts.truncated, true));
    expect(rows).toHaveLength(1);
    expect(rows[0].text.length).toBeLessThanOrEqual(MAX_EXTRACTED_TEXT_CHARS);
    expect(await titlesFor('harbourmaster')).toContain('Long log');
    // The words past the cap are not searched.
    expect(await titlesFor('zanzibarite')).toEqual([]);
  });
});

describe('a search finds the words inside the files', () => {
  it('finds a word only inside a PDF, with a snippet naming the file and the words marked', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deptId, title: 'Evacuation plan', summary: 'Deck 5 assembly' });
    const pdf = await buildPdf({
      title: 'Evacuation',
      body: [
        '# Evacuation',
        'Every passenger keeps the cabin card within reach at all times during the voyage.',
        'On the general alarm, crew escort guests to the muster station printed on the card and count them twice.',
        'The bridge is told the count by radio before the lifeboats are swung out.',
      ],
    });
    const [file] = await upload(sop.latestVersionId!, [{ name: 'evacuation-plan.pdf', data: pdf }]);
    expect(await titlesFor('muster station')).not.toContain('Evacuation plan');

    await t.jobs.runUntilIdle();
    const [hit] = (await search('muster station')).filter((s) => s.id === sop.id);
    expect(hit.match).toMatchObject({ field: 'attachment', attachmentId: file.id, attachmentName: 'evacuation-plan.pdf' });
    const { snippet, highlights } = hit.match!;
    expect(snippet).toContain('muster station printed on the card');
    expect(snippet).not.toMatch(/[<>]/);
    expect(highlights.map(([start, end]) => snippet.slice(start, end))).toEqual(['muster', 'station']);
    for (const [start, end] of highlights) expect(start).toBeLessThan(end);
  });

  it('finds a word only inside a Word file and a plain-text file', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deptId, title: 'Bunker transfer' });
    await upload(sop.latestVersionId!, [
      { name: 'bunkering.docx', data: await buildDocx({ body: ['# Bunkering', 'Close the scuppers with plugs before the hose is connected.'] }) },
      { name: 'notes.txt', data: Buffer.from('Keep the oil-spill kit (SOPEP locker) open at the manifold.') },
    ]);
    await t.jobs.runUntilIdle();
    const [docxHit] = (await search('scuppers')).filter((s) => s.id === sop.id);
    expect(docxHit.match).toMatchObject({ field: 'attachment', attachmentName: 'bunkering.docx' });
    expect(docxHit.match!.snippet).toContain('Close the scuppers with plugs');
    const [textHit] = (await search('sopep')).filter((s) => s.id === sop.id);
    expect(textHit.match).toMatchObject({ field: 'attachment', attachmentName: 'notes.txt' });
    const marked = textHit.match!.highlights.map(([s, e]) => textHit.match!.snippet.slice(s, e));
    expect(marked).toEqual(['SOPEP']);
  });

  it('cuts the snippet around the first word that starts with the term, not a word that merely holds it', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deptId, title: 'Watch handover' });
    const filler = 'The officer of the watch reads the log and the standing orders before taking over. '.repeat(6);
    await upload(sop.latestVersionId!, [
      {
        name: 'handover.txt',
        data: Buffer.from(`Workstations on the bridge are wiped down at noon. ${filler}Report to your 🚢 Station when the quarterdeck alarm sounds.`),
      },
      { name: 'lashing.txt', data: Buffer.from('Lashing gear is checked daily by the bosun.') },
    ]);
    await t.jobs.runUntilIdle();
    const [hit] = (await search('station quarterdeck')).filter((s) => s.id === sop.id);
    expect(hit.match).toMatchObject({ field: 'attachment', attachmentName: 'handover.txt' });
    const { snippet, highlights } = hit.match!;
    expect(snippet).not.toContain('Workstations');
    expect(snippet).toMatch(/^… .*Report to your 🚢 Station when the quarterdeck alarm sounds\.$/);
    expect(highlights.map(([start, end]) => snippet.slice(start, end))).toEqual(['Station', 'quarterdeck']);
    const [atStart] = (await search('lashing')).filter((s) => s.id === sop.id);
    expect(atStart.match).toMatchObject({ attachmentName: 'lashing.txt', snippet: 'Lashing gear is checked daily by the bosun.', highlights: [[0, 7]] });
  });

  it('ranks a file hit below hits in the title, category, tags and summary, each field naming itself', async () => {
    const inFile = await createSopAs(t, owner, { departmentId: deptId, title: 'Pool deck' });
    await upload(inFile.latestVersionId!, [{ name: 'pool.pdf', data: await makePdf('Pool', ['Watch for the quokkafish sign at the deep end.']) }]);
    const inTitle = await createSopAs(t, owner, { departmentId: deptId, title: 'Quokkafish sightings' });
    const inSummary = await createSopAs(t, owner, { departmentId: deptId, title: 'Aquarium', summary: 'Feeding the quokkafish' });
    const inTags = await createSopAs(t, owner, { departmentId: deptId, title: 'Marine life', tags: ['quokkafish'] });
    const inCategory = await createSopAs(t, owner, { departmentId: deptId, title: 'Fish identification', category: 'Quokkafish' });
    await t.jobs.runUntilIdle();
    const hits = await search('quokkafish');
    // Category and tags share a weight: between them the newer edit comes first.
    expect(hits.map((s) => s.id)).toEqual([inTitle.id, inCategory.id, inTags.id, inSummary.id, inFile.id]);
    expect(hits.map((s) => s.match!.field)).toEqual(['title', 'category', 'tags', 'summary', 'attachment']);
    expect(hits[0].match).toMatchObject({ attachmentId: null, attachmentName: null, snippet: 'Quokkafish sightings', highlights: [[0, 10]] });
  });

  it('combines a file hit with the department and status filters', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deptId, title: 'Provision loading' });
    await upload(sop.latestVersionId!, [{ name: 'stores.txt', data: Buffer.from('Check the reefer pallets for thawing.') }]);
    await t.jobs.runUntilIdle();
    const other = await buildDepartment(t.db, 'Hotel');
    const list = async (query: string) =>
      ((await t.as(reader, { method: 'GET', url: `/api/sops?search=reefer&${query}` })).json() as SopListItem[]).map((s) => s.id);
    expect(await list(`departmentId=${deptId}&status=draft`)).toEqual([sop.id]);
    expect(await list(`departmentId=${other.id}`)).toEqual([]);
    expect(await list('status=published')).toEqual([]);
  });

  it('does not find a word that is only in a file of a superseded version', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deptId, title: 'Tank cleaning' });
    const [old] = await upload(sop.latestVersionId!, [{ name: 'old-method.pdf', data: await makePdf('Old method', ['Use the butterworth machine.']) }]);
    await t.jobs.runUntilIdle();
    await approve(sop.id);
    expect(await titlesFor('butterworth')).toContain('Tank cleaning');

    // 1.1 drops the file and is still a draft: 1.0, in force, still holds the word.
    expect((await edit(sop.id, 'Tank cleaning', { keepAttachmentIds: [] })).statusCode).toBe(200);
    await upload((await detail(sop.id)).latestVersionId!, [{ name: 'new-method.pdf', data: await makePdf('New method', ['Use the fixed nozzles.']) }]);
    await t.jobs.runUntilIdle();
    expect(await titlesFor('butterworth')).toContain('Tank cleaning');
    expect(await titlesFor('nozzles')).toContain('Tank cleaning');

    // 1.1 approved: 1.0 is superseded and its file no longer answers.
    await approve(sop.id);
    expect(await titlesFor('butterworth')).not.toContain('Tank cleaning');
    expect(await titlesFor('nozzles')).toContain('Tank cleaning');
    expect((await detail(sop.id)).versions.flatMap((v) => v.attachments).some((a) => a.id === old.id)).toBe(true);
  });

  it('does not find a word of a file removed from the SOP', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deptId, title: 'Gangway watch' });
    await upload(sop.latestVersionId!, [{ name: 'gangway.docx', data: await makeDocx('Gangway', ['Check the safety net under the brow.']) }]);
    await t.jobs.runUntilIdle();
    expect(await titlesFor('brow')).toContain('Gangway watch');
    expect((await edit(sop.id, 'Gangway watch', { keepAttachmentIds: [] })).statusCode).toBe(200);
    expect(await titlesFor('brow')).not.toContain('Gangway watch');
  });

  it('still finds an SOP by its title when its file cannot be read', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deptId, title: 'Ballast water exchange' });
    const [broken] = await upload(sop.latestVersionId!, [{ name: 'broken.pdf', data: await truncatedPdf() }]);
    expect(broken.textStatus).toBe('pending');
    await t.jobs.runUntilIdle();
    expect((await detail(sop.id)).latestVersion!.attachments[0].textStatus).toBe('failed');
    const [row] = await t.db.select().from(fileTexts).where(eq(fileTexts.status, 'failed'));
    expect(row.error).toBeTruthy();
    const hits = await search('ballast');
    expect(hits.map((s) => s.title)).toContain('Ballast water exchange');
    expect(hits.find((s) => s.id === sop.id)!.match!.field).toBe('title');
  });

  it('moves the list ETag when an extraction finishes, and the next answer holds the hit', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deptId, title: 'Laundry' });
    await upload(sop.latestVersionId!, [{ name: 'laundry.txt', data: Buffer.from('Tumble dryers need lint traps emptied hourly.') }]);
    const url = '/api/sops?search=lint';
    const before = await t.as(reader, { method: 'GET', url });
    expect(before.json()).toEqual([]);
    await t.jobs.runUntilIdle();
    const revalidated = await t.as(reader, { method: 'GET', url, headers: { 'if-none-match': before.headers.etag as string } });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.headers.etag).not.toBe(before.headers.etag);
    expect((revalidated.json() as SopListItem[]).map((s) => s.title)).toEqual(['Laundry']);
  });
});

describe('forgiving words', () => {
  it('finds titles with one or two typos, under the exact hits', async () => {
    const tender = await createSopAs(t, owner, { departmentId: deptId, title: 'Tender Operations at Anchor' });
    const lifeboat = await createSopAs(t, owner, { departmentId: deptId, title: 'Lifeboat Lowering' });
    const exact = await createSopAs(t, owner, { departmentId: deptId, title: 'Tendr boat log' });
    const tendr = await search('tendr');
    expect(tendr.map((s) => s.id)).toEqual([exact.id, tender.id]);
    expect(tendr[1].match).toMatchObject({ field: 'title', snippet: 'Tender Operations at Anchor', highlights: [[0, 6]] });
    expect((await search('lifebot')).map((s) => s.id)).toContain(lifeboat.id);
    const mooring = await createSopAs(t, owner, { departmentId: deptId, title: 'Mooring Stations' });
    expect((await search('moorng')).map((s) => s.id)).toEqual([mooring.id]);
    // Prefix search as before.
    expect((await search('lifeb')).map((s) => s.id)).toContain(lifeboat.id);
    expect(await titlesFor('zqxwv')).toEqual([]);
    // Letters typed before a whole title word are more than two typos, however many trigrams they share.
    await createSopAs(t, owner, { departmentId: deptId, title: 'Bunkering Checklist' });
    expect(await titlesFor('zzqxvbunkering')).toEqual([]);
  });
});

describe('hostile search input', () => {
  it('treats tsquery operators, quotes and backslashes as plain words', async () => {
    await createSopAs(t, owner, { departmentId: deptId, title: 'Fire door inspection' });
    for (const term of [
      'fire & !door',
      'fire | door',
      "fire' door",
      '"fire door"',
      'fire <-> door',
      'fire:* door:A',
      '\\fire',
      '(fire))',
      '%_%',
      "'; drop table sops; --",
    ]) {
      const res = await t.as(reader, { method: 'GET', url: `/api/sops?search=${encodeURIComponent(term)}` });
      expect(res.statusCode, term).toBe(200);
      if (/fire/.test(term))
        expect(
          (res.json() as SopListItem[]).map((s) => s.title),
          term,
        ).toContain('Fire door inspection');
    }
    expect(await titlesFor('%')).toEqual([]);
  });

  it('refuses NUL and overlong input with a 400 and answers nothing', async () => {
    for (const term of ['fire\u0000door', 'x'.repeat(10_240), `${'fire '.repeat(2_000)}`]) {
      const res = await t.as(reader, { method: 'GET', url: `/api/sops?search=${encodeURIComponent(term)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Search/);
    }
  });

  it('answers the 100 best-ranked SOPs for a word 101 SOPs hold, title hits first', async () => {
    for (let i = 0; i < 100; i += 1)
      await buildSop(t.db, { departmentId: deptId, ownerId: owner.id, title: `Routine ${i}`, content: 'Take a sextant reading at noon.' });
    await refreshAllSearchVectors(t.db);
    const inTitle = await createSopAs(t, owner, { departmentId: deptId, title: 'Sextant care' });
    const hits = await search('sextant');
    expect(hits).toHaveLength(SEARCH_RESULT_LIMIT);
    expect(hits[0].id).toBe(inTitle.id);
    expect(hits.slice(1).every((s) => s.match!.field === 'content' && s.match!.snippet === 'Take a sextant reading at noon.')).toBe(true);
  });
});
