import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../../common/limits';
import { StorageFacts } from '../../../common/contracts/storage';
import type { SopDetail } from '../../../common/contracts/sops';
import { attachments } from '../db/schema';
import { crewOf, buildDepartment } from '../test/factories';
import { createSopAs, uploadAttachments, uploadFiles } from '../test/client';
import { corruptStoredFile, storeTotals } from '../test/stored-files';
import { diskPath, fileStoreDir, readCounter, tempDir } from './store';

// No background jobs: text extraction would open the bytes while a test counts the opens.
const { t, owner, admin } = await crewOf({ owner: 'user', admin: 'admin' }, { jobs: 'manual' });
let deptId: number;

beforeAll(async () => {
  deptId = (await buildDepartment(t.db, 'Engine')).id;
});

const digestOf = (data: Buffer) => `sha-256=:${createHash('sha256').update(data).digest('base64')}:`;
/** Text files: no preview is rendered in the background, so the store's totals stay still. */
const text = (label: string, bytes = 200) => Buffer.from(`${label}\n`.padEnd(bytes, '.'));

const upload = (versionId: number, files: { name: string; data: Buffer }[]) => uploadFiles(t, owner, versionId, files);

const hashOf = async (attachmentId: number) =>
  (await t.db.select({ sha256: attachments.sha256 }).from(attachments).where(eq(attachments.id, attachmentId)))[0].sha256!;

describe('one stored copy per distinct file', () => {
  it('stores the same bytes uploaded twice once, and both downloads give them back', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deptId });
    const data = text('bilge pump rota');
    const before = await storeTotals(t.db);
    const [first] = await upload(sop.latestVersionId!, [{ name: 'rota.txt', data }]);
    const [second] = await upload(sop.latestVersionId!, [{ name: 'rota-copy.txt', data }]);
    expect(await storeTotals(t.db)).toEqual({ files: before.files + 1, bytes: before.bytes + data.length });
    for (const id of [first.id, second.id]) {
      const res = await t.as(owner, { method: 'GET', url: `/api/attachments/${id}/download` });
      expect(res.rawPayload.equals(data)).toBe(true);
    }
  });

  it('adds no bytes for a revision that carries its files forward', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deptId, title: 'Fuel transfer' });
    await upload(sop.latestVersionId!, [
      { name: 'a.txt', data: text('transfer a') },
      { name: 'b.txt', data: text('transfer b') },
    ]);
    const before = await storeTotals(t.db);
    const res = await t.as(owner, {
      method: 'PUT',
      url: `/api/sops/${sop.id}`,
      payload: { title: 'Fuel transfer', departmentId: deptId, content: 'Revised.' },
    });
    expect(res.statusCode).toBe(200);
    const after: SopDetail = (await t.as(owner, { method: 'GET', url: `/api/sops/${sop.id}` })).json();
    expect(after.latestVersion!.attachments).toHaveLength(2);
    expect(await storeTotals(t.db)).toEqual(before);
  });

  it('removes the bytes when the last record using them goes (SOP delete), and keeps shared ones', async () => {
    const shared = text('shared checklist');
    const keeper = await createSopAs(t, owner, { departmentId: deptId });
    await upload(keeper.latestVersionId!, [{ name: 'shared.txt', data: shared }]);
    const doomed = await createSopAs(t, owner, { departmentId: deptId });
    const [own] = await upload(doomed.latestVersionId!, [
      { name: 'own.txt', data: text('only here') },
      { name: 'shared.txt', data: shared },
    ]);
    const ownHash = await hashOf(own.id);
    const before = await storeTotals(t.db);

    expect((await t.as(admin, { method: 'DELETE', url: `/api/sops/${doomed.id}` })).statusCode).toBeLessThan(300);
    expect(await storeTotals(t.db)).toEqual({ files: before.files - 1, bytes: before.bytes - text('only here').length });
    const dir = fileStoreDir();
    if (dir) expect(existsSync(diskPath(dir, ownHash))).toBe(false);
    const kept = (await t.as(owner, { method: 'GET', url: `/api/sops/${keeper.id}` })).json() as SopDetail;
    const download = await t.as(owner, { method: 'GET', url: `/api/attachments/${kept.latestVersion!.attachments[0].id}/download` });
    expect(download.rawPayload.equals(shared)).toBe(true);
  });
});

describe('downloads', () => {
  it('sends Content-Length and a Repr-Digest of the bytes', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deptId });
    const data = text('digest me', 5000);
    const [file] = await upload(sop.latestVersionId!, [{ name: 'digest.txt', data }]);
    // Asked for compression, the file still goes as stored, so both headers describe what is sent.
    const res = await t.as(owner, { method: 'GET', url: `/api/attachments/${file.id}/download`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(data.length));
    expect(res.headers['repr-digest']).toBe(digestOf(data));
    expect(res.rawPayload.equals(data)).toBe(true);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers HEAD from the record without opening the bytes', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deptId });
    const data = text('head only', 3000);
    const [file] = await upload(sop.latestVersionId!, [{ name: 'head.txt', data }]);
    const opened = readCounter.opened;
    const head = await t.as(owner, { method: 'HEAD', url: `/api/attachments/${file.id}/download` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(data.length));
    expect(head.headers['repr-digest']).toBe(digestOf(data));
    expect(readCounter.opened).toBe(opened);
    await t.as(owner, { method: 'GET', url: `/api/attachments/${file.id}/download` });
    expect(readCounter.opened).toBe(opened + 1);
  });

  it('cuts a large download whose stored bytes were corrupted: never the whole file with a 200', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deptId });
    const data = text('long manual', 3 * 1024 * 1024);
    const [file] = await upload(sop.latestVersionId!, [{ name: 'manual.txt', data }]);
    await corruptStoredFile(t.db, await hashOf(file.id), 2 * 1024 * 1024 + 17);
    const outcome = await t.as(owner, { method: 'GET', url: `/api/attachments/${file.id}/download` }).then(
      (res) => ({ status: res.statusCode, length: res.rawPayload.length }),
      (err: Error) => ({ error: err }),
    );
    // Either the response errored mid-way or it ended short of its Content-Length.
    if ('length' in outcome) expect(outcome.length).toBeLessThan(data.length);
    else expect(outcome.error).toBeInstanceOf(Error);
  });
});

describe('small files sent lately', () => {
  const download = (id: number) => t.as(owner, { method: 'GET', url: `/api/attachments/${id}/download` });

  it('are sent from memory after one whole, verified download, byte for byte', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deptId });
    const data = text('galley cleaning rota, kept hot', 5000);
    const [file] = await upload(sop.latestVersionId!, [{ name: 'galley.txt', data }]);
    const opened = readCounter.opened;
    const first = await download(file.id);
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.equals(data)).toBe(true);
    expect(readCounter.opened).toBe(opened + 1);
    for (let i = 0; i < 2; i++) {
      const again = await download(file.id);
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(data)).toBe(true);
      expect(again.headers['content-length']).toBe(String(data.length));
      expect(again.headers['repr-digest']).toBe(digestOf(data));
    }
    expect(readCounter.opened).toBe(opened + 1);
  });

  it('never keeps a file that failed its check: it is read again, and sent whole once its bytes are good', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deptId });
    const data = text('bridge night orders, damaged', 4000);
    const [file] = await upload(sop.latestVersionId!, [{ name: 'orders.txt', data }]);
    const sha256 = await hashOf(file.id);
    await corruptStoredFile(t.db, sha256, 100);
    const opened = readCounter.opened;
    const cut = await download(file.id).then(
      (res) => res.rawPayload.length,
      () => -1,
    );
    expect(cut).toBeLessThan(data.length);
    // The same byte flipped back: the stored bytes are good again.
    await corruptStoredFile(t.db, sha256, 100);
    const whole = await download(file.id);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(data)).toBe(true);
    expect(readCounter.opened).toBe(opened + 2);
  });
});

describe('uploads', () => {
  it('refuses an upload with 413 as it passes 10 MB and keeps neither bytes nor temp files', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deptId });
    const before = await storeTotals(t.db);
    // On PostgreSQL the temp folder is the process's, which the other test files of this worker use too: this upload's own files count.
    const tempBefore = await readdir(tempDir());
    const res = await uploadAttachments(t, owner, sop.latestVersionId, [{ name: 'huge.txt', data: Buffer.alloc(MAX_FILE_BYTES + 1024, 0x41) }]);
    expect(res.statusCode).toBe(413);
    expect(await storeTotals(t.db)).toEqual(before);
    expect((await readdir(tempDir())).filter((f) => !tempBefore.includes(f))).toEqual([]);
  });
});

describe('GET /api/admin/storage', () => {
  it('gives an admin the stored and referenced figures; duplicates count once as stored', async () => {
    const res = await t.as(admin, { method: 'GET', url: '/api/admin/storage' });
    expect(res.statusCode).toBe(200);
    const facts = StorageFacts.parse(res.json());
    const totals = await storeTotals(t.db);
    expect(facts).toMatchObject({ storedFiles: totals.files, storedBytes: totals.bytes });
    expect(facts.referencedFiles).toBeGreaterThan(facts.storedFiles);
    expect(facts.referencedBytes).toBeGreaterThan(facts.storedBytes);
  });

  it('is 401 signed out and 403 for anyone but an admin', async () => {
    expect((await t.as(null, { method: 'GET', url: '/api/admin/storage' })).statusCode).toBe(401);
    expect((await t.as(owner, { method: 'GET', url: '/api/admin/storage' })).statusCode).toBe(403);
    const approver = await t.signedInUser('approver');
    expect((await t.as(approver, { method: 'GET', url: '/api/admin/storage' })).statusCode).toBe(403);
  });
});
