/**
 * The one content-addressed file store: every stored byte (SOP attachments, previews, daily
 * programs, itineraries, translated procedures, pending object uploads) lives once, keyed by its SHA-256, in
 * `stored_files`; records hold the hash in their `sha256` column. Identical bytes are stored
 * once and carrying a file into a new version copies only the hash.
 *
 * Where the bytes live is chosen once per process by `configureFileStore` (openDatabase does
 * it): files under a directory (`<dir>/ab/cd/<sha256>`; the embedded default is
 * DATA_DIR/files, or FILE_DIR), or, with no directory, `stored_file_chunks` rows of at most
 * 1 MB in the database. Neither path ever holds a whole file in memory.
 *
 * API (all take the database or a transaction as the first argument):
 *   putFile(tx, tempPath, known?) -> { sha256, size }
 *       Moves a finished temp file (see temp-files.ts) into the store; the temp file is gone
 *       afterwards either way. Call it inside the transaction that inserts the record pointing
 *       at the hash: a stored file with no record is removed by the next release or sweep.
 *   putBuffer(tx, data) -> { sha256, size }       small generated files (previews)
 *   openRead(db, sha256) -> Readable              streams the bytes, verifying the SHA-256 as
 *       they pass; on a mismatch the stream errors (FileIntegrityError) before the last piece,
 *       so a reader never receives the complete bad file.
 *   readAll(db, sha256, maxBytes) -> Buffer       for renderers that need the whole file
 *   readHead(db, sha256, bytes) -> Buffer         the first bytes, to tell the type
 *   storageFacts(db) -> { storedFiles, storedBytes, referencedFiles, referencedBytes }
 *   releaseFiles(db, hashes)                      after deleting records: removes the bytes of
 *       those hashes no record references any more (run it after the deleting transaction)
 *   sweepFiles(db)  (store-sweep.ts)              at start: unreferenced rows, orphan and
 *       half-written files, and chunks left in the database by the upgrade moved to disk
 */
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { storedFileChunks, storedFiles } from '../db/schema';
import { configureFileStore, diskPath, fileStoreDir, tempDir } from './store-location';
import { hashFile, writeTempFile } from './temp-files';
import { FileIntegrityError, verifyWhileStreaming } from './verify-stream';

export { configureFileStore, diskPath, FileIntegrityError, fileStoreDir, tempDir };

export interface StoredFile {
  sha256: string;
  size: number;
}

/** Rows of the database backend; also the read size from disk, so both stream alike. */
export const CHUNK_BYTES = 1024 * 1024;

/** How often bytes were opened for reading: tests use it to show HEAD reads none. */
export const readCounter = { opened: 0 };

export async function putFile(db: Db, tempPath: string, known?: StoredFile): Promise<StoredFile> {
  try {
    const file = known ?? (await hashFile(tempPath));
    // The row is claimed (inserted, or locked when it exists) before the bytes are placed,
    // so a concurrent release of the same hash either finishes first or fails on our record.
    const inserted = await db.insert(storedFiles).values(file).onConflictDoNothing().returning({ sha256: storedFiles.sha256 });
    if (inserted.length === 0) await db.select({ sha256: storedFiles.sha256 }).from(storedFiles).where(eq(storedFiles.sha256, file.sha256)).for('update');
    const dir = fileStoreDir();
    if (dir) await placeOnDisk(dir, tempPath, file.sha256);
    else if (inserted.length > 0) await writeChunks(db, tempPath, file.sha256);
    return file;
  } finally {
    await rm(tempPath, { force: true });
  }
}

export async function putBuffer(db: Db, data: Buffer): Promise<StoredFile> {
  const temp = await writeTempFile(data);
  return putFile(db, temp.path, temp);
}

async function placeOnDisk(dir: string, tempPath: string, sha256: string) {
  const target = diskPath(dir, sha256);
  // Identical bytes are already there (a file only ever appears complete, by rename).
  if (
    await stat(target).then(
      () => true,
      () => false,
    )
  )
    return;
  await mkdir(path.dirname(target), { recursive: true });
  await rename(tempPath, target);
}

async function writeChunks(db: Db, tempPath: string, sha256: string) {
  const handle = await open(tempPath, 'r');
  try {
    for (let seq = 0; ; seq += 1) {
      const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
      if (bytesRead === 0 && seq > 0) return;
      await db.insert(storedFileChunks).values({ sha256, seq, data: buffer.subarray(0, bytesRead) });
      if (bytesRead < CHUNK_BYTES) return;
    }
  } finally {
    await handle.close();
  }
}

/** The stored size of a file, or undefined when the store has no such hash. */
export async function storedSize(db: Db, sha256: string): Promise<number | undefined> {
  const [row] = await db.select({ size: storedFiles.size }).from(storedFiles).where(eq(storedFiles.sha256, sha256));
  return row?.size;
}

/** `knownSize`: the size the caller already read with its record (downloads), saving a query. */
export async function openRead(db: Db, sha256: string, knownSize?: number): Promise<Readable> {
  const size = knownSize ?? (await storedSize(db, sha256));
  if (size === undefined) throw new FileIntegrityError(sha256, 'is not in the file store');
  readCounter.opened += 1;
  const dir = fileStoreDir();
  const source = dir ? createReadStream(diskPath(dir, sha256), { highWaterMark: 256 * 1024 }) : Readable.from(readChunks(db, sha256));
  return verifyWhileStreaming(source, sha256, size);
}

/**
 * One chunk row per query, the next one already asked for while this one is passed on, so
 * the database reads and encodes a chunk while this process decodes, hashes and sends the
 * previous: memory stays at two chunks whatever the file's size. The bytes travel as base64
 * rather than bytea's hex text: a third less to send and to decode (the pg driver reads
 * results as text only).
 */
export async function* readChunks(db: Db, sha256: string) {
  const chunk = async (seq: number) => {
    const result = (await db.execute(
      sql`select encode(${storedFileChunks.data}, 'base64') as data from ${storedFileChunks} where ${storedFileChunks.sha256} = ${sha256} and ${storedFileChunks.seq} = ${seq}`,
    )) as unknown as { rows: { data: string }[] };
    const row = result.rows[0];
    return row ? Buffer.from(row.data, 'base64') : null;
  };
  let next = chunk(0);
  for (let seq = 1; ; seq += 1) {
    const data = await next;
    if (!data) return;
    // A full chunk may have a successor; a short one is the last.
    next = data.length === CHUNK_BYTES ? chunk(seq) : Promise.resolve(null);
    // A reader that stops early (an aborted download) must not leave the prefetch unhandled.
    next.catch(() => undefined);
    yield data;
  }
}

/** The first bytes of a stored file (to tell its type), unverified: never sent to anyone. */
export async function readHead(db: Db, sha256: string, bytes: number): Promise<Buffer> {
  const dir = fileStoreDir();
  const source = dir ? createReadStream(diskPath(dir, sha256), { end: bytes - 1 }) : Readable.from(readChunks(db, sha256));
  const parts: Buffer[] = [];
  let total = 0;
  for await (const part of source) {
    parts.push(part as Buffer);
    total += (part as Buffer).length;
    if (total >= bytes) break;
  }
  return Buffer.concat(parts).subarray(0, bytes);
}

export async function readAll(db: Db, sha256: string, maxBytes: number): Promise<Buffer> {
  const size = await storedSize(db, sha256);
  if (size !== undefined && size > maxBytes) throw new Error(`stored file ${sha256} is ${size} bytes, over the ${maxBytes} allowed here`);
  const parts: Buffer[] = [];
  for await (const part of await openRead(db, sha256)) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/**
 * Every record's file, one row per reference. A table that starts pointing at stored files
 * joins this list, or its files are removed as unreferenced.
 */
const FILE_REFERENCES = sql`select sha256 from attachments
  union all select sha256 from attachment_previews
  union all select sha256 from daily_programs
  union all select sha256 from itineraries
  union all select sha256 from pending_uploads
  union all select sha256 from sop_translations
  union all select unnest(files) from fleet_pending_versions`;

/** No record of any kind points at the stored file (each column has an index). */
export const unreferenced = sql`not exists (select 1 from (${FILE_REFERENCES}) r where r.sha256 = ${storedFiles.sha256})`;

/** Distinct files and bytes held, against every record's file (duplicates counted each time). */
export async function storageFacts(db: Db) {
  const result = (await db.execute(sql`
    select (select count(*) from stored_files)::float8 as "storedFiles",
           (select coalesce(sum(size), 0) from stored_files)::float8 as "storedBytes",
           count(f.sha256)::float8 as "referencedFiles",
           coalesce(sum(f.size), 0)::float8 as "referencedBytes"
    from (${FILE_REFERENCES}) r join stored_files f on f.sha256 = r.sha256`)) as unknown as { rows: Record<string, number>[] };
  const row = result.rows[0];
  return {
    storedFiles: Number(row.storedFiles),
    storedBytes: Number(row.storedBytes),
    referencedFiles: Number(row.referencedFiles),
    referencedBytes: Number(row.referencedBytes),
  };
}

export async function releaseFiles(db: Db, hashes: Iterable<string | null | undefined>) {
  for (const sha256 of new Set([...hashes].filter((h): h is string => !!h))) {
    try {
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(storedFiles)
          .where(and(eq(storedFiles.sha256, sha256), unreferenced))
          .returning({ sha256: storedFiles.sha256 });
        // Removed before the commit: a put of the same bytes waits on this row, then places them anew.
        const dir = fileStoreDir();
        if (gone.length > 0 && dir) await rm(diskPath(dir, sha256), { force: true });
      });
    } catch (err) {
      // A record took the file meanwhile (its foreign key stopped the delete): the bytes stay.
      if (!isForeignKeyViolation(err)) throw err;
    }
  }
}

function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23503' || e?.cause?.code === '23503';
}
