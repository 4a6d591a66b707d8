import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type dailyPrograms, type itineraries, storedFiles } from '../../db/schema';
import { releaseFiles } from '../../files/store';
import type { FileToSend } from '../../files/send-file';
import type { ReceivedFile } from '../../files/temp-files';
import { notFound } from '../../http/errors';
import { type AuditInput, recordAudit } from '../audit/audit.service';

/**
 * Daily programs and itineraries are both files the office publishes for the crew: each
 * kind keeps one row per file in its own table, downloads and deletes the same way, and
 * differs only in how an upload is checked and how the files are grouped on screen.
 */
export interface PublishedUploadFile {
  originalName: string;
  file: ReceivedFile;
}

type PublishedTable = typeof dailyPrograms | typeof itineraries;

/** What differs between the kinds when one file is looked up or deleted. */
export interface PublishedFileKind<T extends PublishedTable> {
  table: T;
  /** The 404 sentence, e.g. 'Itinerary not found'. */
  notFound: string;
  /** The audit event a deletion writes about the deleted row: its action, entity type and metadata. */
  deleted: { action: AuditInput['action']; entityType: string; metadata: (row: T['$inferSelect']) => AuditInput['metadata'] };
}

/** One file's download facts (never its bytes). */
export async function findPublishedFile<T extends PublishedTable>(db: Db, kind: PublishedFileKind<T>, id: number): Promise<FileToSend> {
  const table: PublishedTable = kind.table;
  const [row] = await db
    .select({ originalName: table.originalName, mimeType: table.mimeType, sha256: table.sha256, size: storedFiles.size })
    .from(table)
    .leftJoin(storedFiles, eq(storedFiles.sha256, table.sha256))
    .where(eq(table.id, id));
  if (!row) throw notFound(kind.notFound);
  return row;
}

/** Deletes one file and writes its audit event in one transaction; its bytes go unless another record still uses them. */
export async function deletePublishedFile<T extends PublishedTable>(db: Db, kind: PublishedFileKind<T>, actorId: number, id: number): Promise<void> {
  const table: PublishedTable = kind.table;
  const sha256 = await db.transaction(async (tx) => {
    const [row] = (await tx.delete(table).where(eq(table.id, id)).returning()) as T['$inferSelect'][];
    if (!row) throw notFound(kind.notFound);
    const { action, entityType, metadata } = kind.deleted;
    await recordAudit(tx, { actorId, action, entityType, entityId: row.id, metadata: metadata(row) });
    return row.sha256;
  });
  await releaseFiles(db, [sha256]);
}

/** The uploader as every answer shows it: null once the account has been deleted. */
export const uploaderOf = (username: string | null) => (username === null ? null : { username });
