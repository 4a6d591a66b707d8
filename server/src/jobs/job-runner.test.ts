import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { openTestDatabase } from '../test/database';
import { claimJob, enqueueJob } from './job-queue';
import { createJobRunner, type JobHandler, PermanentJobError } from './job-runner';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let kindCounter = 0;
/** Each test uses its own kind, so runners of one test never see another test's jobs. */
const freshKind = () => `test_${++kindCounter}`;

async function jobRow(kind: string, key: string) {
  const [row] = await database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.key, key)));
  return row;
}

/** Queues one job and starts a runner on it; resolves once `work` has begun, the runner still running. */
async function startOneJob(kind: string, key: string, work: (signal: AbortSignal) => Promise<void>) {
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  await enqueueJob(database.db, { kind, key, payload: {} });
  const runner = createJobRunner({
    db: database.db,
    pollMs: 50,
    handlers: {
      [kind]: {
        run: (_p, { signal }) => {
          const working = work(signal);
          started();
          return working;
        },
      },
    },
  });
  runner.start();
  await running;
  return runner;
}

describe('the job runner', () => {
  it('runs each job once even with two runners polling the same table', async () => {
    const kind = freshKind();
    const runs: number[] = [];
    const handler: JobHandler = {
      async run(payload) {
        runs.push(Number(payload.n));
        await sleep(2);
      },
    };
    for (let n = 0; n < 30; n += 1) await enqueueJob(database.db, { kind, key: `n${n}`, payload: { n } });
    const first = createJobRunner({ db: database.db, handlers: { [kind]: handler }, id: 'runner-a' });
    const second = createJobRunner({ db: database.db, handlers: { [kind]: handler }, id: 'runner-b' });
    await Promise.all([first.runUntilIdle(), second.runUntilIdle()]);
    expect(runs.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    const rows = await database.db.select().from(jobs).where(eq(jobs.kind, kind));
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1 && r.lockedBy === null)).toBe(true);
  });

  it('adds the same work once while it waits', async () => {
    const kind = freshKind();
    await enqueueJob(database.db, { kind, key: 'same', payload: { n: 1 } });
    await enqueueJob(database.db, { kind, key: 'same', payload: { n: 2 } });
    expect(await database.db.select().from(jobs).where(eq(jobs.kind, kind))).toHaveLength(1);
  });

  it('leaves a job to the runner holding its lease, and takes it back once the lease has passed', async () => {
    const kind = freshKind();
    const runs: string[] = [];
    await enqueueJob(database.db, { kind, key: 'orphan', payload: {} });
    // A runner claims it and dies: nobody extends or finishes its claim.
    const held = await claimJob(database.db, 'dead-runner', [kind], 60_000);
    expect(held?.lockedBy).toBe('dead-runner');
    const live = createJobRunner({ db: database.db, handlers: { [kind]: { run: async () => void runs.push('ran') } }, id: 'live' });
    expect(await claimJob(database.db, 'live', [kind], 60_000)).toBeNull();

    await database.db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, held!.id));
    await live.runUntilIdle();
    expect(runs).toEqual(['ran']);
    expect(await jobRow(kind, 'orphan')).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
  });

  it('gives up on a job whose runner died every time, and records the failure through the handler', async () => {
    const kind = freshKind();
    const failures: string[] = [];
    await enqueueJob(database.db, { kind, key: 'cursed', payload: {}, maxAttempts: 2 });
    for (let i = 0; i < 2; i += 1) {
      await claimJob(database.db, `dead-${i}`, [kind], 60_000);
      await database.db
        .update(jobs)
        .set({ lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(jobs.kind, kind));
    }
    const runner = createJobRunner({
      db: database.db,
      handlers: { [kind]: { run: async () => void failures.push('should not run'), failed: async (_p, reason) => void failures.push(reason) } },
    });
    await runner.runUntilIdle();
    expect(failures).toEqual(['Gave up after 2 attempts: the process running it stopped each time']);
    expect(await jobRow(kind, 'cursed')).toMatchObject({ status: 'failed', lockedBy: null });
  });

  it('fails a refused job at once, and retries a transient error later', async () => {
    const kind = freshKind();
    const reasons: string[] = [];
    await enqueueJob(database.db, { kind, key: 'refused', payload: { refuse: true } });
    await enqueueJob(database.db, { kind, key: 'flaky', payload: {} });
    const runner = createJobRunner({
      db: database.db,
      retryDelayMs: 60_000,
      handlers: {
        [kind]: {
          async run(payload) {
            throw payload.refuse ? new PermanentJobError('This file is refused') : new Error('The database blinked');
          },
          failed: async (_p, reason) => void reasons.push(reason),
        },
      },
    });
    await runner.runUntilIdle();
    const refused = await jobRow(kind, 'refused');
    const flaky = await jobRow(kind, 'flaky');
    expect(refused).toMatchObject({ status: 'failed', attempts: 1, lastError: 'This file is refused' });
    expect(reasons).toEqual(['This file is refused']);
    expect(flaky).toMatchObject({ status: 'queued', attempts: 1, lastError: 'The database blinked' });
    expect(flaky.runAfter.getTime()).toBeGreaterThan(Date.now());
  });

  it('hands a running job back to the queue when stopped, without spending an attempt', async () => {
    const kind = freshKind();
    const untilAborted = (signal: AbortSignal) => new Promise<void>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    const runner = await startOneJob(kind, 'long', untilAborted);
    await runner.stop({ graceMs: 0 });
    expect(await jobRow(kind, 'long')).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
  });

  it('hands a job back, not failed, when its work breaks while the runner stops (the stop signal reached its worker too)', async () => {
    const kind = freshKind();
    let crash!: (err: Error) => void;
    const runner = await startOneJob(kind, 'rendering', () => new Promise<void>((_resolve, reject) => (crash = reject)));
    const stopped = runner.stop({ graceMs: 5_000 });
    crash(new PermanentJobError('The document worker stopped unexpectedly (SIGTERM)'));
    await stopped;
    expect(await jobRow(kind, 'rendering')).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
  });

  it('at start, takes back at once the jobs a process of this machine held when it died, its attempt counted', async () => {
    const kind = freshKind();
    const runs: string[] = [];
    await enqueueJob(database.db, { kind, key: 'crashed', payload: {}, maxAttempts: 3 });
    await enqueueJob(database.db, { kind, key: 'crashed-too-often', payload: {}, maxAttempts: 1 });
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid;
    // kill -9 of the server mid-job: the claims stay, their leases an hour ahead.
    for (const key of ['crashed', 'crashed-too-often']) {
      await database.db
        .update(jobs)
        .set({ status: 'running', attempts: 1, lockedBy: `${hostname()}:${deadPid}:abcdef`, lockedUntil: new Date(Date.now() + 3_600_000) })
        .where(and(eq(jobs.kind, kind), eq(jobs.key, key)));
    }
    // A live runner of this process keeps what it holds.
    await enqueueJob(database.db, { kind, key: 'held-here', payload: {} });
    await database.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedBy: `${hostname()}:${process.pid}:live01`, lockedUntil: new Date(Date.now() + 3_600_000) })
      .where(and(eq(jobs.kind, kind), eq(jobs.key, 'held-here')));
    const failures: string[] = [];
    const runner = createJobRunner({
      db: database.db,
      pollMs: 50,
      handlers: { [kind]: { run: async (_p, { job }) => void runs.push(job.key), failed: async (_p, reason) => void failures.push(reason) } },
    });
    runner.start();
    for (let i = 0; i < 100 && (await jobRow(kind, 'crashed')).status !== 'done'; i += 1) await sleep(50);
    await runner.stop();
    expect(runs).toEqual(['crashed']);
    expect(await jobRow(kind, 'crashed')).toMatchObject({ status: 'done', attempts: 2 });
    expect(await jobRow(kind, 'crashed-too-often')).toMatchObject({ status: 'failed' });
    expect(failures).toEqual(['Gave up after 1 attempts: the process running it stopped each time']);
    expect(await jobRow(kind, 'held-here')).toMatchObject({ status: 'running', lockedBy: `${hostname()}:${process.pid}:live01` });
  });
});
