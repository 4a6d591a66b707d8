/**
 * Controlled copies: a PDF of the version in force, ending with a signature page (every
 * signature of the version), stamped on every page (in a document worker) with what it is and
 * who printed it when, so a printout on a bulkhead can be checked against the register. Every
 * copy is recorded in the audit trail.
 */
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { SessionUser } from '../../../../common/contracts/auth';
import { MAX_FILE_BYTES } from '../../../../common/limits';
import type { Db } from '../../db/client';
import { attachments, sopVersions } from '../../db/schema';
import { DocumentWorkError, type DocumentWorkers } from '../../documents/worker-pool';
import { contentDisposition } from '../../files/send-file';
import { readAll } from '../../files/store';
import { newTempPath } from '../../files/temp-files';
import { conflict, HttpError, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { signaturePageOf } from '../signatures/signature-page.service';
import { findVersionWithSop } from '../sops/sop-version-lookup.service';
import { fullName } from '../../../../common/names';
import type { LanguageCode } from '../../../../common/languages';
import { PRINT_WORDS } from '../../lib/print-words';

const PDF = 'application/pdf';

const utcDate = (d: Date) => d.toISOString().slice(0, 10);
const utcDateTime = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const personName = (u: Pick<SessionUser, 'firstName' | 'lastName' | 'username'>) => fullName(u) ?? u.username;

/** The attachment and its version, if it may be printed: a PDF of the version in force (409 otherwise, 404 unknown). */
async function printableAttachment(db: Db, attachmentId: number) {
  const [file] = await db
    .select({ originalName: attachments.originalName, mimeType: attachments.mimeType, sha256: attachments.sha256, versionId: attachments.versionId })
    .from(attachments)
    .where(eq(attachments.id, attachmentId));
  const version = file && (await findVersionWithSop(db, file.versionId));
  if (!version) throw notFound('Attachment not found');
  const row = { ...version, ...file };
  // The version in force: the newest approved one (as the list and the detail say).
  const [inForce] = await db
    .select({ id: sopVersions.id })
    .from(sopVersions)
    .where(and(eq(sopVersions.sopId, row.sopId), eq(sopVersions.isPublished, true)))
    .orderBy(desc(sopVersions.id))
    .limit(1);
  if (inForce?.id !== row.versionId || !row.approvedAt) {
    const why = row.approvedAt
      ? 'it belongs to a superseded version'
      : inForce
        ? 'it belongs to a version that is not approved'
        : 'this SOP has no approved version';
    throw conflict(`Only files of the version in force can be printed as controlled copies; ${why}`, 'not_in_force');
  }
  if (row.mimeType !== PDF || !row.sha256) throw conflict('Controlled copies are made from PDF files only; download this file instead', 'not_pdf');
  return { ...row, sha256: row.sha256, approvedAt: row.approvedAt };
}

/**
 * Stamps the attachment for `actor` in a document worker and streams the result, its words in
 * `language` (names and dates as they are); the temp file is removed once sent (or the client
 * goes away).
 */
export async function sendControlledCopy(
  db: Db,
  workers: DocumentWorkers,
  actor: SessionUser,
  attachmentId: number,
  reply: FastifyReply,
  language: LanguageCode = 'en',
) {
  const source = await printableAttachment(db, attachmentId);
  const printedAt = new Date();
  const words = PRINT_WORDS[language];
  const outputPath = newTempPath();
  let stamped: { pages: number; size: number };
  try {
    const data = await readAll(db, source.sha256, MAX_FILE_BYTES);
    stamped = await workers.run('stamp', {
      data,
      signaturePage: await signaturePageOf(db, source, language),
      lines: [
        words.stampDocument({ title: source.sopTitle, version: source.versionNumber, since: utcDate(source.approvedAt) }),
        words.stampPrinted({ name: personName(actor), at: utcDateTime(printedAt) }),
      ],
      outputPath,
    });
  } catch (err) {
    await rm(outputPath, { force: true });
    if (err instanceof DocumentWorkError) throw new HttpError(422, `The controlled copy could not be made: ${err.message}`, 'unreadable_document');
    throw err;
  }
  await recordAudit(db, {
    actorId: actor.id,
    action: 'controlled_copy_printed',
    entityType: 'sop',
    entityId: source.sopId,
    metadata: { title: source.sopTitle, versionNumber: source.versionNumber, attachmentId, fileName: source.originalName, pages: stamped.pages },
  });
  const stream = createReadStream(outputPath);
  stream.once('close', () => void rm(outputPath, { force: true }));
  return reply
    .header('content-type', PDF)
    .header('content-length', stamped.size)
    .header('content-disposition', contentDisposition(`${source.originalName.replace(/\.pdf$/i, '')} (controlled copy).pdf`))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(stream);
}
