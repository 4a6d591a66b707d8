import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Attachment } from '../../../../common/contracts/attachments';
import type { SopDetail } from '../../../../common/contracts/sops';
import { createBackgroundJobs } from '../../background-jobs';
import { attachments, jobs } from '../../db/schema';
import { claimJob } from '../../jobs/job-queue';
import { crewOf, buildDepartment } from '../../test/factories';
import { createSopAs, uploadFiles } from '../../test/client';
import { docxZipBomb, imageBombPdf, pdfWithManyOperators, truncatedPdf } from '../../test/hostile-files';
import { makeDocx, makePdf } from '../../test/documents';

// Jobs run only when a test says so, so each test sees the queue before and after.
// The reader reads other people's drafts and superseded versions: an approver may (a plain user
// sees only the version in force; sop-visibility.routes.test.ts).
const { t, owner, reader } = await crewOf({ owner: 'user', reader: 'approver' }, { jobs: 'manual' });
let sopId: number;
let versionId: number;

beforeAll(async () => {
  const sop = await createSopAs(t, owner, { departmentId: (await buildDepartment(t.db, 'Safety')).id, title: 'Muster drills' });
  sopId = sop.id;
  versionId = sop.latestVersionId!;
});

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const upload = (files: { name: string; data: Buffer }[]) => uploadFiles(t, owner, versionId, files);

/** The attachments as the SOP detail lists them (one of the answers carrying previewStatus). */
async function listed(ids: number[]): Promise<Attachment[]> {
  const detail: SopDetail = (await t.as(reader, { method: 'GET', url: `/api/sops/${sopId}` })).json();
  const all = detail.versions.flatMap((v) => v.attachments);
  return ids.map((id) => all.find((a) => a.id === id)!);
}

async function previewJobOf(sha256: string) {
  const [row] = await t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, 'preview'), eq(jobs.key, `file:${sha256}`)));
  return row;
}

const shaOf = async (attachmentId: number) => {
  const [row] = await t.db.select({ sha256: attachments.sha256 }).from(attachments).where(eq(attachments.id, attachmentId));
  return row.sha256!;
};

describe('previews rendered by jobs', () => {
  it('gives a normal PDF and DOCX a ready PNG preview', async () => {
    const stored = await upload([
      { name: 'drill.pdf', data: await makePdf('Muster drill', ['Report to your station.']) },
      { name: 'drill.docx', data: await makeDocx('Muster drill', ['Bring your life jacket.']) },
      { name: 'notes.txt', data: Buffer.from('no preview for text') },
    ]);
    expect(stored.map((a) => a.previewStatus)).toEqual(['pending', 'pending', 'none']);
    expect((await listed(stored.map((a) => a.id))).map((a) => a.previewStatus)).toEqual(['pending', 'pending', 'none']);

    await t.jobs.runUntilIdle();
    expect((await listed(stored.map((a) => a.id))).map((a) => a.previewStatus)).toEqual(['ready', 'ready', 'none']);
    for (const attachment of stored.slice(0, 2)) {
      const res = await t.as(reader, { method: 'GET', url: `/api/attachments/${attachment.id}/preview` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.subarray(0, 8).equals(PNG)).toBe(true);
    }
  });

  it('renders identical bytes once: a second upload shares the stored preview at once', async () => {
    const data = await makePdf('Lifeboat check', ['Weekly.']);
    const [first] = await upload([{ name: 'lifeboat.pdf', data }]);
    await t.jobs.runUntilIdle();
    const [second] = await upload([{ name: 'lifeboat-copy.pdf', data }]);
    expect(second.previewStatus).toBe('ready');
    const job = await previewJobOf(await shaOf(first.id));
    expect(job).toMatchObject({ status: 'done', attempts: 1 });
    expect((await t.as(reader, { method: 'GET', url: `/api/attachments/${second.id}/preview` })).statusCode).toBe(200);
  });

  it('keeps answering while hostile files are processed; each ends failed, remembered, and is never rendered again', async () => {
    const hostile = [
      { name: 'image-bomb.pdf', data: await imageBombPdf(), reason: /image of 20000 × 20000 pixels/ },
      { name: 'zip-bomb.docx', data: await docxZipBomb(), reason: /word\/document\.xml inflates to 200 MB/ },
      { name: 'operators.pdf', data: await pdfWithManyOperators(), reason: /drawing instructions inflate past/ },
      { name: 'truncated.pdf', data: await truncatedPdf(), reason: /could not be read|no pages/ },
    ];
    const stored = await upload(hostile);
    expect(stored.map((a) => a.previewStatus)).toEqual(['pending', 'pending', 'pending', 'pending']);

    const processing = t.jobs.runUntilIdle();
    let done = false;
    void processing.finally(() => (done = true));
    let answered = 0;
    while (!done) {
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      answered += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await processing;
    expect(answered).toBeGreaterThan(0);

    expect((await listed(stored.map((a) => a.id))).map((a) => a.previewStatus)).toEqual(['failed', 'failed', 'failed', 'failed']);
    for (const [i, attachment] of stored.entries()) {
      const sha256 = await shaOf(attachment.id);
      const before = await previewJobOf(sha256);
      expect(before).toMatchObject({ status: 'failed', attempts: 1 });
      expect(before.lastError).toMatch(hostile[i].reason);

      const post = await t.as(reader, { method: 'POST', url: `/api/attachments/${attachment.id}/preview` });
      expect(post.statusCode).toBe(422);
      expect(post.json()).toEqual({ message: 'The preview could not be generated', reason: before.lastError, code: 'preview_failed' });
      const get = await t.as(reader, { method: 'GET', url: `/api/attachments/${attachment.id}/preview` });
      expect(get.statusCode).toBe(404);
      // Neither call queued the work again.
      expect(await previewJobOf(sha256)).toEqual(before);
    }
  });

  it('fails a file identical to a failed one without rendering it', async () => {
    const [again] = await upload([{ name: 'same-bomb.pdf', data: await imageBombPdf() }]);
    expect(again.previewStatus).toBe('failed');
    expect((await t.as(reader, { method: 'POST', url: `/api/attachments/${again.id}/preview` })).statusCode).toBe(422);
  });

  it('takes over a preview job whose runner died, once its lease has passed', async () => {
    const [attachment] = await upload([{ name: 'orphan.pdf', data: await makePdf('Orphaned render') }]);
    const sha256 = await shaOf(attachment.id);
    const claimed = await claimJob(t.db, 'a-runner-that-died', ['preview'], 60_000);
    expect(claimed?.key).toBe(`file:${sha256}`);
    // While the lease holds, no other runner may take it.
    expect(await claimJob(t.db, 'another-runner', ['preview'], 60_000)).toBeNull();
    expect((await listed([attachment.id]))[0].previewStatus).toBe('pending');

    await t.db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, claimed!.id));
    await t.jobs.runUntilIdle();
    expect((await listed([attachment.id]))[0].previewStatus).toBe('ready');
    expect(await previewJobOf(sha256)).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
  });

  it('ends a preview failed when its worker runs out of time, and the server goes on', async () => {
    const [attachment] = await upload([{ name: 'slow.pdf', data: await makePdf('Slow render') }]);
    const impatient = createBackgroundJobs({ db: t.db, documents: { timeLimitMs: 1 } });
    try {
      await impatient.runUntilIdle();
    } finally {
      await impatient.stop();
    }
    expect((await listed([attachment.id]))[0].previewStatus).toBe('failed');
    const post = await t.as(reader, { method: 'POST', url: `/api/attachments/${attachment.id}/preview` });
    expect(post.statusCode).toBe(422);
    expect(post.json().reason).toBe('Processing took longer than 0.001 seconds and was stopped');
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
