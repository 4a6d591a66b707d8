import { bigint, index, integer, pgTable, text, timestamp, uuid, varchar, date, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns';
import { sopVersions } from './sops';
import { users } from './users';

const size = () => bigint('size', { mode: 'number' }).notNull();

export const attachments = pgTable(
  'attachments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    versionId: integer('version_id').notNull().references(() => sopVersions.id, { onDelete: 'cascade' }),
    filename: varchar('filename', { length: 255 }).notNull(),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 127 }).notNull(),
    size: size(),
    objectPath: text('object_path'),
    fileURL: text('file_url'),
    createdAt: createdAt(),
  },
  (t) => [index('attachments_version_idx').on(t.versionId)],
);

export const attachmentBlobs = pgTable('attachment_blobs', {
  attachmentId: integer('attachment_id').primaryKey().references(() => attachments.id, { onDelete: 'cascade' }),
  data: bytea('data').notNull(),
  checksum: varchar('checksum', { length: 64 }).notNull(),
});

export const attachmentPreviews = pgTable('attachment_previews', {
  attachmentId: integer('attachment_id').primaryKey().references(() => attachments.id, { onDelete: 'cascade' }),
  mimeType: varchar('mime_type', { length: 127 }).notNull().default('image/png'),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  data: bytea('data').notNull(),
  checksum: varchar('checksum', { length: 64 }).notNull(),
  generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Bytes PUT to an upload URL from POST /api/objects/upload, waiting for POST /api/attachments. */
export const pendingUploads = pgTable(
  'pending_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    data: bytea('data'),
    checksum: varchar('checksum', { length: 64 }),
    size: bigint('size', { mode: 'number' }),
    mimeType: varchar('mime_type', { length: 127 }),
    createdAt: createdAt(),
  },
  (t) => [index('pending_uploads_created_idx').on(t.createdAt)],
);

export const dailyPrograms = pgTable(
  'daily_programs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cruiseCode: varchar('cruise_code', { length: 40 }).notNull(),
    programDate: date('program_date', { mode: 'string' }).notNull(),
    fileSequence: integer('file_sequence').notNull(),
    fileLabel: varchar('file_label', { length: 100 }),
    filename: varchar('filename', { length: 255 }).notNull(),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 127 }).notNull(),
    size: size(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('daily_programs_day_seq_key').on(t.cruiseCode, t.programDate, t.fileSequence)],
);

export const dailyProgramBlobs = pgTable('daily_program_blobs', {
  programId: integer('program_id').primaryKey().references(() => dailyPrograms.id, { onDelete: 'cascade' }),
  data: bytea('data').notNull(),
  checksum: varchar('checksum', { length: 64 }).notNull(),
});

export const itineraries = pgTable(
  'itineraries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uploadDate: date('upload_date', { mode: 'string' }).notNull(),
    filename: varchar('filename', { length: 255 }).notNull(),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 127 }).notNull(),
    size: size(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('itineraries_upload_date_idx').on(t.uploadDate, t.createdAt)],
);

export const itineraryBlobs = pgTable('itinerary_blobs', {
  itineraryId: integer('itinerary_id').primaryKey().references(() => itineraries.id, { onDelete: 'cascade' }),
  data: bytea('data').notNull(),
  checksum: varchar('checksum', { length: 64 }).notNull(),
});
