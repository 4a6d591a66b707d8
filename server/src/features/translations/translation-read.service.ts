import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { OutdatedTranslation, Translation, TranslationSummary } from '../../../../common/contracts/translations';
import type { LanguageCode } from '../../../../common/languages';
import { isCurrentTranslation, type TranslationStatus } from '../../../../common/translation-rules';
import type { Db } from '../../db/client';
import type { FileToSend } from '../../files/send-file';
import { notFound } from '../../http/errors';
import { inForceIdOf, type SopView, sopVisible, versionVisible, viewOf } from '../sops/sop-visibility.service';

/**
 * Which translations a person sees, in one place (decision 073): a draft only its author,
 * approvers and admins; an approved one whoever sees the version it translates, and also, when
 * that version has been superseded, whoever sees the SOP (so a reader learns that the
 * translation is of an older version, and reads the original). Over `t` (sop_translations),
 * `v` (its version) and `s` (its SOP).
 */
export function translationVisible(view: SopView): SQL {
  if (view.everything) return sql`true`;
  return sql`((t.status = 'approved' or t.created_by = ${view.userId})
    and (${versionVisible(view, 'v', 's')} or (t.status = 'approved' and v.is_published and ${sopVisible(view, 's')})))`;
}

interface TranslationRow {
  id: number;
  language: LanguageCode;
  versionId: number;
  versionNumber: string;
  status: TranslationStatus;
  createdBy: number | null;
  inForceId: number | null;
  sopId: number;
  title: string;
}

const SUMMARY_COLUMNS = sql`t.id, t.language, t.version_id as "versionId", v.version_number as "versionNumber", t.status,
  t.created_by as "createdBy", ${inForceIdOf('s')} as "inForceId", s.id as "sopId", s.title`;

const FROM = sql`sop_translations t join sop_versions v on v.id = t.version_id join sops s on s.id = v.sop_id`;

function toSummary(row: TranslationRow): z.output<typeof TranslationSummary> {
  const { id, language, versionId, versionNumber, status, createdBy } = row;
  return { id, language, versionId, versionNumber, status, createdBy, current: isCurrentTranslation(row, row.inForceId) };
}

/** The translations of one SOP the view may see: by language, the newest version first. */
export async function listSopTranslations(db: Db, view: SopView, sopId: number): Promise<z.output<typeof TranslationSummary>[]> {
  const result = (await db.execute(
    sql`select ${SUMMARY_COLUMNS} from ${FROM} where s.id = ${sopId} and ${translationVisible(view)} order by t.language, t.version_id desc`,
  )) as unknown as { rows: TranslationRow[] };
  return result.rows.map(toSummary);
}

type FullRow = TranslationRow & {
  content: string | null;
  originalName: string | null;
  mimeType: string | null;
  size: number | string | null;
  sha256: string | null;
  createdAt: Date | string;
  approvedAt: Date | string | null;
};

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** One translation the actor may see, with its text or file; 404 (as for an id that does not exist) otherwise. */
export async function findReadableTranslation(db: Db, actor: SessionUser, id: number) {
  const result = (await db.execute(
    sql`select ${SUMMARY_COLUMNS}, t.content, t.original_name as "originalName", t.mime_type as "mimeType", t.size, t.sha256,
      t.created_at as "createdAt", t.approved_at as "approvedAt"
      from ${FROM} where t.id = ${id} and ${translationVisible(viewOf(actor))}`,
  )) as unknown as { rows: FullRow[] };
  const row = result.rows[0];
  if (!row) throw notFound('Translation not found');
  return row;
}

export function toTranslation(row: FullRow): z.output<typeof Translation> {
  const file = row.sha256 && row.originalName && row.mimeType ? { originalName: row.originalName, mimeType: row.mimeType, size: Number(row.size) } : null;
  return {
    ...toSummary(row),
    content: row.content,
    file,
    createdAt: asDate(row.createdAt),
    approvedAt: row.approvedAt === null ? null : asDate(row.approvedAt),
  };
}

/** The download of a translation that is a file: read by exactly the rule of its text. */
export async function readableTranslationFile(db: Db, actor: SessionUser, id: number): Promise<FileToSend> {
  const row = await findReadableTranslation(db, actor, id);
  if (!row.sha256 || !row.originalName || !row.mimeType) throw notFound('This translation is text, not a file; read it on the SOP page');
  return { sha256: row.sha256, size: Number(row.size), mimeType: row.mimeType, originalName: row.originalName };
}

/** Whether the version has an approved translation in the language: what an attestation in that language needs. */
export async function hasApprovedTranslation(db: Db, versionId: number, language: LanguageCode): Promise<boolean> {
  const result = (await db.execute(
    sql`select 1 from sop_translations where version_id = ${versionId} and language = ${language} and status = 'approved'`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

interface OutdatedRow {
  id: number;
  sopId: number;
  title: string;
  language: LanguageCode;
  versionNumber: string;
  inForceVersionNumber: string;
  outdatedSince: Date | string;
}

/**
 * Across the library the view sees, the translations to do again: per SOP and language the
 * newest approved translation of an older version, where the version in force has no approved
 * translation in that language. By title, then language.
 */
export async function listOutdatedTranslations(db: Db, view: SopView): Promise<z.output<typeof OutdatedTranslation>[]> {
  const result = (await db.execute(sql`
    select * from (
      select distinct on (s.id, t.language) t.id, s.id as "sopId", s.title, t.language, v.version_number as "versionNumber",
        e.version_number as "inForceVersionNumber", e.approved_at as "outdatedSince"
      from ${FROM}
      join sop_versions e on e.id = ${inForceIdOf('s')}
      where t.status = 'approved' and t.version_id < e.id and ${sopVisible(view, 's')}
        and not exists (select 1 from sop_translations c where c.version_id = e.id and c.language = t.language and c.status = 'approved')
      order by s.id, t.language, t.version_id desc) outdated
    order by lower(title), title, "sopId", language`)) as unknown as { rows: OutdatedRow[] };
  return result.rows.map((row) => ({ ...row, outdatedSince: asDate(row.outdatedSince) }));
}
