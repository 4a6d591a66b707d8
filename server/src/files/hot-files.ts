import { type Readable, Transform } from 'node:stream';

/** Files up to this size are kept in memory once sent whole... */
const HOT_FILE_MAX_BYTES = 512 * 1024;
/** ...within this much memory; the least recently sent goes first. */
const HOT_TOTAL_BYTES = 32 * 1024 * 1024;

const hot = new Map<string, Buffer>();
let hotBytes = 0;

/**
 * A small stored file's bytes, if they were sent whole and verified lately. Stored bytes are named
 * by their SHA-256 and never change under it, so a copy in memory cannot go stale; at 200 crew
 * a download from memory takes one turn of the event loop instead of a file's open, reads and close.
 */
export function hotFile(sha256: string): Buffer | undefined {
  const bytes = hot.get(sha256);
  if (bytes) {
    hot.delete(sha256);
    hot.set(sha256, bytes);
  }
  return bytes;
}

/** The verified stream, passed on as it is; a small file that reaches its end (verified) is kept. */
export function keepingHot(verified: Readable, sha256: string, size: number): Readable {
  if (size > HOT_FILE_MAX_BYTES) return verified;
  const parts: Buffer[] = [];
  const keeper = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      parts.push(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      keep(sha256, Buffer.concat(parts));
      callback();
    },
  });
  verified.on('error', (err) => keeper.destroy(err));
  keeper.on('close', () => verified.destroy());
  return verified.pipe(keeper);
}

function keep(sha256: string, bytes: Buffer) {
  if (hot.has(sha256)) return;
  hot.set(sha256, bytes);
  hotBytes += bytes.length;
  while (hotBytes > HOT_TOTAL_BYTES) {
    const [oldest, dropped] = hot.entries().next().value as [string, Buffer];
    hot.delete(oldest);
    hotBytes -= dropped.length;
  }
}
