/**
 * The background work of this server: the table of job kinds and their handlers, and the
 * document workers that do the heavy part out of process. main.ts starts it after listening
 * and stops it before the database closes; tests and the demo seed drive it on demand.
 */
import type { Db } from './db/client';
import { createDocumentWorkers, type DocumentWorkerOptions, type DocumentWorkers } from './documents/worker-pool';
import { HTML_JOB, htmlJob } from './features/attachments/attachment-html.service';
import { PREVIEW_JOB, previewJob } from './features/attachments/attachment-previews.service';
import { TEXT_JOB, textJob } from './features/attachments/attachment-text.service';
import { BACKUP_JOB, type BackupSchedule, type BackupSource, backupJob } from './features/backups/scheduled-backups.service';
import { MAIL_JOB, type MailConfig, mailJob } from './features/mail/mailer.service';
import type { Notifier } from './features/mail/notify.service';
import { READING_REMINDER_JOB, readingReminderJob } from './features/reading/reading-reminders.service';
import { REVIEW_DUE_JOB, reviewDueJob } from './features/sops/sop-review-due-mail.service';
import { createJobRunner, type JobHandlers, type JobLog, type JobRunner, type JobRunnerOptions } from './jobs/job-runner';

export interface BackgroundJobs {
  runner: JobRunner;
  workers: DocumentWorkers;
  start(): void;
  /** Works through the queue and returns once no job of ours is due or running. */
  runUntilIdle(): Promise<void>;
  stop(): Promise<void>;
}

export interface BackgroundJobOptions extends Pick<JobRunnerOptions, 'pollMs' | 'leaseMs' | 'id'> {
  db: Db;
  log?: JobLog;
  /** Jobs at once, each with its own document worker process. */
  concurrency?: number;
  documents?: Omit<DocumentWorkerOptions, 'workers'>;
  /** Scheduled backups (BACKUP_DIR), and the database connection they read through. */
  backups?: BackupSchedule & BackupSource;
  /** E-mail (SMTP_URL): only a server that can send takes mail jobs. */
  mail?: MailConfig;
  /** Notification e-mail (the app's): a failed backup is mailed, due reviews and due reading are scanned for. */
  notifier?: Notifier | null;
  /** First retry delay of a failed job (tests shorten it). */
  retryDelayMs?: number;
}

export function createBackgroundJobs(opts: BackgroundJobOptions): BackgroundJobs {
  const concurrency = opts.concurrency ?? 1;
  const workers = createDocumentWorkers({ ...opts.documents, workers: concurrency });
  const handlers: JobHandlers = {
    [PREVIEW_JOB]: previewJob(workers),
    [TEXT_JOB]: textJob(workers),
    [HTML_JOB]: htmlJob(workers),
    // Only a server with BACKUP_DIR takes backup jobs.
    ...(opts.backups ? { [BACKUP_JOB]: backupJob(opts.backups, opts.backups, opts.notifier) } : {}),
    ...(opts.mail ? { [MAIL_JOB]: mailJob(opts.mail) } : {}),
    ...(opts.notifier ? { [REVIEW_DUE_JOB]: reviewDueJob(opts.notifier), [READING_REMINDER_JOB]: readingReminderJob(opts.notifier) } : {}),
  };
  const runner = createJobRunner({
    db: opts.db,
    handlers,
    concurrency,
    log: opts.log,
    pollMs: opts.pollMs,
    leaseMs: opts.leaseMs,
    id: opts.id,
    retryDelayMs: opts.retryDelayMs,
  });
  return {
    runner,
    workers,
    start: () => runner.start(),
    runUntilIdle: () => runner.runUntilIdle(),
    async stop() {
      await runner.stop();
      await workers.close();
    },
  };
}
