import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Where the file store keeps bytes and uploads in progress: set once at start, read by the
 * store and by the temp-file writer (apart from both, so neither imports the other).
 */
let fileDir: string | null = null;

/** `dir`: keep the bytes as files there; null: keep them in the database. */
export async function configureFileStore(opts: { dir: string | null }) {
  fileDir = opts.dir ? path.resolve(opts.dir) : null;
  await mkdir(tempDir(), { recursive: true });
}

export const fileStoreDir = () => fileDir;

/** Uploads are written here first; on the store's own file system, so a put is a rename. */
export const tempDir = () => (fileDir ? path.join(fileDir, 'tmp') : path.join(os.tmpdir(), 'sop-harbor-uploads', String(process.pid)));

export const diskPath = (dir: string, sha256: string) => path.join(dir, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
