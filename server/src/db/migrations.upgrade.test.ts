import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { fileStoreDir, readAll } from '../files/store';
import { buildUser, signIn } from '../test/factories';
import { upgradedFrom } from '../test/previous-release';
import { attachments, jobs, pendingUploads, storedFileChunks, storedFiles } from './schema';

/**
 * A database made by the schema before the file store (migration 0000 only), holding files
 * the way that code stored them, is upgraded by opening it as the server does; every file
 * must then download with the checksum it had.
 */
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const files = {
  // Over two 1 MB chunks, and stored twice (two records, identical bytes).
  manual: Buffer.from('Engine room manual\n'.repeat(140_000)),
  pdf: Buffer.from('%PDF-1.4\n% a tiny PDF for the upgrade test\n%%EOF\n'),
  preview: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
  program: Buffer.from('%PDF-1.4\n% daily program\n%%EOF\n'),
  itinerary: Buffer.from('date,port\n2025-11-20,Barcelona\n'),
  pending: Buffer.from('bytes PUT but never attached\n'),
  unrendered: Buffer.from('%PDF-1.4\n% a PDF whose preview was never made\n%%EOF\n'),
};

const ids: Record<string, number> = {};

const upgraded = upgradedFrom(0, async (old) => {
  const { one } = old;
  const user = await one(`insert into users (username, password, role) values ('old-admin', 'x', 'admin') returning id`);
  const dept = await one(`insert into departments (name) values ('Engine') returning id`);
  const sop = await one(`insert into sops (title, department_id, owner_id) values ('Old SOP', $1, $2) returning id`, [dept.id, user.id]);
  const version = await one(`insert into sop_versions (sop_id, content) values ($1, 'Old steps') returning id`, [sop.id]);
  await old.query(`update sops set latest_version_id = $1 where id = $2`, [version.id, sop.id]);
  const attach = async (key: string, name: string, mime: string, data: Buffer) => {
    const row = await one(`insert into attachments (version_id, filename, original_name, mime_type, size) values ($1, $2, $2, $3, $4) returning id`, [
      version.id,
      name,
      mime,
      data.length,
    ]);
    await old.query(`insert into attachment_blobs (attachment_id, data, checksum) values ($1, $2, $3)`, [row.id, data, sha256(data)]);
    ids[key] = row.id;
  };
  await attach('manual', 'manual.txt', 'text/plain', files.manual);
  await attach('manualCopy', 'manual-copy.txt', 'text/plain', files.manual);
  await attach('pdf', 'plan.pdf', 'application/pdf', files.pdf);
  await old.query(`insert into attachment_previews (attachment_id, width, height, data, checksum) values ($1, 10, 14, $2, $3)`, [
    ids.pdf,
    files.preview,
    sha256(files.preview),
  ]);
  await attach('unrendered', 'unrendered.pdf', 'application/pdf', files.unrendered);
  const program = await one(
    `insert into daily_programs (cruise_code, program_date, file_sequence, filename, original_name, mime_type, size) values ('AR1', '2025-11-20', 1, 'p.pdf', 'p.pdf', 'application/pdf', $1) returning id`,
    [files.program.length],
  );
  await old.query(`insert into daily_program_blobs (program_id, data, checksum) values ($1, $2, $3)`, [program.id, files.program, sha256(files.program)]);
  ids.program = program.id;
  const itinerary = await one(
    `insert into itineraries (upload_date, filename, original_name, mime_type, size) values ('2025-11-20', 'i.csv', 'i.csv', 'text/csv', $1) returning id`,
    [files.itinerary.length],
  );
  await old.query(`insert into itinerary_blobs (itinerary_id, data, checksum) values ($1, $2, $3)`, [itinerary.id, files.itinerary, sha256(files.itinerary)]);
  ids.itinerary = itinerary.id;
  await old.query(`insert into pending_uploads (user_id, data, checksum, size) values ($1, $2, $3, $4)`, [
    user.id,
    files.pending,
    sha256(files.pending),
    files.pending.length,
  ]);
});

describe('upgrading a database made before the file store', () => {
  it('keeps every file, each stored once, with the checksum it had, over HTTP', async () => {
    const app = await buildApp({ db: upgraded.db, sessionSecret: 'a-test-secret-that-is-long-enough-for-sessions' });
    await app.ready();
    try {
      // An approver reads the files of every version, drafts included.
      const reader = await buildUser(upgraded.db, { role: 'approver' });
      const cookie = await signIn(app, reader.username, reader.password);
      const downloads: [string, Buffer][] = [
        [`/api/attachments/${ids.manual}/download`, files.manual],
        [`/api/attachments/${ids.manualCopy}/download`, files.manual],
        [`/api/attachments/${ids.pdf}/download`, files.pdf],
        [`/api/attachments/${ids.pdf}/preview`, files.preview],
        [`/api/daily-programs/${ids.program}/download`, files.program],
        [`/api/itineraries/${ids.itinerary}/download`, files.itinerary],
      ];
      for (const [url, original] of downloads) {
        const res = await app.inject({ method: 'GET', url, headers: { cookie } });
        expect(res.statusCode, url).toBe(200);
        expect(sha256(res.rawPayload), url).toBe(sha256(original));
        expect(res.headers['repr-digest'], url).toBe(`sha-256=:${createHash('sha256').update(original).digest('base64')}:`);
      }
    } finally {
      await app.close();
    }
    const [pending] = await upgraded.db.select().from(pendingUploads);
    expect(pending.sha256).toBe(sha256(files.pending));
    expect(sha256(await readAll(upgraded.db, pending.sha256!, 1024))).toBe(sha256(files.pending));
    const [stored] = await upgraded.db.select({ n: count() }).from(storedFiles);
    expect(stored.n).toBe(Object.keys(files).length);
  });

  it('moves the bytes out of the database when files live on disk', async () => {
    const [chunks] = await upgraded.db.select({ n: count() }).from(storedFileChunks);
    if (fileStoreDir()) expect(chunks.n).toBe(0);
    else {
      const [manual] = await upgraded.db
        .select({ n: count() })
        .from(storedFileChunks)
        .where(eq(storedFileChunks.sha256, sha256(files.manual)));
      expect(manual.n).toBe(3);
    }
  });

  it('gives every attachment its preview status and queues one preview job per file still to render', async () => {
    const statuses = await upgraded.db.select({ id: attachments.id, status: attachments.previewStatus }).from(attachments);
    const statusOf = (key: string) => statuses.find((a) => a.id === ids[key])?.status;
    expect([statusOf('manual'), statusOf('pdf'), statusOf('unrendered')]).toEqual(['none', 'ready', 'pending']);
    const queued = await upgraded.db.select({ kind: jobs.kind, key: jobs.key, status: jobs.status }).from(jobs).where(eq(jobs.kind, 'preview'));
    expect(queued).toEqual([{ kind: 'preview', key: `file:${sha256(files.unrendered)}`, status: 'queued' }]);
    // Migration 0008 queues the text of every stored PDF, Word and text file (migration-search-text.upgrade.test.ts).
    const texts = await upgraded.db.select({ key: jobs.key }).from(jobs).where(eq(jobs.kind, 'extract-text'));
    expect(texts.map((j) => j.key).sort()).toEqual([files.manual, files.pdf, files.unrendered].map((f) => `file:${sha256(f)}`).sort());
  });
});
