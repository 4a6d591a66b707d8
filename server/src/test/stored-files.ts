import { readFile, writeFile } from 'node:fs/promises';
import { and, count, eq, sum } from 'drizzle-orm';
import type { Db } from '../db/client';
import { storedFileChunks, storedFiles } from '../db/schema';
import { diskPath, fileStoreDir, putBuffer } from '../files/store';

/** The bytes as they sit in whichever backend this test run uses (not verified). */
export async function storedBytes(db: Db, sha256: string): Promise<Buffer> {
  const dir = fileStoreDir();
  if (dir) return readFile(diskPath(dir, sha256));
  const rows = await db.select({ data: storedFileChunks.data }).from(storedFileChunks).where(eq(storedFileChunks.sha256, sha256)).orderBy(storedFileChunks.seq);
  return Buffer.concat(rows.map((r) => r.data));
}

/** Flips one byte at `offset` in place, as a failing disk or a bad restore would. */
export async function corruptStoredFile(db: Db, sha256: string, offset = 0) {
  const dir = fileStoreDir();
  if (dir) {
    const data = await readFile(diskPath(dir, sha256));
    data[offset] ^= 0xff;
    await writeFile(diskPath(dir, sha256), data);
    return;
  }
  const seq = Math.floor(offset / (1024 * 1024));
  const [row] = await db
    .select({ data: storedFileChunks.data })
    .from(storedFileChunks)
    .where(and(eq(storedFileChunks.sha256, sha256), eq(storedFileChunks.seq, seq)));
  row.data[offset % (1024 * 1024)] ^= 0xff;
  await db
    .update(storedFileChunks)
    .set({ data: row.data })
    .where(and(eq(storedFileChunks.sha256, sha256), eq(storedFileChunks.seq, seq)));
}

/** How many files and bytes the store holds right now. */
export async function storeTotals(db: Db): Promise<{ files: number; bytes: number }> {
  const [row] = await db.select({ files: count(), bytes: sum(storedFiles.size) }).from(storedFiles);
  return { files: Number(row.files), bytes: Number(row.bytes ?? 0) };
}

/** Stores bytes outside any request (fixtures that need a file row to point at). */
export async function storeFixture(db: Db, data: Buffer) {
  return db.transaction((tx) => putBuffer(tx, data));
}
