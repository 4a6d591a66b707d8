import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { MAX_FILE_BYTES } from '../../../../common/limits';
import type { LanguageCode } from '../../../../common/languages';
import type { SignatureMethod } from '../../../../common/contracts/signatures';
import type { TranslationStatus } from '../../../../common/translation-rules';
import { createdAt, identityId, tsvector } from './columns';
import { storedFiles } from './files';
import { versionRef } from './sops';
import { userRef } from './users';

/**
 * A translation of one SOP version into one language: Markdown text, or an uploaded file held in
 * the file store like an attachment (never both). It belongs to the version it translates and
 * goes with it; a newer version needs a translation of its own.
 */
export const sopTranslations = pgTable(
  'sop_translations',
  {
    id: identityId(),
    versionId: versionRef('version_id'),
    language: varchar('language', { length: 8 }).$type<LanguageCode>().notNull(),
    /** The translated text (Markdown); null when the translation is a file. */
    content: text('content'),
    /** The uploaded file, as an attachment keeps it; all null when the translation is text. */
    originalName: varchar('original_name', { length: 255 }),
    mimeType: varchar('mime_type', { length: 127 }),
    size: bigint('size', { mode: 'number' }),
    sha256: varchar('sha256', { length: 64 }).references(() => storedFiles.sha256),
    status: varchar('status', { length: 10 }).$type<TranslationStatus>().notNull().default('draft'),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    approvedBy: userRef('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** How the approver proved themselves (null: no proof asked for or given). */
    signatureMethod: varchar('signature_method', { length: 10 }).$type<SignatureMethod>(),
    /** The words of a text translation, for search (a file's are in file_texts, by its hash). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`strip(to_tsvector('english', coalesce(content, '')))`),
  },
  (t) => [
    uniqueIndex('sop_translations_version_language_key').on(t.versionId, t.language),
    index('sop_translations_sha256_idx').on(t.sha256),
    index('sop_translations_created_by_idx').on(t.createdBy),
    index('sop_translations_approved_by_idx').on(t.approvedBy),
    index('sop_translations_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    check('sop_translations_language_check', sql`${t.language} in ('en', 'fil', 'id', 'hi', 'uk', 'es')`),
    check('sop_translations_status_check', sql`${t.status} in ('draft', 'approved')`),
    check('sop_translations_approval_check', sql`(${t.status} = 'approved') = (${t.approvedAt} is not null)`),
    check('sop_translations_text_or_file_check', sql`(${t.content} is null) <> (${t.sha256} is null)`),
    check(
      'sop_translations_file_check',
      sql`(${t.sha256} is null) = (${t.originalName} is null) and (${t.sha256} is null) = (${t.mimeType} is null) and (${t.sha256} is null) = (${t.size} is null)`,
    ),
    check('sop_translations_size_check', sql`${t.size} between 0 and ${sql.raw(String(MAX_FILE_BYTES))}`),
    check('sop_translations_signature_method_check', sql`${t.signatureMethod} in ('password', 'passkey')`),
  ],
);
