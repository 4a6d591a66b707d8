/**
 * Backups the server makes by itself: a `backup` job (one row per trigger in the job table,
 * so one instance runs it however many poll) writes a backup file into BACKUP_DIR, records
 * how it went in `backup_runs`, and keeps the newest BACKUP_KEEP files it wrote. Every
 * instance with BACKUP_DIR queues the next scheduled one when the last has finished; the
 * queue's (kind, key) uniqueness makes that idempotent.
 */
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../db/client';
import { backupRuns, jobs } from '../../db/schema';
import { enqueueJob, wakeJobRunners } from '../../jobs/job-queue';
import type { JobHandler } from '../../jobs/job-runner';
import { backgroundLinks, type MailLinks, type Notifier, notify } from '../mail/notify.service';
import { rolesThatMay } from '../../../../common/permissions';
import { writeBackup } from './backup.service';

export const BACKUP_JOB = 'backup';
const SCHEDULED = 'scheduled';
const MANUAL = 'manual';
/** The names this server gives its own backups; other files in BACKUP_DIR are never pruned. */
const OWN_FILE = /^sop-harbor-(\d{8}-\d{6})(?:-(\d+))?\.backup$/;

export interface BackupSchedule {
  dir: string;
  everyHours: number;
  keep: number;
}

export interface BackupSource {
  pool: pg.Pool;
  /** Where the file store keeps bytes as files (null: as rows in the database). */
  fileDir: string | null;
}

const stamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/**
 * Oldest first: by the second in the name, then by the number after it. Sorting the names as text
 * would put 'x-1.backup' before 'x.backup' ('-' sorts before '.'), so of three backups in one
 * second the first would count as the newest.
 */
const byAge = (a: string, b: string) => {
  const [, atA, nA] = OWN_FILE.exec(a) ?? [];
  const [, atB, nB] = OWN_FILE.exec(b) ?? [];
  return atA === atB ? Number(nA ?? 0) - Number(nB ?? 0) : atA < atB ? -1 : 1;
};

/** The newest files this server wrote stay; older ones beyond `keep` are removed. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const own = (await readdir(dir)).filter((name) => OWN_FILE.test(name)).sort(byAge);
  const old = own.slice(0, Math.max(0, own.length - keep));
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}

async function uniqueFile(dir: string, at: Date) {
  for (let n = 0; ; n += 1) {
    const name = `sop-harbor-${stamp(at)}${n ? `-${n}` : ''}.backup`;
    const taken = await stat(path.join(dir, name)).then(
      () => true,
      () => false,
    );
    if (!taken) return name;
  }
}

/**
 * The job: one backup, recorded whether it worked or not (a failure waits for the next turn,
 * it is not retried); a failure is mailed to whoever may manage backups, with the record.
 */
export function backupJob(schedule: BackupSchedule, source: BackupSource, notifier: Notifier | null = null): JobHandler {
  return {
    async run(payload, { db, log }) {
      const trigger = payload.trigger === MANUAL ? MANUAL : SCHEDULED;
      const startedAt = new Date();
      try {
        await mkdir(schedule.dir, { recursive: true, mode: 0o700 });
        const name = await uniqueFile(schedule.dir, startedAt);
        await writeBackup(source.pool, path.join(schedule.dir, name), { fileDir: source.fileDir });
        const { size } = await stat(path.join(schedule.dir, name));
        await db.insert(backupRuns).values({ trigger, slot: slotOf(payload), startedAt, finishedAt: new Date(), file: name, bytes: size, ok: true });
        const removed = await pruneBackups(schedule.dir, schedule.keep);
        log.info({ file: name, bytes: size, removed }, 'backup written');
      } catch (err) {
        log.error({ err }, 'backup failed');
        const error = err instanceof Error ? err.message : String(err);
        await db.transaction((tx) => recordFailure(tx, backgroundLinks(notifier), trigger, slotOf(payload), startedAt, error));
      }
      if (trigger === SCHEDULED) await scheduleNextBackup(db, schedule);
    },
    // The process running it died each time: record it like any failed backup, and go on.
    async failed(payload, reason, db) {
      const trigger = payload.trigger === MANUAL ? MANUAL : SCHEDULED;
      await recordFailure(db, backgroundLinks(notifier), trigger, slotOf(payload), new Date(), reason);
      if (trigger === SCHEDULED) await scheduleNextBackup(db, schedule);
    },
    async resume(db) {
      await scheduleNextBackup(db, schedule);
      return 0;
    },
  };
}

const slotOf = (payload: Record<string, unknown>) => (typeof payload.slot === 'string' ? new Date(payload.slot) : null);

const BACKUP_MANAGERS = rolesThatMay('backups.manage');

async function recordFailure(db: Db, links: MailLinks, trigger: string, slot: Date | null, startedAt: Date, error: string) {
  await db.insert(backupRuns).values({ trigger, slot, startedAt, finishedAt: new Date(), ok: false, error: error.slice(0, 2000) });
  await notify(db, links, {
    kind: 'backup_failed',
    to: sql`select id from users where role::text in (${sql.join(
      BACKUP_MANAGERS.map((role) => sql`${role}`),
      sql`, `,
    )})`,
    message: (words) => words.backupFailed({ trigger, at: startedAt.toISOString().slice(0, 16).replace('T', ' '), error: error.slice(0, 500) }),
    path: '/admin',
  });
}

/**
 * Scheduled backups fall on fixed slots, whole multiples of BACKUP_EVERY_HOURS since
 * 1970-01-01 UTC (every 24 hours: midnight UTC), so every instance names the same next slot
 * and the job table keeps one job for it. The next slot follows the last one that ran; after
 * a long stop only the latest missed slot runs, not every one.
 */
export function nextSlot(lastSlot: Date | null, everyHours: number, now = new Date()): Date {
  const period = everyHours * 3600_000;
  const latestPast = Math.floor(now.getTime() / period) * period;
  if (!lastSlot) return new Date(latestPast + period);
  const following = (Math.floor(lastSlot.getTime() / period) + 1) * period;
  return new Date(Math.max(following, latestPast));
}

/** Queues the next scheduled backup (a no-op when its job waits or runs already). */
export async function scheduleNextBackup(db: Db, schedule: BackupSchedule, now = new Date()) {
  const [last] = await db
    .select({ slot: backupRuns.slot })
    .from(backupRuns)
    .where(and(eq(backupRuns.trigger, SCHEDULED), isNotNull(backupRuns.slot)))
    .orderBy(desc(backupRuns.slot))
    .limit(1);
  const slot = nextSlot(last?.slot ?? null, schedule.everyHours, now);
  await enqueueJob(db, {
    kind: BACKUP_JOB,
    key: `${SCHEDULED}:${slot.toISOString()}`,
    payload: { trigger: SCHEDULED, slot: slot.toISOString() },
    maxAttempts: 1,
    runAfter: slot,
  });
}

export async function requestBackup(db: Db) {
  await enqueueJob(db, { kind: BACKUP_JOB, key: MANUAL, payload: { trigger: MANUAL }, maxAttempts: 1 });
  wakeJobRunners();
}

/** When the next scheduled backup is due, and whether one is waiting to run or running now. */
export async function backupQueue(db: Db) {
  const rows = await db
    .select({ key: jobs.key, status: jobs.status, runAfter: jobs.runAfter })
    .from(jobs)
    .where(and(eq(jobs.kind, BACKUP_JOB), sql`${jobs.status} in ('queued', 'running')`))
    .orderBy(asc(jobs.runAfter));
  const scheduled = rows.find((r) => r.key.startsWith(`${SCHEDULED}:`) && r.status === 'queued');
  return { next: scheduled?.runAfter ?? null, running: rows.some((r) => r.status === 'running'), requested: rows.some((r) => r.key === MANUAL) };
}
