import type { FastifyReply } from 'fastify';
import { HttpError } from '../http/errors';
import { sha256 } from './checksum';

/** A name safe for Content-Disposition: ASCII fallback plus the UTF-8 form (RFC 6266). */
export function contentDisposition(originalName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const cleaned = originalName.replace(/[\r\n"\\/]/g, '_').trim() || 'download';
  const ascii = cleaned.replace(/[^\x20-\x7e]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(cleaned)}`;
}

/**
 * Sends a stored blob after checking its SHA-256: a corrupted blob is never served as if
 * it were the approved document. HEAD gets the same headers without a body.
 */
export function sendBlob(
  reply: FastifyReply,
  file: { data: Buffer; checksum: string; mimeType: string; originalName: string },
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  if (sha256(file.data) !== file.checksum) {
    reply.log.error({ originalName: file.originalName }, 'stored file failed its checksum');
    throw new HttpError(500, 'The stored file failed its integrity check and was not sent. Please contact an administrator.');
  }
  return reply
    .header('content-type', file.mimeType)
    .header('content-length', file.data.length)
    .header('content-disposition', contentDisposition(file.originalName, disposition))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-cache')
    // On HEAD, Fastify's automatic head route sets content-length from these bytes and drops the body.
    .send(file.data);
}
