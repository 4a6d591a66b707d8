import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type Itinerary,
  ITINERARY_TABLE_MAX_ROWS,
  ITINERARY_TYPE_MESSAGE,
  type ItineraryTable,
  hasItineraryExtension,
  XLS_PREVIEW_MESSAGE,
} from '../../../../common/contracts/itineraries';
import { MAX_FILE_BYTES } from '../../../../common/limits';
import type { Db } from '../../db/client';
import { itineraries, storedFiles, users } from '../../db/schema';
import { type SniffedType, sniffFileType } from '../../files/sniff';
import { DocumentWorkError, type DocumentWorkers } from '../../documents/worker-pool';
import { putFile, readAll, releaseFiles } from '../../files/store';
import type { ReceivedFile } from '../../files/temp-files';
import { HttpError, notFound, unsupportedType } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';

export interface ItineraryUploadFile {
  originalName: string;
  file: ReceivedFile;
}

/**
 * An itinerary must be a spreadsheet by name AND by content: the extension says which
 * kind it claims to be and the bytes must agree (a PDF renamed .xlsx is refused).
 */
export function spreadsheetTypeOf(file: ItineraryUploadFile): SniffedType {
  const ext = file.originalName.toLowerCase().split('.').pop();
  const sniffed = sniffFileType(file.file.head, file.originalName);
  if (!hasItineraryExtension(file.originalName) || !sniffed || sniffed.kind !== ext) throw unsupportedType(ITINERARY_TYPE_MESSAGE);
  return sniffed;
}

const columns = {
  id: itineraries.id,
  uploadDate: itineraries.uploadDate,
  filename: itineraries.filename,
  originalName: itineraries.originalName,
  mimeType: itineraries.mimeType,
  size: itineraries.size,
  uploadedBy: itineraries.uploadedBy,
  createdAt: itineraries.createdAt,
  uploaderUsername: users.username,
};

type ItineraryAnswer = z.output<typeof Itinerary>;
type Row = Omit<ItineraryAnswer, 'uploader'> & { uploaderUsername: string | null };

const toItinerary = ({ uploaderUsername, ...row }: Row): ItineraryAnswer => ({
  ...row,
  uploader: uploaderUsername === null ? null : { username: uploaderUsername },
});

/** Newest first: by itinerary date, then by upload time. Never the bytes. */
export async function listItineraries(db: Db, id?: number): Promise<ItineraryAnswer[]> {
  const rows = await db
    .select(columns)
    .from(itineraries)
    .leftJoin(users, eq(users.id, itineraries.uploadedBy))
    .where(id === undefined ? undefined : eq(itineraries.id, id))
    .orderBy(desc(itineraries.uploadDate), desc(itineraries.createdAt), desc(itineraries.id));
  return rows.map(toItinerary);
}

export async function uploadItinerary(db: Db, actorId: number | null, uploadDate: string, file: ItineraryUploadFile): Promise<ItineraryAnswer> {
  const type = spreadsheetTypeOf(file);
  const id = await db.transaction(async (tx) => {
    const stored = await putFile(tx, file.file.path, file.file);
    const [row] = await tx
      .insert(itineraries)
      .values({
        uploadDate,
        filename: `${randomUUID()}.${type.kind}`,
        originalName: file.originalName,
        mimeType: type.mimeType,
        size: stored.size,
        sha256: stored.sha256,
        uploadedBy: actorId,
      })
      .returning({ id: itineraries.id });
    await recordAudit(tx, {
      actorId,
      action: 'itinerary_uploaded',
      entityType: 'itinerary',
      entityId: row.id,
      metadata: { name: file.originalName, uploadDate },
    });
    return row.id;
  });
  return (await listItineraries(db, id))[0];
}

export async function findItineraryFile(db: Db, id: number) {
  const [row] = await db
    .select({ originalName: itineraries.originalName, mimeType: itineraries.mimeType, sha256: itineraries.sha256, size: storedFiles.size })
    .from(itineraries)
    .leftJoin(storedFiles, eq(storedFiles.sha256, itineraries.sha256))
    .where(eq(itineraries.id, id));
  if (!row) throw notFound('Itinerary not found');
  return row;
}

export async function deleteItinerary(db: Db, actorId: number, id: number): Promise<void> {
  const sha256 = await db.transaction(async (tx) => {
    const [row] = await tx.delete(itineraries).where(eq(itineraries.id, id)).returning();
    if (!row) throw notFound('Itinerary not found');
    await recordAudit(tx, {
      actorId,
      action: 'itinerary_deleted',
      entityType: 'itinerary',
      entityId: row.id,
      metadata: { name: row.originalName, uploadDate: row.uploadDate },
    });
    return row.sha256;
  });
  await releaseFiles(db, [sha256]);
}

const XLS_TYPE = 'application/vnd.ms-excel';
const TABLE_KINDS: Record<string, 'xlsx' | 'csv'> = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/csv': 'csv',
};

/**
 * The itinerary as a table, read in a document worker: .xlsx and .csv. There is no kept
 * parser for the old binary .xls format (see docs/decisions/019-daily-programs-and-itineraries.md): 422, and the file still downloads.
 */
export async function itineraryTable(db: Db, workers: DocumentWorkers, id: number): Promise<ItineraryTable> {
  const file = await findItineraryFile(db, id);
  // The stored type was sniffed from the bytes at upload.
  const kind = TABLE_KINDS[file.mimeType];
  if (file.mimeType === XLS_TYPE) throw new HttpError(422, XLS_PREVIEW_MESSAGE, 'preview_unavailable');
  if (!kind || !file.sha256) throw new HttpError(422, 'Preview not available for this file', 'preview_unavailable');
  const data = await readAll(db, file.sha256, MAX_FILE_BYTES);
  try {
    return await workers.run('table', { kind, data, maxRows: ITINERARY_TABLE_MAX_ROWS });
  } catch (err) {
    if (err instanceof DocumentWorkError) throw new HttpError(422, `The itinerary could not be read: ${err.message}`, 'unreadable_document');
    throw err;
  }
}
