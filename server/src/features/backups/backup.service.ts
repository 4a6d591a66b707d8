import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { CHUNK_BYTES, diskPath } from '../../files/store';
import { AUDIT_TABLE, auditChecksum, BACKED_UP_ROWS, migrationHashes, quote, readTables, SERVICE_TABLES } from './catalog.service';

/**
 * `npm run backup -- FILE`: one portable file made through the `pg` protocol, the same for
 * PGlite and PostgreSQL of any version (pg_dump from one cannot be read by the other). A
 * gzip of JSON lines: a header (format, the migrations applied, the tables in load order),
 * then each table's rows as PostgreSQL's own `row_to_json`, then every stored file's bytes
 * in 1 MB base64 chunks, checked against its SHA-256 as they are read. Files are written the
 * same whether the store keeps them on disk or as chunk rows (which are therefore not a
 * table of the backup), so a backup restores into either. One repeatable-read snapshot.
 * Sessions, sign-in counters and the cookie-signing secret are left out (catalog.ts). The
 * audit trail's end line carries a checksum of its rows, which a restore verifies.
 */

export const BACKUP_FORMAT = 'sop-harbor-backup';
/** Rows fetched per round trip aim at this many bytes, so a table of large files stays bounded. */
const BATCH_BYTES = 8 * 1024 * 1024;

export interface BackupSummary {
  tables: number;
  rows: number;
  files: number;
  bytes: number;
}

/** A line writer that waits when the gzip stream is full, so memory does not grow with the data. */
function lineWriter(file: string) {
  const gzip = createGzip();
  const out = createWriteStream(file, { mode: 0o600 });
  const piped = new Promise<void>((resolve, reject) => {
    gzip.pipe(out);
    out.on('finish', resolve);
    out.on('error', reject);
    gzip.on('error', reject);
  });
  return {
    async line(text: string) {
      if (!gzip.write(`${text}\n`)) await once(gzip, 'drain');
    },
    async end() {
      gzip.end();
      await piped;
    },
    abort() {
      gzip.destroy();
      out.destroy();
    },
  };
}

/** The stored bytes of one file, from disk or from its chunk rows, in the backup's snapshot. */
async function* storedBytes(client: pg.PoolClient, fileDir: string | null | undefined, sha256: string): AsyncGenerator<Buffer> {
  if (fileDir) {
    yield* createReadStream(diskPath(fileDir, sha256), { highWaterMark: CHUNK_BYTES }) as AsyncIterable<Buffer>;
    return;
  }
  for (let seq = 0; ; seq += 1) {
    const { rows } = await client.query<{ data: Buffer }>('select data from stored_file_chunks where sha256 = $1 and seq = $2', [sha256, seq]);
    if (!rows.length) return;
    yield rows[0].data;
  }
}

export async function writeBackup(pool: pg.Pool, file: string, opts: { fileDir?: string | null } = {}): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  const writer = lineWriter(partial);
  const client = await pool.connect();
  const summary: BackupSummary = { tables: 0, rows: 0, files: 0, bytes: 0 };
  try {
    await client.query('begin isolation level repeatable read read only');
    // The chunk rows are the bytes themselves: they travel as files below.
    const tables = (await readTables(client)).filter((t) => t.name !== 'stored_file_chunks' && !SERVICE_TABLES.includes(t.name));
    const migrations = await migrationHashes(client);
    await writer.line(JSON.stringify({ format: BACKUP_FORMAT, version: 2, createdAt: new Date().toISOString(), migrations, tables }));
    for (const table of tables) {
      const columns = table.columns.map(quote).join(', ');
      const order = (table.primaryKey.length ? table.primaryKey : table.columns).map(quote).join(', ');
      await client.query(
        `declare backup_rows no scroll cursor for select row_to_json(x)::text as row from (select ${columns} from ${quote(table.name)} where ${BACKED_UP_ROWS[table.name] ?? 'true'} order by ${order}) x`,
      );
      await writer.line(JSON.stringify({ table: table.name }));
      const audit = table.name === AUDIT_TABLE ? auditChecksum() : null;
      let batch = 100;
      for (;;) {
        const { rows } = await client.query<{ row: string }>(`fetch ${batch} from backup_rows`);
        if (!rows.length) break;
        let bytes = 0;
        for (const { row } of rows) {
          bytes += row.length;
          audit?.add(JSON.parse(row));
          await writer.line(`{"row":${row}}`);
        }
        summary.rows += rows.length;
        batch = Math.max(1, Math.min(1000, Math.floor(BATCH_BYTES / Math.max(1, bytes / rows.length))));
      }
      await client.query('close backup_rows');
      await writer.line(JSON.stringify({ end: table.name, ...(audit ? { checksum: audit.digest() } : {}) }));
      summary.tables += 1;
    }

    const { rows: stored } = await client.query<{ sha256: string; size: string }>('select sha256, size::text from stored_files order by sha256');
    for (const file of stored) {
      await writer.line(JSON.stringify({ file: file.sha256 }));
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of storedBytes(client, opts.fileDir, file.sha256)) {
        hash.update(chunk);
        size += chunk.length;
        await writer.line(JSON.stringify({ chunk: chunk.toString('base64') }));
      }
      if (hash.digest('hex') !== file.sha256 || size !== Number(file.size)) {
        throw new Error(`The stored file ${file.sha256} is damaged (its bytes no longer match their SHA-256); no backup was written.`);
      }
      await writer.line(JSON.stringify({ endFile: file.sha256, size, sha256: file.sha256 }));
      summary.files += 1;
      summary.bytes += size;
    }
    await client.query('commit');
    await writer.line(JSON.stringify({ complete: true, ...summary }));
    await writer.end();
    await rename(partial, file);
    return summary;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    writer.abort();
    await rm(partial, { force: true });
    throw err;
  } finally {
    client.release();
  }
}
