/**
 * Word (docx) attachments as clean HTML for the document reader, as durable jobs, one per
 * stored file: identical bytes are converted once, whichever attachments (and versions) share
 * them. Storing a Word file queues a `docx-html` job for its hash unless the file's HTML is
 * already there (or already failed); asking for the HTML of a file stored before the reader
 * existed queues it then. A runner converts and sanitises it in a document worker process and
 * keeps it in `file_htmls`; a file that is refused, crashes the worker or runs out of time gets
 * a `failed` row and is never converted again.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attachments, fileHtmls } from '../../db/schema';
import type { DocumentWorkers } from '../../documents/worker-pool';
import { enqueueJob, wakeJobRunners } from '../../jobs/job-queue';
import type { JobHandler } from '../../jobs/job-runner';
import { workOnStoredFile } from './stored-file-work.service';

export const HTML_JOB = 'docx-html';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export const isConvertedToHtml = (mimeType: string) => mimeType === DOCX;

const jobKey = (sha256: string) => `file:${sha256}`;

/**
 * Makes sure a just-stored Word attachment's file is (or will be) converted; call it inside
 * the storing transaction. Other types are left alone.
 */
export async function startHtmlConversion(tx: Db, attachment: { mimeType: string; sha256: string | null }) {
  if (!attachment.sha256 || !isConvertedToHtml(attachment.mimeType)) return;
  const [done] = await tx.select({ status: fileHtmls.status }).from(fileHtmls).where(eq(fileHtmls.sha256, attachment.sha256));
  if (!done) await enqueueJob(tx, { kind: HTML_JOB, key: jobKey(attachment.sha256), payload: { sha256: attachment.sha256 } });
}

export type DocumentHtml = { status: 'ready'; html: string } | { status: 'failed'; reason: string | null } | { status: 'pending' };

/**
 * The reader's HTML of a Word file: ready, failed for good, or pending (its job queued now if
 * the file was stored before conversions existed, or its row was lost).
 */
export async function documentHtml(db: Db, file: { mimeType: string; sha256: string }): Promise<DocumentHtml> {
  const [row] = await db.select().from(fileHtmls).where(eq(fileHtmls.sha256, file.sha256));
  if (row?.status === 'ready') return { status: 'ready', html: row.html };
  if (row?.status === 'failed') return { status: 'failed', reason: row.error };
  await startHtmlConversion(db, file);
  wakeJobRunners();
  return { status: 'pending' };
}

/** Keeps the outcome for the file, unless its bytes were removed meanwhile (no attachment left). */
async function keep(db: Db, sha256: string, outcome: { status: 'ready'; html: string } | { status: 'failed'; error: string }) {
  const html = outcome.status === 'ready' ? outcome.html : '';
  const error = outcome.status === 'failed' ? outcome.error.slice(0, 2000) : null;
  await db.execute(sql`
    insert into file_htmls (sha256, status, html, error)
    select ${sha256}, ${outcome.status}, ${html}, ${error}
    where exists (select 1 from stored_files where sha256 = ${sha256})
    on conflict (sha256) do nothing`);
}

/** The `docx-html` job: convert one stored Word file in a document worker and keep its HTML. */
export function htmlJob(workers: DocumentWorkers): JobHandler {
  return {
    async run(payload, { db, signal }) {
      const sha256 = String(payload.sha256);
      const [done] = await db.select({ status: fileHtmls.status }).from(fileHtmls).where(eq(fileHtmls.sha256, sha256));
      if (done) return;
      const [file] = await db
        .select({ mimeType: attachments.mimeType })
        .from(attachments)
        .where(and(eq(attachments.sha256, sha256), eq(attachments.mimeType, DOCX)))
        .limit(1);
      if (!file) return;
      const converted = await workOnStoredFile(db, workers, 'html', { sha256, mimeType: file.mimeType }, signal);
      await keep(db, sha256, { status: 'ready', html: converted.html });
    },
    async failed(payload, reason, tx) {
      await keep(tx, String(payload.sha256), { status: 'failed', error: reason });
    },
  };
}
