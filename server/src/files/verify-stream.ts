import { createHash } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import { HttpError } from '../http/errors';

/**
 * Stored bytes that are missing or no longer match their SHA-256. The message is for the
 * person downloading; `sha256` and `problem` are for the log.
 */
export class FileIntegrityError extends HttpError {
  constructor(
    readonly sha256: string,
    readonly problem = 'failed its integrity check',
  ) {
    super(500, 'The stored file failed its integrity check and was not sent. Please contact an administrator.');
    this.name = 'FileIntegrityError';
  }
}

/**
 * Passes `source` through while hashing it. The newest piece is always held back until the
 * next one arrives, and the last one until the hash and size are checked: on a mismatch the
 * stream errors instead, so whoever reads it never gets the complete file with bad bytes
 * (a one-piece file sends nothing at all). Destroying the result also closes the source.
 */
export function verifyWhileStreaming(source: Readable, sha256: string, size: number): Readable {
  const hash = createHash('sha256');
  let held: Buffer | null = null;
  let seen = 0;
  const verifier = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      seen += chunk.length;
      if (seen > size) return callback(new FileIntegrityError(sha256, `is longer than its recorded ${size} bytes`));
      if (held) this.push(held);
      held = chunk;
      callback();
    },
    flush(callback) {
      if (seen !== size || hash.digest('hex') !== sha256) return callback(new FileIntegrityError(sha256));
      if (held) this.push(held);
      callback();
    },
  });
  source.on('error', (err) => verifier.destroy(new FileIntegrityError(sha256, `could not be read (${(err as Error).message})`)));
  verifier.on('close', () => source.destroy());
  return source.pipe(verifier);
}
