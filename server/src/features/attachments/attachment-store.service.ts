import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { z } from 'zod';
import type { Attachment } from '../../../../common/contracts/attachments';
import type { Db } from '../../db/client';
import { attachments, sops } from '../../db/schema';
import { type SniffedType, sniffFileType } from '../../files/sniff';
import { refuseAddFiles } from '../../../../common/sop-lifecycle';
import { putFile } from '../../files/store';
import type { ReceivedFile } from '../../files/temp-files';
import { refuse } from '../../http/access';
import { badRequest, notFound, unsupportedType } from '../../http/errors';
import { assertVersionVisible, viewOf } from '../sops/sop-visibility.service';
import { wakeJobRunners } from '../../jobs/job-queue';
import { recordAudit } from '../audit/audit.service';
import { findVersionWithSop } from '../sops/sop-version-lookup.service';
import { startHtmlConversion } from './attachment-html.service';
import { startPreview } from './attachment-previews.service';
import { startTextExtraction, textStatusOf } from './attachment-text.service';

/** SOP attachments: PDF, Word, plain text and the common images; the kinds a reader can open without special software. */
const ACCEPTED = new Set<SniffedType['kind']>(['pdf', 'doc', 'docx', 'text', 'jpeg', 'png', 'gif']);

const TYPE_NAMES: Record<SniffedType['kind'], string> = {
  pdf: 'a PDF',
  docx: 'a Word document',
  doc: 'a Word document',
  xlsx: 'an Excel spreadsheet',
  xls: 'an Excel spreadsheet',
  csv: 'a CSV spreadsheet',
  png: 'a PNG image',
  jpeg: 'a JPEG image',
  gif: 'a GIF image',
  text: 'a text file',
  html: 'a web page (HTML)',
  svg: 'an SVG image',
  xml: 'an XML document',
};

const EXTENSIONS: Record<SniffedType['kind'], string> = {
  pdf: 'pdf',
  docx: 'docx',
  doc: 'doc',
  xlsx: 'xlsx',
  xls: 'xls',
  csv: 'csv',
  png: 'png',
  jpeg: 'jpg',
  gif: 'gif',
  text: 'txt',
  html: 'html',
  svg: 'svg',
  xml: 'xml',
};

export interface IncomingFile {
  /** A temp file to store, or (without `path`) a file already in the store. */
  file: Omit<ReceivedFile, 'path'> & { path?: string };
  originalName: string;
}

export interface CheckedFile extends IncomingFile {
  type: SniffedType;
}

/** The type by content; 415 naming what the file really is when it is not accepted. */
export function checkAttachmentType(file: IncomingFile): CheckedFile {
  if (file.file.size === 0) throw badRequest(`"${file.originalName}" is empty`);
  const type = sniffFileType(file.file.head, file.originalName);
  if (!type || !ACCEPTED.has(type.kind)) {
    const what = type ? TYPE_NAMES[type.kind] : 'a file type that is not recognised';
    throw unsupportedType(`"${file.originalName}" is ${what}. Upload PDF, Word, text, or image files only.`);
  }
  return { ...file, type };
}

/** The version, with its SOP's owner and state; 404 when unknown, and refused as the lifecycle says. */
export async function findVersionForUpload(db: Db, actor: SessionUser, versionId: number) {
  await assertVersionVisible(db, viewOf(actor), versionId);
  const row = await versionState(db, versionId);
  if (!row) throw notFound('SOP version not found');
  refuse(refuseAddFiles(actor, row));
  return row;
}

/** The version and its SOP's state; with `lock`, the SOP row is held until the transaction ends. */
async function versionState(db: Db, versionId: number, lock = false) {
  const row = await findVersionWithSop(db, versionId, lock);
  return row && { ...row, title: row.sopTitle, status: row.sopStatus };
}

/** Every file with its record (and its preview job) in one transaction: all are stored, or none. */
export async function storeAttachments(
  db: Db,
  actor: SessionUser,
  target: { versionId: number; sopId: number; title: string },
  files: CheckedFile[],
  extra: { fileURL?: string | null; within?: (tx: Db) => Promise<void> } = {},
): Promise<z.output<typeof Attachment>[]> {
  const stored = await db.transaction(async (tx) => {
    // The SOP may have been submitted or revised while the files were being read.
    const current = await versionState(tx, target.versionId, true);
    if (!current) throw notFound('SOP version not found');
    refuse(refuseAddFiles(actor, current));
    const saved: z.output<typeof Attachment>[] = [];
    for (const file of files) {
      const stored = file.file.path ? await putFile(tx, file.file.path, file.file) : file.file;
      const [row] = await tx
        .insert(attachments)
        .values({
          versionId: target.versionId,
          // A generated name: the original one is kept for display and downloads only.
          filename: `${randomUUID()}.${EXTENSIONS[file.type.kind]}`,
          originalName: file.originalName.slice(0, 255),
          mimeType: file.type.mimeType,
          size: stored.size,
          sha256: stored.sha256,
          fileURL: extra.fileURL ?? null,
        })
        .returning();
      const previewStatus = await startPreview(tx, row);
      const textStatus = await startTextExtraction(tx, row);
      await startHtmlConversion(tx, row);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'attachment_uploaded',
        entityType: 'attachment',
        entityId: row.id,
        metadata: { title: target.title, name: row.originalName, sopId: target.sopId, versionId: target.versionId },
      });
      saved.push(toAttachment({ ...row, previewStatus, text: textStatus === 'pending' || textStatus === 'none' ? null : { status: textStatus } }));
    }
    await tx.update(sops).set({ updatedAt: new Date() }).where(eq(sops.id, target.sopId));
    await extra.within?.(tx);
    return saved;
  });
  wakeJobRunners();
  return stored;
}

/** What toAttachment reads besides the row: the preview's presence and the file's text status. */
export type AttachmentExtras = { preview?: { attachmentId: number } | null; text?: { status: 'ready' | 'failed' } | null };

/** An attachment row as the API answers it: never the checksum; whether a preview exists; where its text stands. */
export function toAttachment(row: typeof attachments.$inferSelect & AttachmentExtras): z.output<typeof Attachment> {
  const { preview, text, sha256: _stored, ...rest } = row;
  return { ...rest, hasPreview: preview != null, textStatus: textStatusOf(row, text) };
}
