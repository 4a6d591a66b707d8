/**
 * The searchable text of attachments, as durable jobs, one per stored file: identical bytes
 * are read once, whichever attachments (and versions) share them. Storing a PDF, Word or
 * plain-text file queues an `extract-text` job for its hash unless the file's text is already
 * there (or already failed). A runner reads the text in a document worker process and keeps
 * it, capped, in `file_texts` with its search vector; a file that is refused, crashes the
 * worker or runs out of time gets a `failed` row and is never read again.
 *
 * An attachment's `textStatus` is read from that row at answer time (no row: pending), so a
 * file carried into a new version or stored again while its job runs never goes stale.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { hasExtractableText, TEXT_MIME_TYPES, type TextStatus } from '../../../../common/text-status';
import type { Db } from '../../db/client';
import { attachments, fileTexts, sopTranslations } from '../../db/schema';
import type { DocumentWorkers } from '../../documents/worker-pool';
import { enqueueJob, noOpenJob } from '../../jobs/job-queue';
import type { JobHandler } from '../../jobs/job-runner';
import { workOnStoredFile } from './stored-file-work.service';

export const TEXT_JOB = 'extract-text';

const jobKey = (sha256: string) => `file:${sha256}`;

/** The status an attachment answer carries, from its type and its file's text row. */
export function textStatusOf(attachment: { mimeType: string; sha256: string | null }, text: { status: 'ready' | 'failed' } | null | undefined): TextStatus {
  if (!attachment.sha256 || !hasExtractableText(attachment.mimeType)) return 'none';
  return text?.status ?? 'pending';
}

/**
 * Makes sure the text of a just-stored attachment's file is (or will be) extracted; call it
 * inside the storing transaction. Answers the attachment's text status.
 */
export async function startTextExtraction(tx: Db, attachment: { mimeType: string; sha256: string | null }): Promise<TextStatus> {
  if (!attachment.sha256 || !hasExtractableText(attachment.mimeType)) return 'none';
  const [text] = await tx.select({ status: fileTexts.status }).from(fileTexts).where(eq(fileTexts.sha256, attachment.sha256));
  if (text) return text.status;
  await enqueueJob(tx, { kind: TEXT_JOB, key: jobKey(attachment.sha256), payload: { sha256: attachment.sha256 } });
  return 'pending';
}

type Outcome = { status: 'ready'; text: string; truncated: boolean; pages: number | null } | { status: 'failed'; error: string };

/**
 * Keeps the outcome for the file, unless its bytes were removed meanwhile (no attachment left).
 * A PDF read before pages were kept (pages null) takes the text read again with its pages; a
 * failure to read it again keeps the text it had.
 */
async function keep(db: Db, sha256: string, outcome: Outcome) {
  const text = outcome.status === 'ready' ? outcome.text : '';
  const truncated = outcome.status === 'ready' && outcome.truncated;
  const pages = outcome.status === 'ready' ? outcome.pages : null;
  const error = outcome.status === 'failed' ? outcome.error.slice(0, 2000) : null;
  await db.execute(sql`
    insert into file_texts (sha256, status, text, truncated, pages, error, search_vector)
    select ${sha256}, ${outcome.status}, ${text}, ${truncated}, ${pages}, ${error}, strip(to_tsvector('english', ${text}))
    where exists (select 1 from stored_files where sha256 = ${sha256})
    on conflict (sha256) do update
      set text = excluded.text, truncated = excluded.truncated, pages = excluded.pages, search_vector = excluded.search_vector, extracted_at = now()
      where file_texts.status = 'ready' and file_texts.pages is null and excluded.pages is not null`);
}

/** The type of a stored file whose text is read: an attachment's, else a translation's that is a file. */
async function fileToRead(db: Db, sha256: string): Promise<{ mimeType: string } | undefined> {
  const [attached] = await db
    .select({ mimeType: attachments.mimeType })
    .from(attachments)
    .where(and(eq(attachments.sha256, sha256), inArray(attachments.mimeType, [...TEXT_MIME_TYPES])))
    .limit(1);
  if (attached) return attached;
  const [translated] = await db
    .select({ mimeType: sopTranslations.mimeType })
    .from(sopTranslations)
    .where(and(eq(sopTranslations.sha256, sha256), inArray(sopTranslations.mimeType, [...TEXT_MIME_TYPES])))
    .limit(1);
  return translated?.mimeType ? { mimeType: translated.mimeType } : undefined;
}

/** Read again: a PDF whose text was kept before its pages were (migration 0037 queues these). */
const readAgain = (payload: Record<string, unknown>, done: { status: string; pages: number | null }) =>
  payload.pages === true && done.status === 'ready' && done.pages === null;

/** The `extract-text` job: read one stored file's text in a document worker and keep it. */
export function textJob(workers: DocumentWorkers): JobHandler {
  return {
    async run(payload, { db, signal }) {
      const sha256 = String(payload.sha256);
      const [done] = await db.select({ status: fileTexts.status, pages: fileTexts.pages }).from(fileTexts).where(eq(fileTexts.sha256, sha256));
      if (done && !readAgain(payload, done)) return;
      const file = await fileToRead(db, sha256);
      // Every attachment (and translation) of the file was deleted before its turn came.
      if (!file) return;
      const extracted = await workOnStoredFile(db, workers, 'text', { sha256, mimeType: file.mimeType }, signal);
      await keep(db, sha256, { status: 'ready', ...extracted });
    },
    async resume(db) {
      const rows = await db
        .selectDistinct({ sha256: attachments.sha256 })
        .from(attachments)
        .where(
          and(
            isNotNull(attachments.sha256),
            inArray(attachments.mimeType, [...TEXT_MIME_TYPES]),
            sql`not exists (select 1 from file_texts t where t.sha256 = ${attachments.sha256})`,
            sql`exists (select 1 from stored_files f where f.sha256 = ${attachments.sha256})`,
            noOpenJob(TEXT_JOB, attachments.sha256),
          ),
        );
      // A translation uploaded as a file is searched by its text too.
      const translated = await db
        .selectDistinct({ sha256: sopTranslations.sha256 })
        .from(sopTranslations)
        .where(
          and(
            isNotNull(sopTranslations.sha256),
            inArray(sopTranslations.mimeType, [...TEXT_MIME_TYPES]),
            sql`not exists (select 1 from file_texts t where t.sha256 = ${sopTranslations.sha256})`,
            noOpenJob(TEXT_JOB, sopTranslations.sha256),
          ),
        );
      const waiting = [...new Set([...rows, ...translated].map((row) => row.sha256!))];
      for (const sha256 of waiting) await enqueueJob(db, { kind: TEXT_JOB, key: jobKey(sha256), payload: { sha256 } });
      return waiting.length;
    },
    async failed(payload, reason, tx) {
      await keep(tx, String(payload.sha256), { status: 'failed', error: reason });
    },
  };
}
