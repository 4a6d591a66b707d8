import type { Readable } from 'node:stream';
import { MAX_FILE_BYTES } from '../../../common/limits';
import { payloadTooLarge } from '../http/errors';

/**
 * Reads an uploaded stream into memory, refusing it with 413 the moment it passes the
 * limit (the rest is drained, never stored).
 */
export async function readUploadStream(stream: Readable & { truncated?: boolean }, limit = MAX_FILE_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += chunk.length;
    if (total > limit) {
      stream.resume();
      throw payloadTooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  // @fastify/multipart marks a file cut at its fileSize limit as truncated.
  if (stream.truncated) throw payloadTooLarge();
  return Buffer.concat(chunks, total);
}
