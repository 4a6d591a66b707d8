import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { SignatureMethod } from '../../../../common/contracts/signatures';
import type { Translation } from '../../../../common/contracts/translations';
import type { LanguageCode } from '../../../../common/languages';
import { duplicateTranslation, refuseAddTranslation, refuseApproveTranslation } from '../../../../common/translation-rules';
import type { Db } from '../../db/client';
import { sopTranslations } from '../../db/schema';
import { sniffFileType } from '../../files/sniff';
import { putFile } from '../../files/store';
import type { ReceivedFile } from '../../files/temp-files';
import { refuse } from '../../http/access';
import { badRequest, notFound, unsupportedType } from '../../http/errors';
import { startTextExtraction } from '../attachments/attachment-text.service';
import { recordAudit } from '../audit/audit.service';
import { isUniqueViolation } from '../auth/auth.service';
import { findVersionWithSop } from '../sops/sop-version-lookup.service';
import { assertVersionVisible, inForceIdOf, viewOf } from '../sops/sop-visibility.service';
import { findReadableTranslation, toTranslation } from './translation-read.service';

/** A translated procedure as a file: a PDF, a Word document or plain text, as a reader opens it. */
const TRANSLATION_FILE_KINDS = new Set(['pdf', 'docx', 'doc', 'text']);

export interface TranslationFile {
  file: ReceivedFile;
  originalName: string;
}

/** What is being added: the Markdown text, or a file already received. */
export type TranslationBody = { language: LanguageCode } & ({ content: string } | { upload: TranslationFile });

/** The type by content; 415 for anything but PDF, Word or text. */
export function checkTranslationFile(upload: TranslationFile) {
  if (upload.file.size === 0) throw badRequest(`"${upload.originalName}" is empty`, undefined, 'file');
  const type = sniffFileType(upload.file.head, upload.originalName);
  if (!type || !TRANSLATION_FILE_KINDS.has(type.kind)) {
    throw unsupportedType(`"${upload.originalName}" is not a PDF, Word or text file; a translation is uploaded as one of those, or written as text`);
  }
  return type;
}

/** The version and what the rules need of it; with `lock`, its SOP row is held until the transaction ends. */
async function versionToTranslate(db: Db, versionId: number, lock = false) {
  const row = await findVersionWithSop(db, versionId, lock);
  if (!row) throw notFound('SOP version not found');
  const result = (await db.execute(sql`select ${inForceIdOf('s')} as id from sops s where s.id = ${row.sopId}`)) as unknown as {
    rows: { id: number | null }[];
  };
  return { ...row, effectiveVersionId: result.rows[0]?.id ?? null };
}

/**
 * Whether the actor may translate this version (404 when they may not see it); asked before an
 * upload is read, and again in the transaction that stores it.
 */
export async function findVersionToTranslate(db: Db, actor: SessionUser, versionId: number) {
  await assertVersionVisible(db, viewOf(actor), versionId);
  refuse(refuseAddTranslation(actor, await versionToTranslate(db, versionId)));
}

/** Adds the translation as a draft, with its audit event, in one transaction: all of it, or nothing. */
export async function addTranslation(db: Db, actor: SessionUser, versionId: number, body: TranslationBody): Promise<z.output<typeof Translation>> {
  const type = 'upload' in body ? checkTranslationFile(body.upload) : null;
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      await assertVersionVisible(tx, viewOf(actor), versionId);
      const version = await versionToTranslate(tx, versionId, true);
      refuse(refuseAddTranslation(actor, version));
      const [taken] = await tx
        .select({ id: sopTranslations.id })
        .from(sopTranslations)
        .where(and(eq(sopTranslations.versionId, versionId), eq(sopTranslations.language, body.language)));
      if (taken) refuse(duplicateTranslation(body.language, version.versionNumber));
      const stored = 'upload' in body && type ? await putFile(tx, body.upload.file.path, body.upload.file) : null;
      // A file's text is read by the document workers, as an attachment's, so search finds its words.
      if (stored && type) await startTextExtraction(tx, { mimeType: type.mimeType, sha256: stored.sha256 });
      const [row] = await tx
        .insert(sopTranslations)
        .values({
          versionId,
          language: body.language,
          createdBy: actor.id,
          ...('content' in body
            ? { content: body.content }
            : { originalName: body.upload.originalName.slice(0, 255), mimeType: type?.mimeType, size: stored?.size, sha256: stored?.sha256 }),
        })
        .returning({ id: sopTranslations.id });
      await auditTranslation(tx, actor, 'translation_added', { id: row.id, language: body.language, version });
      return row.id;
    });
  } catch (err) {
    // Two adds of the same language at once: the second meets the unique key.
    if (!isUniqueViolation(err)) throw err;
    const version = await versionToTranslate(db, versionId);
    refuse(duplicateTranslation(body.language, version.versionNumber));
    throw err;
  }
  return toTranslation(await findReadableTranslation(db, actor, id));
}

/**
 * The translation an actor would approve, refused before any signature is asked for: 404 when
 * they may not see it, 403 for their own or without the right, 409 once approved.
 */
export async function findTranslationToApprove(db: Db, actor: SessionUser, id: number) {
  const row = await findReadableTranslation(db, actor, id);
  refuse(refuseApproveTranslation(actor, row));
  return row;
}

/** Approves a draft translation (by someone other than its author), with its audit event. */
export async function approveTranslation(
  db: Db,
  actor: SessionUser,
  id: number,
  signatureMethod: SignatureMethod | null,
): Promise<z.output<typeof Translation>> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(sopTranslations).where(eq(sopTranslations.id, id)).for('update');
    if (!row) throw notFound('Translation not found');
    refuse(refuseApproveTranslation(actor, row));
    const version = await versionToTranslate(tx, row.versionId);
    await tx
      .update(sopTranslations)
      .set({ status: 'approved', approvedBy: actor.id, approvedAt: new Date(), signatureMethod })
      .where(eq(sopTranslations.id, id));
    await auditTranslation(tx, actor, 'translation_approved', { id, language: row.language, version }, signatureMethod ? { signatureMethod } : {});
  });
  return toTranslation(await findReadableTranslation(db, actor, id));
}

/** A translation's audit event names its SOP, version and language, so the SOP's history shows it. */
function auditTranslation(
  tx: Db,
  actor: SessionUser,
  action: 'translation_added' | 'translation_approved',
  translation: { id: number; language: LanguageCode; version: { sopTitle: string; sopId: number; versionId: number; versionNumber: string } },
  extra: Record<string, unknown> = {},
) {
  const { id, language, version } = translation;
  return recordAudit(tx, {
    actorId: actor.id,
    action,
    entityType: 'translation',
    entityId: id,
    metadata: { title: version.sopTitle, sopId: version.sopId, versionId: version.versionId, versionNumber: version.versionNumber, language, ...extra },
  });
}
