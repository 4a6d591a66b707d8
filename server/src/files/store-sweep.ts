import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { storedFileChunks, storedFiles } from '../db/schema';
import { diskPath, fileStoreDir, readChunks, tempDir, unreferenced } from './store';
import { newTempPath } from './temp-files';

/**
 * Start-up housekeeping of the file store:
 * - stored files no record references (a crash between a delete and its release) go;
 * - with a file directory, bytes still in database chunks (left there by the upgrade
 *   migration, which cannot write files) are moved to disk;
 * - files on disk the database does not know and half-written temp files are removed.
 * `graceMs` spares files younger than that: with a directory shared by several instances,
 * another one may be writing right now. The embedded database has one owner, so 0.
 */
export async function sweepFiles(db: Db, opts: { graceMs: number }) {
  const dir = fileStoreDir();
  const gone = await db.delete(storedFiles).where(unreferenced).returning({ sha256: storedFiles.sha256 });
  if (!dir) return { removed: gone.length, moved: 0 };
  for (const { sha256 } of gone) await rm(diskPath(dir, sha256), { force: true });
  const moved = await moveChunksToDisk(db, dir);
  await removeOrphans(db, dir, opts.graceMs);
  return { removed: gone.length, moved };
}

async function moveChunksToDisk(db: Db, dir: string): Promise<number> {
  const pending = await db.selectDistinct({ sha256: storedFileChunks.sha256 }).from(storedFileChunks);
  for (const { sha256 } of pending) {
    const temp = newTempPath();
    const handle = await open(temp, 'wx', 0o600);
    try {
      // Chunk by chunk, as they are: a file that was already corrupt still fails its check on download.
      for await (const data of readChunks(db, sha256)) await handle.write(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    const target = diskPath(dir, sha256);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(temp, target);
    await db.delete(storedFileChunks).where(eq(storedFileChunks.sha256, sha256));
  }
  return pending.length;
}

async function removeOrphans(db: Db, dir: string, graceMs: number) {
  const oldEnough = async (file: string) => graceMs === 0 || Date.now() - (await stat(file)).mtimeMs > graceMs;
  for (const name of await readdir(tempDir())) {
    const file = path.join(tempDir(), name);
    if (await oldEnough(file)) await rm(file, { force: true });
  }
  for (const top of await readdir(dir)) {
    if (!/^[0-9a-f]{2}$/.test(top)) continue;
    for (const sub of await readdir(path.join(dir, top))) {
      const folder = path.join(dir, top, sub);
      const names = (await readdir(folder)).filter((n) => /^[0-9a-f]{64}$/.test(n));
      if (names.length === 0) continue;
      const known = new Set((await db.select({ sha256: storedFiles.sha256 }).from(storedFiles).where(inArray(storedFiles.sha256, names))).map((r) => r.sha256));
      for (const name of names) {
        if (!known.has(name) && (await oldEnough(path.join(folder, name)))) await rm(path.join(folder, name), { force: true });
      }
    }
  }
}
