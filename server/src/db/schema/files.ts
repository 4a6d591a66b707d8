import { type AnyColumn, sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { DAILY_PROGRAM_FILE_COUNT, MAX_FILE_BYTES } from '../../../../common/limits';
import type { PreviewStatus } from '../../../../common/preview-status';
import { MAX_EXTRACTED_TEXT_CHARS } from '../../../../common/text-status';
import { bytea, createdAt, tsvector, identityId } from './columns';
import { versionRef } from './sops';
import { users, userRef } from './users';

const size = () => bigint('size', { mode: 'number' }).notNull();
/** Every upload path stops at MAX_FILE_BYTES, so no record of an uploaded file is larger. */
const uploadSizeCheck = (table: string, column: AnyColumn) => check(`${table}_size_check`, sql`${column} between 0 and ${sql.raw(String(MAX_FILE_BYTES))}`);

/**
 * Every stored byte, once, keyed by its SHA-256 (server/src/files/store.ts). Records point
 * here; a row nobody references any more is removed with its bytes.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    sha256: varchar('sha256', { length: 64 }).primaryKey(),
    size: size(),
    createdAt: createdAt(),
  },
  // The store also holds previews, which no upload limit covers.
  (t) => [check('stored_files_size_check', sql`${t.size} >= 0`)],
);

/** The bytes, in rows of at most 1 MB, when they live in the database rather than on disk. */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    sha256: varchar('sha256', { length: 64 })
      .notNull()
      .references(() => storedFiles.sha256, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sha256, t.seq] })],
);

/** A record's file: deleting a stored file that is still referenced fails instead of losing bytes. */
const fileRef = () => varchar('sha256', { length: 64 }).references(() => storedFiles.sha256);

/** The first columns of what a job made of one stored file: one row per file, gone with it; `failed` is never tried again. */
const jobResultColumns = () => ({
  sha256: varchar('sha256', { length: 64 })
    .primaryKey()
    .references(() => storedFiles.sha256, { onDelete: 'cascade' }),
  status: varchar('status', { length: 16 }).$type<'ready' | 'failed'>().notNull(),
});

export const attachments = pgTable(
  'attachments',
  {
    id: identityId(),
    versionId: versionRef('version_id'),
    filename: varchar('filename', { length: 255 }).notNull(),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 127 }).notNull(),
    size: size(),
    objectPath: text('object_path'),
    fileURL: text('file_url'),
    /** Null only for a legacy record whose bytes were never stored here. */
    sha256: fileRef(),
    createdAt: createdAt(),
    /** pending | ready | failed | none (common/preview-status.ts); kept so a failed file is never rendered again. */
    previewStatus: varchar('preview_status', { length: 16 }).$type<PreviewStatus>().notNull().default('none'),
  },
  (t) => [index('attachments_version_idx').on(t.versionId), index('attachments_sha256_idx').on(t.sha256), uploadSizeCheck('attachments', t.size)],
);

export const attachmentPreviews = pgTable(
  'attachment_previews',
  {
    attachmentId: integer('attachment_id')
      .primaryKey()
      .references(() => attachments.id, { onDelete: 'cascade' }),
    mimeType: varchar('mime_type', { length: 127 }).notNull().default('image/png'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sha256: fileRef().notNull(),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('attachment_previews_sha256_idx').on(t.sha256)],
);

/**
 * The text of a stored PDF, Word (docx) or plain-text file, extracted once per file by the
 * `extract-text` job (features/attachments/attachment-text.service.ts). No row: extraction
 * is pending; `failed`: the file could not be read and is never tried again.
 */
export const fileTexts = pgTable(
  'file_texts',
  {
    ...jobResultColumns(),
    /** At most MAX_EXTRACTED_TEXT_CHARS characters; `truncated` when the file held more. */
    text: text('text').notNull().default(''),
    truncated: boolean('truncated').notNull().default(false),
    /**
     * A PDF's pages, kept apart in `text` by a form feed (documents/text-extraction.ts). Null for
     * a Word or text file, and for a PDF read before pages were kept until it is read again.
     */
    pages: integer('pages'),
    error: text('error'),
    searchVector: tsvector('search_vector'),
    extractedAt: timestamp('extracted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('file_texts_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    check('file_texts_status_check', sql`${t.status} in ('ready', 'failed')`),
    check('file_texts_text_length_check', sql`char_length(${t.text}) <= ${sql.raw(String(MAX_EXTRACTED_TEXT_CHARS))}`),
  ],
);

/**
 * A Word (docx) file as clean HTML for the document reader, converted and sanitised once per
 * file by the `docx-html` job (features/attachments/attachment-html.service.ts). No row: the
 * conversion is pending; `failed`: the file could not be converted and is never tried again.
 */
export const fileHtmls = pgTable(
  'file_htmls',
  {
    ...jobResultColumns(),
    html: text('html').notNull().default(''),
    error: text('error'),
    convertedAt: timestamp('converted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('file_htmls_status_check', sql`${t.status} in ('ready', 'failed')`)],
);

/** Every word any SOP title has held (letters only), for typo-tolerant search; kept by a trigger (migration 0008). */
export const titleWords = pgTable('title_words', { word: varchar('word', { length: 100 }).primaryKey() }, (t) => [
  index('title_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')).with({ fastupdate: false }),
]);

/** Bytes PUT to an upload URL from POST /api/objects/upload, waiting for POST /api/attachments. */
export const pendingUploads = pgTable(
  'pending_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set once the bytes have been PUT. */
    sha256: fileRef(),
    size: bigint('size', { mode: 'number' }),
    mimeType: varchar('mime_type', { length: 127 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('pending_uploads_created_idx').on(t.createdAt),
    index('pending_uploads_sha256_idx').on(t.sha256),
    index('pending_uploads_user_idx').on(t.userId),
    uploadSizeCheck('pending_uploads', t.size),
  ],
);

/** The stored file a daily program or an itinerary is, and who published it when. */
const publishedFileColumns = () => ({
  filename: varchar('filename', { length: 255 }).notNull(),
  originalName: varchar('original_name', { length: 255 }).notNull(),
  mimeType: varchar('mime_type', { length: 127 }).notNull(),
  size: size(),
  uploadedBy: userRef('uploaded_by'),
  sha256: fileRef().notNull(),
  createdAt: createdAt(),
});

export const dailyPrograms = pgTable(
  'daily_programs',
  {
    id: identityId(),
    cruiseCode: varchar('cruise_code', { length: 40 }).notNull(),
    programDate: date('program_date', { mode: 'string' }).notNull(),
    fileSequence: integer('file_sequence').notNull(),
    fileLabel: varchar('file_label', { length: 100 }),
    ...publishedFileColumns(),
  },
  (t) => [
    uniqueIndex('daily_programs_day_seq_key').on(t.cruiseCode, t.programDate, t.fileSequence),
    index('daily_programs_sha256_idx').on(t.sha256),
    index('daily_programs_uploaded_by_idx').on(t.uploadedBy),
    uploadSizeCheck('daily_programs', t.size),
    // A combined day is file 1; a separate day is files 1 to 4.
    check('daily_programs_file_sequence_check', sql`${t.fileSequence} between 1 and ${sql.raw(String(DAILY_PROGRAM_FILE_COUNT.separate))}`),
    // Letters and digits, stored upper-case so 'ar250928' and 'AR250928' are one cruise.
    check('daily_programs_cruise_code_check', sql`${t.cruiseCode} ~ '^[A-Z0-9]+$'`),
  ],
);

export const itineraries = pgTable(
  'itineraries',
  {
    id: identityId(),
    uploadDate: date('upload_date', { mode: 'string' }).notNull(),
    ...publishedFileColumns(),
  },
  (t) => [
    index('itineraries_upload_date_idx').on(t.uploadDate, t.createdAt),
    index('itineraries_sha256_idx').on(t.sha256),
    index('itineraries_uploaded_by_idx').on(t.uploadedBy),
    uploadSizeCheck('itineraries', t.size),
  ],
);
