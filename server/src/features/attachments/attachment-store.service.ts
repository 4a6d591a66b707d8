import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PublicUser } from '../../../../common/contracts/auth';
import type { Attachment } from '../../../../common/contracts/sops';
import type { Db } from '../../db/client';
import { attachmentBlobs, attachments, sops, sopVersions } from '../../db/schema';
import { sha256 } from '../../files/checksum';
import { type SniffedType, sniffFileType } from '../../files/sniff';
import { assertCan } from '../../http/access';
import { badRequest, conflict, notFound, unsupportedType } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { toAttachment } from '../sops/sop-mappers';

/** SOP attachments: PDF, Word, plain text and the common images (DECISIONS.md, Files). */
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
};

const EXTENSIONS: Record<SniffedType['kind'], string> = {
  pdf: 'pdf', docx: 'docx', doc: 'doc', xlsx: 'xlsx', xls: 'xls', csv: 'csv', png: 'png', jpeg: 'jpg', gif: 'gif', text: 'txt',
};

export interface IncomingFile {
  data: Buffer;
  originalName: string;
}

export interface CheckedFile extends IncomingFile {
  type: SniffedType;
}

/** The type by content; 415 naming what the file really is when it is not accepted. */
export function checkAttachmentType(file: IncomingFile): CheckedFile {
  if (file.data.length === 0) throw badRequest(`"${file.originalName}" is empty`);
  const type = sniffFileType(file.data, file.originalName);
  if (!type || !ACCEPTED.has(type.kind)) {
    const what = type ? TYPE_NAMES[type.kind] : 'a file type that is not recognised';
    throw unsupportedType(`"${file.originalName}" is ${what}. Upload PDF, Word, text, or image files only.`);
  }
  return { ...file, type };
}

/**
 * Files join only the version being written: an approved version is a closed record and a
 * version waiting for a decision must not change under the approver.
 */
function assertVersionTakesFiles(v: { versionId: number; versionNumber: string; isPublished: boolean; status: string; latestVersionId: number | null }) {
  if (v.isPublished) throw conflict(`Version ${v.versionNumber} is approved and cannot change; edit the SOP to start a new version`);
  if (v.latestVersionId !== v.versionId) throw conflict(`Version ${v.versionNumber} has been superseded; add files to the latest version`);
  if (v.status === 'submitted' || v.status === 'in_review') {
    throw conflict('This SOP is waiting for approval; files can be added once the approver has decided');
  }
}

/** The version, with its SOP's owner for the permission check; 404 when unknown. */
export async function findVersionForUpload(db: Db, actor: PublicUser, versionId: number) {
  const row = await versionState(db, versionId);
  if (!row) throw notFound('SOP version not found');
  assertCan(actor, 'sop.edit', { ownerId: row.ownerId }, 'Only the owner, an approver or an admin can add attachments to this SOP');
  assertVersionTakesFiles(row);
  return row;
}

/** The version and its SOP's state; with `lock`, the SOP row is held until the transaction ends. */
async function versionState(db: Db, versionId: number, lock = false) {
  const query = db
    .select({
      versionId: sopVersions.id,
      versionNumber: sopVersions.versionNumber,
      isPublished: sopVersions.isPublished,
      sopId: sops.id,
      title: sops.title,
      ownerId: sops.ownerId,
      status: sops.status,
      latestVersionId: sops.latestVersionId,
    })
    .from(sopVersions)
    .innerJoin(sops, eq(sops.id, sopVersions.sopId))
    .where(eq(sopVersions.id, versionId));
  const [row] = lock ? await query.for('update', { of: sops }) : await query;
  return row;
}

/** Every file with its blob in one transaction: all are stored, or none. */
export async function storeAttachments(
  db: Db,
  actor: PublicUser,
  target: { versionId: number; sopId: number; title: string },
  files: CheckedFile[],
  extra: { fileURL?: string | null; within?: (tx: Db) => Promise<void> } = {},
): Promise<Attachment[]> {
  return db.transaction(async (tx) => {
    // The SOP may have been submitted or revised while the files were being read.
    const current = await versionState(tx, target.versionId, true);
    if (!current) throw notFound('SOP version not found');
    assertVersionTakesFiles(current);
    const stored: Attachment[] = [];
    for (const file of files) {
      const [row] = await tx
        .insert(attachments)
        .values({
          versionId: target.versionId,
          // A generated name: the original one is kept for display and downloads only.
          filename: `${randomUUID()}.${EXTENSIONS[file.type.kind]}`,
          originalName: file.originalName.slice(0, 255),
          mimeType: file.type.mimeType,
          size: file.data.length,
          fileURL: extra.fileURL ?? null,
        })
        .returning();
      await tx.insert(attachmentBlobs).values({ attachmentId: row.id, data: file.data, checksum: sha256(file.data) });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'attachment_uploaded',
        entityType: 'attachment',
        entityId: row.id,
        metadata: { title: target.title, name: row.originalName, sopId: target.sopId, versionId: target.versionId },
      });
      stored.push(toAttachment(row));
    }
    await tx.update(sops).set({ updatedAt: new Date() }).where(eq(sops.id, target.sopId));
    await extra.within?.(tx);
    return stored;
  });
}
