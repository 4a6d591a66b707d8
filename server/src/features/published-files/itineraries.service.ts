import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type Itinerary,
  ITINERARY_TABLE_MAX_ROWS,
  ITINERARY_TYPE_MESSAGE,
  ItineraryTable,
  hasItineraryExtension,
  XLS_PREVIEW_MESSAGE,
} from '../../../../common/contracts/itineraries';
import { MAX_FILE_BYTES } from '../../../../common/limits';
import type { Db } from '../../db/client';
import { itineraries, users } from '../../db/schema';
import { type SniffedType, sniffFileType } from '../../files/sniff';
import { DocumentWorkError, type DocumentWorkers } from '../../documents/worker-pool';
import { putFile, readAll } from '../../files/store';
import { badRequest, HttpError, unsupportedType } from '../../http/errors';
import type { UploadedFile } from '../../http/upload-parts';
import { weighedMap } from '../../lib/bounded-map';
import { recordAudit } from '../audit/audit.service';
import { findPublishedFile, type PublishedFileKind, type PublishedUploadFile, uploaderOf } from './published-files.service';

/**
 * An itinerary must be a spreadsheet by name AND by content: the extension says which
 * kind it claims to be and the bytes must agree (a PDF renamed .xlsx is refused).
 */
export function spreadsheetTypeOf(file: PublishedUploadFile): SniffedType {
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

const toItinerary = ({ uploaderUsername, ...row }: Row): ItineraryAnswer => ({ ...row, uploader: uploaderOf(uploaderUsername) });

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

export async function uploadItinerary(db: Db, actorId: number | null, uploadDate: string, file: PublishedUploadFile): Promise<ItineraryAnswer> {
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

/** One itinerary a request: exactly one part named 'file'. */
export async function uploadItineraryParts(db: Db, actorId: number, fields: { uploadDate: string }, files: UploadedFile[]): Promise<ItineraryAnswer> {
  const chosen = files.filter((f) => f.fieldname === 'file');
  if (chosen.length === 0) throw badRequest('Please choose an itinerary file to upload');
  if (chosen.length > 1 || files.length > 1) throw badRequest('Upload one itinerary file at a time');
  return uploadItinerary(db, actorId, fields.uploadDate, chosen[0]);
}

/** How an itinerary is found and deleted. */
export const ITINERARY_FILES: PublishedFileKind<typeof itineraries> = {
  table: itineraries,
  notFound: 'Itinerary not found',
  deleted: {
    action: 'itinerary_deleted',
    entityType: 'itinerary',
    metadata: (row) => ({ name: row.originalName, uploadDate: row.uploadDate }),
  },
};

const XLS_TYPE = 'application/vnd.ms-excel';
const TABLE_KINDS: Record<string, 'xlsx' | 'csv'> = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/csv': 'csv',
};

/** Tables kept as their JSON, by the file's bytes: a page of itineraries for a whole crew is read once. */
const KEPT_TABLES = 200;
/** About 2,000 rows of a dozen short cells is under 1 MB of JSON; 32 MB holds the busiest line's files. */
const KEPT_TABLE_CHARACTERS = 32 * 1024 * 1024;

/**
 * The itinerary as a table (its JSON answer), read in a document worker: .xlsx and .csv. There is no kept
 * parser for the old binary .xls format (see docs/decisions/019-daily-programs-and-itineraries.md): 422, and the file still downloads.
 *
 * The route sends it as a versioned answer (built once per data version, replayed while it
 * stands), but the version moves with every write anywhere. A stored file's bytes never change
 * under its SHA-256, so its table is read in the worker once and kept: a new version only looks
 * it up again. Requests that arrive while it is being read share that reading; a file that cannot
 * be read is not kept (the next request tries again and says why).
 */
export function itineraryTableReader(db: Db, workers: DocumentWorkers): (id: number) => Promise<string> {
  const kept = weighedMap<string, { json: Promise<string>; characters: number }>(KEPT_TABLES, KEPT_TABLE_CHARACTERS, (entry) => entry.characters);

  async function read(sha256: string, kind: 'xlsx' | 'csv'): Promise<string> {
    const data = await readAll(db, sha256, MAX_FILE_BYTES);
    try {
      return JSON.stringify(ItineraryTable.encode(await workers.run('table', { kind, data, maxRows: ITINERARY_TABLE_MAX_ROWS })));
    } catch (err) {
      if (err instanceof DocumentWorkError) throw new HttpError(422, `The itinerary could not be read: ${err.message}`, 'unreadable_document');
      throw err;
    }
  }

  return async (id) => {
    const file = await findPublishedFile(db, ITINERARY_FILES, id);
    // The stored type was sniffed from the bytes at upload.
    const kind = TABLE_KINDS[file.mimeType];
    if (file.mimeType === XLS_TYPE) throw new HttpError(422, XLS_PREVIEW_MESSAGE, 'preview_unavailable');
    if (!kind || !file.sha256) throw new HttpError(422, 'Preview not available for this file', 'preview_unavailable');
    const sha256 = file.sha256;
    const known = kept.get(sha256);
    if (known) return known.json;
    // Kept while it is read (weighing nothing yet), then weighed by its length.
    const entry = { json: read(sha256, kind), characters: 0 };
    kept.set(sha256, entry);
    entry.json.then(
      (json) => kept.get(sha256) === entry && kept.set(sha256, { json: entry.json, characters: json.length }),
      () => kept.get(sha256) === entry && kept.delete(sha256),
    );
    return entry.json;
  };
}
