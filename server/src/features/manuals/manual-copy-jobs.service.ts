/**
 * A large manual's controlled copy takes a while (one document task per section file), so it
 * can also be made in the background: the reader starts it, asks how far it is, and fetches the
 * PDF once it is ready. Jobs live in this process's memory (a restart loses them: the reader
 * starts again), belong to the person who started them, and are forgotten with their file once
 * fetched or MANUAL_COPY_KEEP_MS after they end.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { ManualCopyJob } from '../../../../common/contracts/manuals';
import type { LanguageCode } from '../../../../common/languages';
import type { Db } from '../../db/client';
import { DocumentWorkError, type DocumentWorkers } from '../../documents/worker-pool';
import { HttpError } from '../../http/errors';
import { type MadeCopy, prepareManualCopy, streamCopy } from './manual-copy.service';

/** How long a made copy waits to be fetched, and a failed job to be read. */
export const MANUAL_COPY_KEEP_MS = 10 * 60_000;
/** Copies one person may have in the making at once. */
export const MANUAL_COPIES_AT_ONCE = 2;

export const JOB_NOT_FOUND_MESSAGE = 'Controlled copy not found: it was fetched already, or it expired. Start it again.';
export const JOB_NOT_READY_MESSAGE = 'The controlled copy is still being made';
/** Names MANUAL_COPIES_AT_ONCE; translated by the pattern that reads the number back out. */
export const TOO_MANY_JOBS_MESSAGE = `At most ${MANUAL_COPIES_AT_ONCE} controlled copies can be made for you at once: wait for one to finish`;
export const COPY_FAILED_MESSAGE = 'The controlled copy could not be made';

interface Job {
  id: string;
  userId: number;
  manualId: number;
  state: 'making' | 'ready' | 'failed';
  done: number;
  total: number;
  message: string | null;
  made: MadeCopy | null;
  timer: NodeJS.Timeout | null;
}

export class ManualCopyJobs {
  private readonly jobs = new Map<string, Job>();

  constructor(
    private readonly db: Db,
    private readonly workers: DocumentWorkers,
  ) {}

  /** Starts a copy for the actor (a 404 or a refusal first, before any work). */
  async start(actor: SessionUser, manualId: number, language: LanguageCode): Promise<ManualCopyJob> {
    const making = [...this.jobs.values()].filter((job) => job.userId === actor.id && job.state === 'making').length;
    if (making >= MANUAL_COPIES_AT_ONCE) throw new HttpError(429, TOO_MANY_JOBS_MESSAGE, 'rate_limited');
    const { total, make } = await prepareManualCopy(this.db, this.workers, actor, manualId, language);
    const job: Job = { id: randomUUID(), userId: actor.id, manualId, state: 'making', done: 0, total, message: null, made: null, timer: null };
    this.jobs.set(job.id, job);
    make((done) => {
      job.done = done;
    }).then(
      (made) => {
        job.state = 'ready';
        job.made = made;
        this.expireLater(job);
      },
      (err: unknown) => {
        job.state = 'failed';
        job.message =
          err instanceof DocumentWorkError ? `${COPY_FAILED_MESSAGE}: ${err.message}` : err instanceof HttpError ? err.message : COPY_FAILED_MESSAGE;
        this.expireLater(job);
      },
    );
    return view(job);
  }

  /** How far the actor's copy is; 404 for a job that is not theirs (or no longer kept). */
  status(actor: SessionUser, id: string): ManualCopyJob {
    return view(this.own(actor, id));
  }

  /** Sends the made PDF once and forgets the job; 409 while it is still being made. */
  send(actor: SessionUser, id: string, reply: FastifyReply) {
    const job = this.own(actor, id);
    if (job.state === 'failed') throw new HttpError(422, job.message ?? COPY_FAILED_MESSAGE, 'unreadable_document');
    if (job.state !== 'ready' || !job.made) throw new HttpError(409, JOB_NOT_READY_MESSAGE, 'conflict');
    this.forget(job, false);
    return streamCopy(reply, job.made);
  }

  /** Removes every kept file (the server is stopping). */
  async close() {
    await Promise.all([...this.jobs.values()].map((job) => this.forget(job, true)));
  }

  private own(actor: SessionUser, id: string): Job {
    const job = this.jobs.get(id);
    if (!job || job.userId !== actor.id) throw new HttpError(404, JOB_NOT_FOUND_MESSAGE, 'not_found');
    return job;
  }

  private expireLater(job: Job) {
    job.timer = setTimeout(() => void this.forget(job, true), MANUAL_COPY_KEEP_MS);
    job.timer.unref();
  }

  private async forget(job: Job, removeFile: boolean) {
    if (job.timer) clearTimeout(job.timer);
    this.jobs.delete(job.id);
    if (removeFile && job.made) await rm(job.made.path, { force: true });
  }
}

const view = (job: Job): ManualCopyJob => ({ id: job.id, manualId: job.manualId, state: job.state, done: job.done, total: job.total, message: job.message });
