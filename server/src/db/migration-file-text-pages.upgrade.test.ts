import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBackgroundJobs } from '../background-jobs';
import { listSopsJson } from '../features/sops/sop-list.service';
import { EVERYTHING } from '../features/sops/sop-visibility.service';
import { buildPdf } from '../test/documents';
import { storeOldFile, upgradedFrom } from '../test/previous-release';
import { fileTexts, jobs } from './schema';

/**
 * Migration 0037 keeps a PDF's pages: a PDF whose text the release before read without them is
 * queued to be read again, keeps its text (and its search) until then, and has its pages after.
 * A text file is left as it was.
 */
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const files: { name: string; mimeType: string; data: Buffer; text: string }[] = [];

const upgraded = upgradedFrom(36, async (old) => {
  files.push(
    {
      name: 'entry.pdf',
      mimeType: 'application/pdf',
      data: await buildPdf({ body: ['Permit signed.', { newPage: true }, 'Ventilate for 15 minutes.'] }),
      text: 'Permit signed.\nVentilate for 15 minutes.',
    },
    { name: 'notes.txt', mimeType: 'text/plain', data: Buffer.from('Pilot ladder rigged.'), text: 'Pilot ladder rigged.' },
  );
  const user = await old.one(`insert into users (username, password) values ('old-owner', 'x') returning id`);
  const dept = await old.one(`insert into departments (name) values ('Deck') returning id`);
  const sop = await old.one(`insert into sops (title, department_id, owner_id) values ('Enclosed space entry', $1, $2) returning id`, [dept.id, user.id]);
  const version = await old.one(`insert into sop_versions (sop_id, content) values ($1, 'Steps') returning id`, [sop.id]);
  await old.query(`update sops set latest_version_id = $1 where id = $2`, [version.id, sop.id]);
  for (const file of files) {
    const hash = await storeOldFile(old, version.id, file);
    await old.query(`insert into file_texts (sha256, status, text, search_vector) values ($1, 'ready', $2, strip(to_tsvector('english', $2)))`, [
      hash,
      file.text,
    ]);
    // The job that read it is done, as the release before left it.
    await old.query(`insert into jobs (kind, key, payload, status) values ('extract-text', $1, $2, 'done')`, [`file:${hash}`, { sha256: hash }]);
  }
});

const titles = async (term: string) => (JSON.parse(await listSopsJson(upgraded.db, EVERYTHING, { search: term })) as { title: string }[]).map((s) => s.title);
const textOf = async (file: (typeof files)[number]) =>
  (
    await upgraded.db
      .select()
      .from(fileTexts)
      .where(eq(fileTexts.sha256, sha(file.data)))
  )[0];

describe('migration 0037: the pages of PDF text', () => {
  it('queues the PDF to be read again and keeps its text and search until then', async () => {
    const queued = await upgraded.db.select().from(jobs).where(eq(jobs.status, 'queued'));
    expect(queued.map((j) => [j.key, j.payload])).toEqual([[`file:${sha(files[0].data)}`, { sha256: sha(files[0].data), pages: true }]]);
    expect((await textOf(files[0])).pages).toBeNull();
    expect(await titles('ventilate')).toEqual(['Enclosed space entry']);
  });

  it('reads it again with its pages; the text file stays as it was', async () => {
    const background = createBackgroundJobs({ db: upgraded.db });
    try {
      await background.runUntilIdle();
    } finally {
      await background.stop();
    }
    const pdf = await textOf(files[0]);
    expect([pdf.text, pdf.pages]).toEqual(['Permit signed.\fVentilate for 15 minutes.', 2]);
    expect(await titles('ventilate')).toEqual(['Enclosed space entry']);
    const text = await textOf(files[1]);
    expect([text.text, text.pages]).toEqual(['Pilot ladder rigged.', null]);
  });
});
