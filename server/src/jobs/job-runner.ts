/**
 * Runs queued jobs in this process with bounded concurrency: `start()` polls in the
 * background (main.ts), `runUntilIdle()` works through the queue and returns once nothing
 * waits or runs (tests, the demo seed). Each kind has a handler; the table of handlers is
 * the list of what this runner does.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { claimJob, extendLease, failJob, finishJob, hasOpenJobs, type JobRow, onJobsQueued, releaseJob, releaseJobsOfDeadProcesses } from './job-queue';

export type JobLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface JobContext {
  db: Db;
  log: JobLog;
  job: JobRow;
  /** Aborted when the runner shuts down mid-job: stop, and the job is handed back to the queue. */
  signal: AbortSignal;
}

export interface JobHandler {
  run(payload: Record<string, unknown>, context: JobContext): Promise<void>;
  /** The job ended failed for good: record it where people see it (inside the same transaction). */
  failed?(payload: Record<string, unknown>, reason: string, db: Db): Promise<void>;
  /**
   * At start: queues again the work of this kind that records show undone but no job covers
   * (a job row lost to a crash, say). Answers how many jobs it queued.
   */
  resume?(db: Db): Promise<number>;
}

export type JobHandlers = Record<string, JobHandler>;

/** A failure that another attempt would only repeat (a refused or broken file): no retry. */
export class PermanentJobError extends Error {}

export interface JobRunnerOptions {
  db: Db;
  handlers: JobHandlers;
  /** Jobs run at once by this runner (each holds one document worker). */
  concurrency?: number;
  /** How long a claim holds before another runner may take the job; renewed while it runs. */
  leaseMs?: number;
  /** How often an idle runner looks for work queued by other processes. */
  pollMs?: number;
  /** First retry delay after a transient error; doubles with each attempt. */
  retryDelayMs?: number;
  log?: JobLog;
  id?: string;
}

export interface JobRunner {
  readonly id: string;
  start(): void;
  /** Stops claiming, lets running jobs finish for `graceMs`, then aborts them back into the queue. */
  stop(opts?: { graceMs?: number }): Promise<void>;
  runUntilIdle(): Promise<void>;
}

const quiet: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  const { db, handlers } = opts;
  const id = opts.id ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const kinds = Object.keys(handlers);
  const concurrency = Math.max(1, opts.concurrency ?? 1);
  const leaseMs = opts.leaseMs ?? 120_000;
  const pollMs = opts.pollMs ?? 2_000;
  const retryDelayMs = opts.retryDelayMs ?? 5_000;
  const log = opts.log ?? quiet;
  const inFlight = new Set<AbortController>();
  const napping = new Set<() => void>();
  let loops: Promise<void>[] = [];
  let stopping = false;

  /** Waits for `ms`, or less when work is queued in this process or the runner stops. */
  function nap(ms: number) {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        off();
        napping.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      const off = onJobsQueued(done);
      napping.add(done);
    });
  }

  async function fail(job: JobRow, reason: string) {
    log.warn({ jobId: job.id, kind: job.kind, key: job.key, reason }, 'job failed');
    await db.transaction(async (tx) => {
      if (await failJob(tx, job.id, id, reason)) await handlers[job.kind]?.failed?.(job.payload, reason, tx);
    });
  }

  async function execute(job: JobRow) {
    const handler = handlers[job.kind];
    if (!handler) return fail(job, `No handler for jobs of kind "${job.kind}"`);
    if (job.attempts > job.maxAttempts) {
      return fail(job, `Gave up after ${job.maxAttempts} attempts: the process running it stopped each time`);
    }
    const controller = new AbortController();
    inFlight.add(controller);
    const heartbeat = setInterval(() => {
      extendLease(db, job.id, id, leaseMs).catch((err) => log.warn({ err, jobId: job.id }, 'job lease not extended'));
    }, leaseMs / 3);
    heartbeat.unref();
    try {
      await handler.run(job.payload, { db, log, job, signal: controller.signal });
      await finishJob(db, job.id, id);
    } catch (err) {
      // Stopping: whatever broke the work now (the abort, or a worker that got the same stop
      // signal) is not the job's fault; it runs again after the restart.
      if (stopping) {
        await releaseJob(db, job.id, id, { delayMs: 0, refundAttempt: true });
      } else if (err instanceof PermanentJobError || job.attempts >= job.maxAttempts) {
        await fail(job, messageOf(err));
      } else {
        log.warn({ err, jobId: job.id, kind: job.kind }, 'job failed; it will be retried');
        await releaseJob(db, job.id, id, { delayMs: retryDelayMs * 2 ** (job.attempts - 1), error: messageOf(err) });
      }
    } finally {
      clearInterval(heartbeat);
      inFlight.delete(controller);
    }
  }

  /** Claims and runs one job; false when none was due. */
  async function runOne(): Promise<boolean> {
    const job = await claimJob(db, id, kinds, leaseMs);
    if (!job) return false;
    try {
      await execute(job);
    } catch (err) {
      // The database went away mid-job: the lease expires and another runner takes it.
      log.error({ err, jobId: job.id }, 'job outcome not recorded');
    }
    return true;
  }

  /**
   * Work a stop or a crash interrupted: jobs held by a process of this machine that is gone
   * (its lease would otherwise hold them for minutes) go back to the queue at once, their
   * attempt counted; work the records show undone without a job is queued again.
   */
  async function resume() {
    const released = await releaseJobsOfDeadProcesses(db, kinds, hostname());
    let queued = 0;
    for (const handler of Object.values(handlers)) queued += (await handler.resume?.(db)) ?? 0;
    if (released || queued) log.warn({ released, queued }, 'took up work a stop or crash interrupted');
  }

  async function loop() {
    while (!stopping) {
      try {
        if (await runOne()) continue;
      } catch (err) {
        log.error({ err }, 'could not claim a job');
      }
      if (!stopping) await nap(pollMs);
    }
  }

  return {
    id,
    start() {
      if (loops.length > 0 || kinds.length === 0) return;
      stopping = false;
      const resumed = resume().catch((err) => log.error({ err }, 'could not take up interrupted work'));
      loops = Array.from({ length: concurrency }, () => resumed.then(loop));
      log.info({ runner: id, kinds, concurrency }, 'job runner started');
    },
    async stop({ graceMs = 10_000 } = {}) {
      stopping = true;
      for (const wake of [...napping]) wake();
      const all = Promise.all(loops);
      await Promise.race([all, sleep(graceMs)]);
      for (const controller of inFlight) controller.abort(new Error('The server is shutting down'));
      await all;
      loops = [];
    },
    async runUntilIdle() {
      for (;;) {
        if (await runOne()) continue;
        if (!(await hasOpenJobs(db, kinds))) return;
        // Another runner holds the rest: wait for it to finish (or for its lease to pass).
        await nap(100);
      }
    },
  };
}
