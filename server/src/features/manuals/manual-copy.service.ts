/**
 * A manual's controlled copy: each visible section's PDF files of its version in force, stamped
 * as today exactly as a single SOP's controlled copy is (pdf-stamp.ts, one document task per
 * file, the section's signature page after its last file), then put together behind a cover, the
 * table of contents and the list of effective sections, with bookmarks, in one more task
 * (manual-copy.ts). The result is streamed from a temp file removed once sent; every copy is
 * recorded in the audit trail.
 */
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { LanguageCode } from '../../../../common/languages';
import { MAX_FILE_BYTES } from '../../../../common/limits';
import { fullName } from '../../../../common/names';
import type { Db } from '../../db/client';
import { attachments } from '../../db/schema';
import type { ManualCopySection } from '../../documents/manual-copy';
import { DocumentWorkError, type DocumentWorkers } from '../../documents/worker-pool';
import { contentDisposition } from '../../files/send-file';
import { readAll } from '../../files/store';
import { newTempPath } from '../../files/temp-files';
import { HttpError } from '../../http/errors';
import { PRINT_WORDS } from '../../lib/print-words';
import { recordAudit } from '../audit/audit.service';
import { signaturePageOf } from '../signatures/signature-page.service';
import { getManual } from './manuals.service';

const PDF = 'application/pdf';
const utcDate = (d: Date) => d.toISOString().slice(0, 10);
const utcDateTime = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A controlled copy made: the PDF in a temp file (the caller sends and removes it), and how to name it. */
export interface MadeCopy {
  path: string;
  size: number;
  pages: number;
  fileName: string;
}

/** How far a copy is: `done` of `total` section files stamped (the last step puts them together). */
export type CopyProgress = (done: number, total: number) => void;

/** The manual's PDF files of the versions in force the actor may see, in section order. */
async function sectionPdfs(db: Db, manual: Awaited<ReturnType<typeof getManual>>) {
  const pdfs = new Map<number, string[]>();
  for (const section of manual.chapters.flatMap((c) => c.sections)) {
    if (section.versionId === null) continue;
    const rows = await db
      .select({ sha256: attachments.sha256 })
      .from(attachments)
      .where(and(eq(attachments.versionId, section.versionId), eq(attachments.mimeType, PDF), isNotNull(attachments.sha256)))
      .orderBy(asc(attachments.id));
    pdfs.set(
      section.versionId,
      rows.map((r) => r.sha256 as string),
    );
  }
  return pdfs;
}

/**
 * Checks the manual is one the actor may read, then answers how many files its copy stamps and
 * the work that makes it (`make`), so a refusal comes before any work starts.
 */
export async function prepareManualCopy(db: Db, workers: DocumentWorkers, actor: SessionUser, manualId: number, language: LanguageCode) {
  const manual = await getManual(db, actor, manualId);
  const pdfs = await sectionPdfs(db, manual);
  const total = [...pdfs.values()].reduce((sum, list) => sum + list.length, 0);
  return { manual, total, make: (progress?: CopyProgress) => makeManualCopy(db, workers, actor, manual, pdfs, language, progress) };
}

/** GET /api/manuals/{id}/controlled-copy: made while the request waits, then streamed. */
export async function sendManualCopy(db: Db, workers: DocumentWorkers, actor: SessionUser, manualId: number, reply: FastifyReply, language: LanguageCode) {
  const made = await (await prepareManualCopy(db, workers, actor, manualId, language)).make();
  return streamCopy(reply, made);
}

/** Streams a made copy from its temp file, removed once sent (or once the client goes). */
export function streamCopy(reply: FastifyReply, made: MadeCopy) {
  const stream = createReadStream(made.path);
  stream.once('close', () => void rm(made.path, { force: true }));
  return reply
    .header('content-type', PDF)
    .header('content-length', made.size)
    .header('content-disposition', contentDisposition(made.fileName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(stream);
}

async function makeManualCopy(
  db: Db,
  workers: DocumentWorkers,
  actor: SessionUser,
  manual: Awaited<ReturnType<typeof getManual>>,
  pdfs: Map<number, string[]>,
  language: LanguageCode,
  progress?: CopyProgress,
): Promise<MadeCopy> {
  const total = [...pdfs.values()].reduce((sum, list) => sum + list.length, 0);
  progress?.(0, total);
  const words = PRINT_WORDS[language];
  const printedAt = new Date();
  const today = utcDate(printedAt);
  const printer = fullName(actor) ?? actor.username;
  const printedLine = words.stampPrinted({ name: printer, at: utcDateTime(printedAt) });
  const temp: string[] = [];
  const outputPath = newTempPath();
  let made: { pages: number; size: number };
  let done = 0;
  try {
    const chapters: { number: string; title: string; sections: ManualCopySection[] }[] = [];
    for (const chapter of manual.chapters) {
      const sections: ManualCopySection[] = [];
      for (const section of chapter.sections) {
        const { versionId, versionNumber, inForceSince } = section;
        if (versionId === null || versionNumber === null || inForceSince === null) {
          sections.push({ number: section.number, title: section.title, status: words.manual.noVersion, files: [] });
          continue;
        }
        const files = pdfs.get(versionId) ?? [];
        const stamped: string[] = [];
        for (const [index, sha256] of files.entries()) {
          const path = newTempPath();
          temp.push(path);
          await workers.run('stamp', {
            data: await readAll(db, sha256, MAX_FILE_BYTES),
            lines: [
              words.stampDocument({ title: `${manual.code} ${section.number} ${section.title}`, version: versionNumber, since: utcDate(inForceSince) }),
              printedLine,
            ],
            signaturePage: index === files.length - 1 ? await signaturePageOf(db, { versionId, sopTitle: section.title, versionNumber }, language) : undefined,
            outputPath: path,
          });
          stamped.push(path);
          done++;
          progress?.(done, total);
        }
        sections.push({
          number: section.number,
          title: section.title,
          status: words.manual.sectionStatus(versionNumber, utcDate(inForceSince)),
          files: stamped,
        });
      }
      chapters.push({ number: chapter.number, title: chapter.title, sections });
    }
    const all = manual.chapters.flatMap((c) => c.sections);
    made = await workers.run('manual', {
      cover: [manual.title, manual.code, words.manual.asInForce(today), words.manual.uncontrolled, words.manual.printed(printer, utcDateTime(printedAt))],
      contentsTitle: words.manual.contents,
      effectiveTitle: words.manual.effective,
      effectiveHeader: words.manual.header,
      effectiveRows: all.map((s) => [s.number, s.title, s.versionNumber ?? '-', s.inForceSince ? utcDate(s.inForceSince) : '-']),
      noFiles: words.manual.noFiles,
      chapters,
      lines: [words.manual.stamp({ code: manual.code, title: manual.title, date: today }), printedLine],
      outputPath,
    });
  } catch (err) {
    await rm(outputPath, { force: true });
    if (err instanceof DocumentWorkError) throw new HttpError(422, `The controlled copy could not be made: ${err.message}`, 'unreadable_document');
    throw err;
  } finally {
    await Promise.all(temp.map((path) => rm(path, { force: true })));
  }
  await recordAudit(db, {
    actorId: actor.id,
    action: 'manual_controlled_copy_printed',
    entityType: 'manual',
    entityId: manual.id,
    metadata: { code: manual.code, title: manual.title, pages: made.pages, files: done },
  });
  return { path: outputPath, size: made.size, pages: made.pages, fileName: `${manual.code} ${manual.title} (controlled copy ${today}).pdf` };
}
