import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { matchesIfNoneMatch } from '../http/cache-headers';
import { hotFile, keepingHot } from './hot-files';
import { servedContentType } from './served-type';
import { FileIntegrityError, openRead } from './store';

/** A name safe for Content-Disposition: ASCII fallback plus the UTF-8 form (RFC 6266). */
export function contentDisposition(originalName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const cleaned = originalName.replace(/[\r\n"\\/]/g, '_').trim() || 'download';
  const ascii = cleaned.replace(/[^\x20-\x7e]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(cleaned)}`;
}

/**
 * Route options for every stored-file download: never compressed on the way out, so
 * Content-Length and Repr-Digest describe exactly the bytes sent.
 */
export const storedFileRoute = { compress: false } as const;

export interface FileToSend {
  /** Null for a legacy record whose bytes were never stored here. */
  sha256: string | null;
  /** The stored size; null when the store has no bytes for the hash. */
  size: number | null;
  mimeType: string;
  originalName: string;
}

/**
 * Streams a stored file with its length and digest (RFC 9530 Repr-Digest), so a client can
 * verify it too. The bytes are checked while they pass: a mismatch ends the response as an
 * error (never a complete bad file) and is logged. HEAD answers from the record alone. A small
 * file sent whole lately is sent from memory (hot-files.ts).
 */
export async function sendStoredFile(reply: FastifyReply, file: FileToSend, disposition: 'attachment' | 'inline' = 'attachment') {
  if (!file.sha256 || file.size === null) {
    reply.log.error({ originalName: file.originalName, sha256: file.sha256 }, 'stored file is missing from the file store');
    throw new FileIntegrityError(file.sha256 ?? 'none', 'is missing from the file store');
  }
  // Stored bytes never change under their checksum: it is the download's ETag, and a
  // browser that holds these bytes revalidates with a bodiless 304.
  const etag = `"sha256-${file.sha256}"`;
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  if (matchesIfNoneMatch(reply.request.headers['if-none-match'], etag)) return reply.status(304).send();
  reply
    .header('content-type', servedContentType(file.mimeType))
    .header('content-length', file.size)
    .header('repr-digest', `sha-256=:${Buffer.from(file.sha256, 'hex').toString('base64')}:`)
    .header('content-disposition', contentDisposition(file.originalName, disposition))
    .header('x-content-type-options', 'nosniff');
  // Fastify's automatic HEAD route would drain a stream to the end: give it an empty one.
  if (reply.request.method === 'HEAD') return reply.send(Readable.from([]));
  const hot = hotFile(file.sha256);
  if (hot) return reply.send(hot);
  const stream = keepingHot(await openRead(reply.server.db, file.sha256, file.size), file.sha256, file.size);
  stream.on('error', (err) => {
    reply.log.error({ err, originalName: file.originalName, sha256: file.sha256 }, 'stored file failed its checksum while being sent; response cut');
  });
  return reply.send(stream);
}
