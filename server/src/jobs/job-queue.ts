/**
 * The durable job queue: plain functions over the `jobs` table. Work is added with
 * `enqueueJob` (inside the caller's transaction, so it exists exactly when the record that
 * needs it does) and taken by `claimJob`, whose FOR UPDATE SKIP LOCKED lets any number of
 * runners in any number of processes poll one table without taking the same row.
 */
import { EventEmitter } from 'node:events';
import { type AnyColumn, and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;

/** Runners in this process listen here, so new work starts at once instead of at the next poll. */
const signals = new EventEmitter();
signals.setMaxListeners(0);

export function wakeJobRunners() {
  signals.emit('wake');
}

export function onJobsQueued(listener: () => void): () => void {
  signals.on('wake', listener);
  return () => signals.off('wake', listener);
}

/**
 * Adds work unless the same (kind, key) is already waiting or running; work that finished
 * is queued again (the caller decides whether a failure may be retried); `runAfter` holds it
 * until then (a scheduled backup). Call
 * `wakeJobRunners()` once the surrounding transaction has committed.
 */
export async function enqueueJob(db: Db, job: { kind: string; key: string; payload: Record<string, unknown>; maxAttempts?: number; runAfter?: Date }) {
  const runAfter = job.runAfter ?? sql`now()`;
  await db
    .insert(jobs)
    .values({ kind: job.kind, key: job.key, payload: job.payload, maxAttempts: job.maxAttempts ?? 3, runAfter })
    .onConflictDoUpdate({
      target: [jobs.kind, jobs.key],
      set: {
        status: 'queued',
        payload: job.payload,
        attempts: 0,
        runAfter,
        lastError: null,
        lockedBy: null,
        lockedUntil: null,
        finishedAt: null,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${jobs.status} in ('done', 'failed')`,
    });
}

/**
 * Takes the next due job of the given kinds for `runnerId`, holding it for `leaseMs`. A job
 * still `running` whose lease has passed belongs to a runner that died: it is taken again.
 */
export async function claimJob(db: Db, runnerId: string, kinds: string[], leaseMs: number): Promise<JobRow | null> {
  const next = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, kinds),
        or(and(eq(jobs.status, 'queued'), lte(jobs.runAfter, sql`now()`)), and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`))),
      ),
    )
    .orderBy(asc(jobs.runAfter), asc(jobs.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: runnerId,
      lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      updatedAt: sql`now()`,
    })
    .where(inArray(jobs.id, next))
    .returning();
  return claimed ?? null;
}

/** Pushes the lease forward while a long job runs; false when another runner has taken it over. */
export async function extendLease(db: Db, jobId: number, runnerId: string, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, runnerId), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

const held = (jobId: number, runnerId: string) => and(eq(jobs.id, jobId), eq(jobs.lockedBy, runnerId), eq(jobs.status, 'running'));

export async function finishJob(db: Db, jobId: number, runnerId: string) {
  await db
    .update(jobs)
    .set({ status: 'done', lockedBy: null, lockedUntil: null, lastError: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(held(jobId, runnerId));
}

/** Ends the job `failed` for good; false when this runner no longer held it. */
export async function failJob(db: Db, jobId: number, runnerId: string, error: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'failed', lockedBy: null, lockedUntil: null, lastError: error.slice(0, 2000), finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(held(jobId, runnerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Puts the job back in the queue, to run after `delayMs` (a transient error, or a runner shutting down). */
export async function releaseJob(db: Db, jobId: number, runnerId: string, opts: { delayMs: number; error?: string; refundAttempt?: boolean }) {
  await db
    .update(jobs)
    .set({
      status: 'queued',
      lockedBy: null,
      lockedUntil: null,
      runAfter: sql`now() + ${opts.delayMs} * interval '1 millisecond'`,
      attempts: opts.refundAttempt ? sql`greatest(${jobs.attempts} - 1, 0)` : jobs.attempts,
      ...(opts.error ? { lastError: opts.error.slice(0, 2000) } : {}),
      updatedAt: sql`now()`,
    })
    .where(held(jobId, runnerId));
}

/**
 * Runner ids are `host:pid:random`. A running job held by a runner of `host` whose process no
 * longer exists was interrupted by a crash: it goes back to the queue now (the attempt it
 * took stays counted, so a job that kills its process runs out of attempts).
 */
export async function releaseJobsOfDeadProcesses(db: Db, kinds: string[], host: string): Promise<number> {
  const held = await db
    .select({ id: jobs.id, lockedBy: jobs.lockedBy })
    .from(jobs)
    .where(and(inArray(jobs.kind, kinds), eq(jobs.status, 'running')));
  const dead = held.filter(({ lockedBy }) => {
    const [runnerHost, pid] = (lockedBy ?? '').split(':');
    return runnerHost === host && /^\d+$/.test(pid ?? '') && !processExists(Number(pid));
  });
  for (const job of dead) {
    await db
      .update(jobs)
      .set({ status: 'queued', lockedBy: null, lockedUntil: null, runAfter: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy!), eq(jobs.status, 'running')));
  }
  return dead.length;
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True while a job of these kinds is due or running (a test or the seed waits for quiet; retries later on do not count). */
export async function hasOpenJobs(db: Db, kinds: string[]): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.kind, kinds), or(eq(jobs.status, 'running'), and(eq(jobs.status, 'queued'), lte(jobs.runAfter, sql`now()`)))))
    .limit(1);
  return row !== undefined;
}

/** A condition: no job of `kind` for the file in `sha256Column` (key `file:<sha256>`) waits or runs. */
export function noOpenJob(kind: string, sha256Column: AnyColumn) {
  return sql`not exists (select 1 from ${jobs} j where j.kind = ${kind} and j.key = 'file:' || ${sha256Column} and j.status in ('queued', 'running'))`;
}

export async function findJob(db: Db, kind: string, key: string): Promise<JobRow | null> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.key, key)));
  return row ?? null;
}
