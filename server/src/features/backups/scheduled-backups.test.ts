import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackgroundJobs } from '../../background-jobs';
import { type Database, openDatabase } from '../../db/client';
import { backupRuns, jobs, sops } from '../../db/schema';
import { fileStoreDir } from '../../files/store';
import { openTestDatabase } from '../../test/database';
import { buildDepartment, buildSop, createTestContext, type TestContext, type TestUser } from '../../test/factories';
import { restoreBackup } from './restore.service';
import { BACKUP_JOB, type BackupSchedule, nextSlot, pruneBackups } from './scheduled-backups.service';

const work = mkdtempSync(path.join(tmpdir(), 'sop-scheduled-backup-'));
const dir = path.join(work, 'backups');
const schedule: BackupSchedule = { dir, everyHours: 24, keep: 2 };
/** PostgreSQL with TEST_DATABASE_URL; else the embedded database on disk (backups read through its pool). */
/** On disk as the server opens it (the app's role), or as `npm run restore` does (the owner). */
const openOnDisk = (name: string, role: 'app' | 'owner' = 'app'): Promise<Database> =>
  process.env.TEST_DATABASE_URL ? openTestDatabase() : openDatabase({ dataDir: path.join(work, name), role });

let t: TestContext;
let admin: TestUser;
let approver: TestUser;
let source: Database;
let target: Database;

beforeAll(async () => {
  source = await openOnDisk('source');
  t = await createTestContext({ database: source, backups: schedule });
  admin = await t.signedInUser('admin');
  approver = await t.signedInUser('approver');
  const department = await buildDepartment(t.db, 'Bridge');
  await buildSop(t.db, { departmentId: department.id, ownerId: admin.id, title: 'Anchoring in a crowded roadstead' });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await target?.close();
  rmSync(work, { recursive: true, force: true });
});

const status = async (as: TestUser = admin) => {
  const res = await t.as(as, { method: 'GET', url: '/api/admin/backups' });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const scheduledJobs = () =>
  t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, BACKUP_JOB), like(jobs.key, 'scheduled:%')));
const runs = () => t.db.select().from(backupRuns).orderBy(backupRuns.id);
const ownFiles = () => readdirSync(dir).filter((name) => name.startsWith('sop-harbor-'));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 240; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** The scheduled slot arrives: its job becomes due now (the clock is not ours to move). */
async function slotArrives() {
  await t.db
    .update(jobs)
    .set({ runAfter: new Date() })
    .where(and(eq(jobs.kind, BACKUP_JOB), like(jobs.key, 'scheduled:%'), eq(jobs.status, 'queued')));
}

describe('nextSlot', () => {
  const at = (iso: string) => new Date(iso);
  it('falls on whole multiples of the period since 1970 (every 24 hours: midnight UTC)', () => {
    expect(nextSlot(null, 24, at('2026-11-25T15:00:00Z')).toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(nextSlot(null, 6, at('2026-11-25T15:00:00Z')).toISOString()).toBe('2026-11-25T18:00:00.000Z');
  });
  it('follows the last slot that ran, and after a long stop runs only the latest missed one', () => {
    expect(nextSlot(at('2026-11-25T00:00:00Z'), 24, at('2026-11-25T15:00:00Z')).toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(nextSlot(at('2026-11-01T00:00:00Z'), 24, at('2026-11-25T15:00:00Z')).toISOString()).toBe('2026-11-25T00:00:00.000Z');
  });
});

describe('scheduled backups', () => {
  it('start with the next slot queued and nothing pretended', async () => {
    const first = await until(status, (s) => s.next !== null, 'the first slot');
    expect(first).toMatchObject({ configured: true, everyHours: 24, keep: 2, last: null, inProgress: false });
    expect(first.next).toBe(nextSlot(null, 24).toISOString());
  });

  it('run by themselves when the slot comes, once across two instances, and queue the next slot', async () => {
    // A second instance over the same database, with the same schedule, polling the same queue.
    const other = createBackgroundJobs({ db: t.db, pollMs: 100, id: 'other-instance', backups: { ...schedule, pool: source.pool!, fileDir: fileStoreDir() } });
    other.start();
    try {
      const [slot] = await scheduledJobs();
      await slotArrives();
      const [run] = await until(runs, (rows) => rows.length === 1, 'the scheduled backup');
      expect(run).toMatchObject({ trigger: 'scheduled', ok: true, error: null });
      expect(run.slot?.toISOString()).toBe(slot.payload.slot);
      expect(statSync(path.join(dir, run.file!)).size).toBe(run.bytes);
      const after = await until(status, (s) => s.next !== null && s.next !== slot.payload.slot, 'the next slot');
      expect(new Date(after.next).getTime() - new Date(String(slot.payload.slot)).getTime()).toBe(24 * 3600_000);
      expect(after.last).toMatchObject({ ok: true, bytes: run.bytes, error: null });
    } finally {
      await other.stop();
    }
    expect(await runs()).toHaveLength(1);
  });

  it('restore: a scheduled backup loads into an empty database', async () => {
    const [run] = await runs();
    target = await openOnDisk('target', 'owner');
    // Opening it made its file store the current one.
    const result = await restoreBackup(target.pool!, path.join(dir, run.file!), { fileDir: fileStoreDir() });
    expect(result.rows).toBeGreaterThan(0);
    const titles = await target.db.select({ title: sops.title }).from(sops);
    expect(titles).toEqual([{ title: 'Anchoring in a crowded roadstead' }]);
  });

  it("'Back up now' queues a backup for the runner, answers at once, and keeps only the newest BACKUP_KEEP files", async () => {
    writeFileSync(path.join(dir, 'before-the-refit.backup'), 'an operator’s own backup');
    for (let n = 2; n <= 3; n += 1) {
      const res = await t.as(admin, { method: 'POST', url: '/api/admin/backups' });
      expect(res.statusCode).toBe(202);
      expect(res.json().inProgress).toBe(true);
      await until(runs, (rows) => rows.length === n, `backup ${n}`);
      await until(status, (s) => !s.inProgress, 'the request to finish');
    }
    const all = await runs();
    expect(all.map((r) => r.trigger)).toEqual(['scheduled', 'manual', 'manual']);
    expect(ownFiles().sort()).toEqual(
      all
        .slice(1)
        .map((r) => r.file)
        .sort(),
    );
    expect(existsSync(path.join(dir, 'before-the-refit.backup'))).toBe(true);
  });

  it('a failed backup says why, and the bell tells admins (not approvers)', async () => {
    // The folder is no folder any more: the next backup cannot be written.
    rmSync(dir, { recursive: true });
    writeFileSync(dir, 'not a folder');
    try {
      expect((await t.as(admin, { method: 'POST', url: '/api/admin/backups' })).statusCode).toBe(202);
      const failed = await until(status, (s) => s.last?.ok === false, 'the failure');
      expect(failed.last.error).toMatch(/EEXIST|ENOTDIR|not a directory|file already exists/i);
      const bell = (await t.as(admin, { method: 'GET', url: '/api/notifications' })).json();
      expect(bell.items).toContainEqual(expect.objectContaining({ kind: 'backup_failed', sopId: null, title: `Last backup failed: ${failed.last.error}` }));
      const approverBell = (await t.as(approver, { method: 'GET', url: '/api/notifications' })).json();
      expect(approverBell.items.filter((i: { kind: string }) => i.kind.startsWith('backup'))).toEqual([]);
    } finally {
      rmSync(dir, { force: true });
    }
  });

  it('a scheduled backup an hour past its slot without having run raises an overdue notification', async () => {
    await t.jobs.stop();
    await t.db
      .update(jobs)
      .set({ runAfter: new Date(Date.now() - 2 * 3600_000) })
      .where(and(eq(jobs.kind, BACKUP_JOB), like(jobs.key, 'scheduled:%'), eq(jobs.status, 'queued')));
    const bell = (await t.as(admin, { method: 'GET', url: '/api/notifications' })).json();
    expect(bell.items).toContainEqual(expect.objectContaining({ kind: 'backup_overdue', sopId: null, title: 'Scheduled backup has not run' }));
  });

  it('is for administrators only, and refuses "Back up now" where backups are not configured', async () => {
    expect((await t.as(approver, { method: 'GET', url: '/api/admin/backups' })).statusCode).toBe(403);
    expect((await t.as(approver, { method: 'POST', url: '/api/admin/backups' })).statusCode).toBe(403);
    const plain = await createTestContext();
    try {
      const someAdmin = await plain.signedInUser('admin');
      const res = await plain.as(someAdmin, { method: 'GET', url: '/api/admin/backups' });
      expect(res.json()).toEqual({ configured: false, everyHours: null, keep: null, last: null, next: null, inProgress: false });
      const now = await plain.as(someAdmin, { method: 'POST', url: '/api/admin/backups' });
      expect(now.statusCode).toBe(409);
      expect(now.json().message).toBe('Backups are not configured: set BACKUP_DIR on the server to turn them on.');
    } finally {
      await plain.close();
    }
  });
});

describe('pruneBackups', () => {
  it('keeps the newest files by time and then by their number, also for several in one second', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'prune-'));
    try {
      const names = [
        'sop-harbor-20261128-225054.backup',
        'sop-harbor-20261128-225055.backup',
        'sop-harbor-20261128-225055-1.backup',
        'sop-harbor-20261128-225055-2.backup',
        'someone-elses.backup',
      ];
      for (const name of names) writeFileSync(path.join(dir, name), 'x');
      const removed = await pruneBackups(dir, 2);
      expect(removed).toEqual(['sop-harbor-20261128-225054.backup', 'sop-harbor-20261128-225055.backup']);
      expect(readdirSync(dir).sort()).toEqual(['someone-elses.backup', 'sop-harbor-20261128-225055-1.backup', 'sop-harbor-20261128-225055-2.backup']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
