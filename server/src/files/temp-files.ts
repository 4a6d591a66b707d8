import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { MAX_FILE_BYTES } from '../../../common/limits';
import { payloadTooLarge } from '../http/errors';
import { tempDir } from './store-location';

/** An upload written to a temp file: what the store and the type checks need, without the bytes. */
export interface ReceivedFile {
  path: string;
  sha256: string;
  size: number;
  /** The first bytes, enough to tell the file's type (the sniffer reads at most 64 KB). */
  head: Buffer;
}

export const HEAD_BYTES = 64 * 1024;

export const newTempPath = () => path.join(tempDir(), `${randomUUID()}.part`);

/**
 * Streams an upload to a temp file, hashing it and keeping its first bytes as they pass; one
 * piece at a time is in memory. Refused with 413 the moment it passes the limit: the temp
 * file is removed and the rest of the upload is never stored.
 */
export async function receiveUpload(stream: Readable & { truncated?: boolean }, limit = MAX_FILE_BYTES): Promise<ReceivedFile> {
  const target = newTempPath();
  const handle = await open(target, 'wx', 0o600);
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) {
        stream.resume();
        throw payloadTooLarge();
      }
      hash.update(chunk);
      if (size - chunk.length < HEAD_BYTES) head.push(chunk);
      await handle.write(chunk);
    }
    // @fastify/multipart marks a file cut at its fileSize limit as truncated.
    if (stream.truncated) throw payloadTooLarge();
    await handle.sync();
    await handle.close();
  } catch (err) {
    await handle.close().catch(() => {});
    await rm(target, { force: true });
    throw err;
  }
  return { path: target, sha256: hash.digest('hex'), size, head: Buffer.concat(head).subarray(0, HEAD_BYTES) };
}

/** Bytes made in the server (previews, seeds, tests) as a received file. */
export async function writeTempFile(data: Buffer): Promise<ReceivedFile> {
  const target = newTempPath();
  const handle = await open(target, 'wx', 0o600);
  try {
    await handle.write(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { path: target, sha256: createHash('sha256').update(data).digest('hex'), size: data.length, head: data.subarray(0, HEAD_BYTES) };
}

export async function hashFile(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** Temp files a refused or failed request leaves behind (a stored one is already gone). */
export async function discardTempFiles(files: Iterable<{ path: string }>) {
  await Promise.all([...files].map((f) => rm(f.path, { force: true })));
}
