import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBackgroundJobs } from '../background-jobs';
import { listSopsJson } from '../features/sops/sop-list.service';
import { EVERYTHING } from '../features/sops/sop-visibility.service';
import { makeDocx, makePdf } from '../test/documents';
import { storeOldFile, upgradedFrom } from '../test/previous-release';
import { fileTexts, jobs } from './schema';

/**
 * Migration 0008 queues the backfill: one durable `extract-text` job per stored PDF, Word
 * or text file that an attachment of the release before it points at. After the upgrade a
 * job runner reads them, and a search finds the SOPs by the words inside their files.
 */
const files: { name: string; mimeType: string; data: Buffer }[] = [];
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const upgraded = upgradedFrom(6, async (old) => {
  files.push(
    { name: 'mooring.pdf', mimeType: 'application/pdf', data: await makePdf('Mooring', ['Single up to the springline before departure.']) },
    {
      name: 'galley.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      data: await makeDocx('Galley', ['Degrease the salamander grill nightly.']),
    },
    { name: 'notes.txt', mimeType: 'text/plain', data: Buffer.from('Pilot ladder rigged on the lee side.') },
    { name: 'chart.png', mimeType: 'image/png', data: Buffer.from('not text at all') },
  );
  const user = await old.one(`insert into users (username, password) values ('old-owner', 'x') returning id`);
  const dept = await old.one(`insert into departments (name) values ('Deck') returning id`);
  const sop = await old.one(`insert into sops (title, department_id, owner_id) values ('Harbour routines', $1, $2) returning id`, [dept.id, user.id]);
  const version = await old.one(`insert into sop_versions (sop_id, content) values ($1, 'Steps') returning id`, [sop.id]);
  await old.query(`update sops set latest_version_id = $1 where id = $2`, [version.id, sop.id]);
  // The PDF twice: two attachments of one stored file make one job.
  for (const [i, file] of files.entries()) await storeOldFile(old, version.id, file, i === 0 ? 2 : 1);
});

const titles = async (term: string) => (JSON.parse(await listSopsJson(upgraded.db, EVERYTHING, { search: term })) as { title: string }[]).map((s) => s.title);

describe('migration 0008: text extraction backfill', () => {
  it('queues one extract-text job per stored PDF, Word and text file', async () => {
    const queued = await upgraded.db.select().from(jobs).where(eq(jobs.kind, 'extract-text'));
    expect(queued.map((j) => j.key).sort()).toEqual(
      files
        .slice(0, 3)
        .map((f) => `file:${sha(f.data)}`)
        .sort(),
    );
    expect(queued.every((j) => j.status === 'queued')).toBe(true);
    expect(await titles('springline')).toEqual([]);
  });

  it('reads them after the upgrade: the SOP is found by the words inside its files', async () => {
    const background = createBackgroundJobs({ db: upgraded.db });
    try {
      await background.runUntilIdle();
    } finally {
      await background.stop();
    }
    const rows = await upgraded.db.select({ sha256: fileTexts.sha256, status: fileTexts.status }).from(fileTexts);
    expect(rows.map((r) => r.status)).toEqual(['ready', 'ready', 'ready']);
    for (const word of ['springline', 'salamander', 'ladder']) expect(await titles(word), word).toEqual(['Harbour routines']);
    const done = await upgraded.db.select().from(jobs).where(eq(jobs.kind, 'extract-text'));
    expect(done.map((j) => j.status)).toEqual(['done', 'done', 'done']);
  });
});
