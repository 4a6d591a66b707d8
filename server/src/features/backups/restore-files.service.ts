import { createHash } from 'node:crypto';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { CHUNK_BYTES } from '../../files/store';
import type { NextLine } from './restore-lines.service';
import { RestoreRefusedError } from './restore-refusals.helper';

/**
 * One stored file into the store this database uses: written to the staging folder (moved
 * in place once the database has committed), or as chunk rows in the restoring transaction;
 * either way checked for size and SHA-256 before it counts.
 */
export async function restoreFile(client: pg.PoolClient, staging: string | null, sha256: string, next: NextLine): Promise<void> {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new RestoreRefusedError(`The backup names a stored file that is not a SHA-256: ${sha256.slice(0, 80)}`);
  const temp = staging ? path.join(staging, sha256) : null;
  if (staging) await mkdir(staging, { recursive: true });
  const handle = temp ? await open(temp, 'w', 0o600) : null;
  const hash = createHash('sha256');
  let size = 0;
  let pending = Buffer.alloc(0);
  let seq = 0;
  const writeChunk = async (bytes: Buffer) => {
    await client.query('insert into stored_file_chunks (sha256, seq, data) values ($1, $2, $3)', [sha256, seq, bytes]);
    seq += 1;
  };
  try {
    for (;;) {
      const line = await next();
      if ('chunk' in line) {
        const bytes = Buffer.from(line.chunk, 'base64');
        hash.update(bytes);
        size += bytes.length;
        if (handle) {
          await handle.write(bytes);
          continue;
        }
        pending = Buffer.concat([pending, bytes]);
        while (pending.length >= CHUNK_BYTES) {
          await writeChunk(pending.subarray(0, CHUNK_BYTES));
          pending = pending.subarray(CHUNK_BYTES);
        }
        continue;
      }
      if (!('endFile' in line) || line.endFile !== sha256) throw new RestoreRefusedError(`The stored file ${sha256} is damaged in the backup.`);
      if (line.size !== size || hash.digest('hex') !== sha256)
        throw new RestoreRefusedError(`The stored file ${sha256} does not match its checksum in the backup.`);
      break;
    }
    if (!handle && (pending.length || seq === 0)) await writeChunk(pending);
    await handle?.sync();
  } finally {
    await handle?.close();
  }
}
