import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type pg from 'pg';
import { CHUNK_BYTES, diskPath } from '../files/store';
import { verifyChainWith } from '../features/audit/audit-chain.service';
import { BACKUP_FORMAT } from './backup';
import { AUDIT_TABLE, auditChecksum, migrationHashes, quote, readTables, SERVICE_TABLES, SESSION_SECRET, type TableInfo } from './catalog';

/**
 * `npm run restore -- FILE [--force]`: loads a backup made by writeBackup into this database
 * (migrated to the same schema) in one transaction, and its stored files into the file
 * store this database uses (files under fileDir, or chunk rows), each checked against its
 * SHA-256. A database that already holds rows is refused
 * unless `force`, which empties every table first. Nothing is kept of a failed restore.
 * A restore signs everyone out and starts with a new cookie-signing secret, whatever the
 * backup holds (older backups carried both).
 */

export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

const BATCH_BYTES = 8 * 1024 * 1024;

type Line =
  | { format: string; version: number; migrations: string[]; tables: TableInfo[] }
  | { table: string }
  | { row: Record<string, unknown> }
  | { end: string; checksum?: string }
  | { file: string }
  | { chunk: string }
  | { endFile: string; size: number; sha256: string }
  | { complete: true; rows: number; files: number };

export async function restoreBackup(
  pool: pg.Pool,
  file: string,
  opts: { force?: boolean; fileDir?: string | null } = {},
): Promise<{ rows: number; files: number }> {
  // Stored files wait here until the database has committed, so a failed restore leaves the
  // store as it was; they are moved in place after.
  const staging = opts.fileDir ? path.join(opts.fileDir, 'tmp', `restore-${randomBytes(8).toString('hex')}`) : null;
  try {
    const result = await restoreInTransaction(pool, file, opts.force ?? false, staging);
    for (const sha256 of result.staged) {
      const target = diskPath(opts.fileDir!, sha256);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(path.join(staging!, sha256), target);
    }
    return { rows: result.rows, files: result.files };
  } catch (err) {
    throw asRefusal(err, path.basename(file));
  } finally {
    if (staging) await rm(staging, { recursive: true, force: true });
  }
}

async function restoreInTransaction(pool: pg.Pool, file: string, force: boolean, staging: string | null) {
  const name = path.basename(file);
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const next = async (): Promise<Line> => {
    const { value, done } = await lines.next();
    if (done) throw new RestoreRefusedError(`${name} ends early: the backup is incomplete.`);
    return JSON.parse(value) as Line;
  };

  const header = await next().catch((err: unknown) => {
    if ((err as { code?: string }).code?.startsWith('Z_')) throw err;
    return null;
  });
  if (!header || !('format' in header) || header.format !== BACKUP_FORMAT || !Array.isArray(header.tables)) {
    throw new RestoreRefusedError(`${name} is not an SOP Harbor backup.`);
  }
  const client = await pool.connect();
  try {
    await client.query('begin');
    await checkSameSchema(client, header.tables, header.migrations);
    await emptyOrRefuse(client, header.tables, force);

    const tables = new Map(header.tables.map((t) => [t.name, t]));
    const deferred: { table: TableInfo; rows: Record<string, unknown>[] }[] = [];
    const restored = new Set<string>();
    for (;;) {
      const line = await next();
      if ('complete' in line) break;
      if ('table' in line) {
        const table = tables.get(line.table);
        if (!table) throw new RestoreRefusedError(`${name} is damaged: it holds rows of a table its header does not name.`);
        const later = await loadRows(client, table, next);
        if (later.length) deferred.push({ table, rows: later });
      } else if ('file' in line) {
        await restoreFile(client, staging, line.file, next);
        restored.add(line.file);
      } else {
        throw new RestoreRefusedError(`${name} is damaged: unexpected ${Object.keys(line)[0]} line.`);
      }
    }
    await checkEveryFileRestored(client, restored, name);
    for (const { table, rows } of deferred) await fillDeferred(client, table, rows);
    await checkAuditChain(client, name);
    for (const table of header.tables) {
      for (const column of table.identity) {
        await client.query(`select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${quote(column)}) from ${quote(table.name)}), 0) + 1, false)`, [
          quote(table.name),
          column,
        ]);
      }
    }
    await signEveryoneOut(client);
    const { rows: counted } = await client.query<{ n: string }>(
      `select (${header.tables.map((t) => `(select count(*) from ${quote(t.name)})`).join(' + ') || '0'})::text as n`,
    );
    await client.query('commit');
    return { rows: Number(counted[0].n), files: restored.size, staged: staging ? [...restored] : [] };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
    lines.return?.();
  }
}

/**
 * The events keep the hashes they were made with (the insert trigger leaves a given hash
 * alone), so the restored trail must still form one chain: an event edited in the backup file,
 * even with the file's checksum recomputed, breaks it.
 */
async function checkAuditChain(client: pg.PoolClient, name: string) {
  const chain = await verifyChainWith(client);
  if (!chain.intact) {
    throw new RestoreRefusedError(
      `The audit trail in ${name} does not verify: its hash chain breaks at event ${chain.firstBrokenId} (an event was changed or removed after it was recorded).`,
    );
  }
}

/** A stored file the records name but the backup does not carry would be lost for ever: refused. */
async function checkEveryFileRestored(client: pg.PoolClient, restored: Set<string>, name: string) {
  const { rows } = await client.query<{ sha256: string }>('select sha256 from stored_files');
  const missing = rows.filter((row) => !restored.has(row.sha256));
  if (missing.length) {
    throw new RestoreRefusedError(
      `${name} is incomplete: it lacks the bytes of ${missing.length === 1 ? 'a stored file' : `${missing.length} stored files`} its records name (${missing[0].sha256.slice(0, 12)}…).`,
    );
  }
}

/**
 * What went wrong, in one sentence an operator can act on, for the ways a backup file is
 * damaged: cut short, not gzip, not JSON, or rows this database refuses. Anything else (a
 * disk error, say) keeps its own message.
 */
function asRefusal(err: unknown, name: string): unknown {
  if (err instanceof RestoreRefusedError || !(err instanceof Error)) return err;
  const code = (err as { code?: unknown }).code;
  if (code === 'Z_BUF_ERROR') return new RestoreRefusedError(`${name} is cut short: the backup is incomplete.`);
  if (typeof code === 'string' && code.startsWith('Z_'))
    return new RestoreRefusedError(`${name} is not an SOP Harbor backup (it is not a complete gzip file).`);
  if (err instanceof SyntaxError) return new RestoreRefusedError(`${name} is damaged: one of its lines is not valid JSON.`);
  // A row the database refuses (pg errors carry a five-character SQLSTATE).
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
    return new RestoreRefusedError(`${name} is damaged: this database refuses its rows (${err.message.replace(/\s+/g, ' ').slice(0, 200)}).`);
  }
  return err;
}

async function signEveryoneOut(client: pg.PoolClient) {
  for (const table of SERVICE_TABLES) await client.query(`delete from ${quote(table)}`);
  await client.query('delete from app_settings where key = $1', [SESSION_SECRET]);
  await client.query('insert into app_settings (key, value) values ($1, $2)', [SESSION_SECRET, JSON.stringify(randomBytes(48).toString('base64url'))]);
}

async function checkSameSchema(client: pg.PoolClient, tables: TableInfo[], migrations: string[]) {
  const here = await migrationHashes(client);
  if (here.join() !== migrations.join()) {
    throw new RestoreRefusedError(
      `This backup was made with a different database version (${migrations.length} migrations; this one has ${here.length}). ` +
        'Restore it with the SOP Harbor version that made it, then upgrade.',
    );
  }
  const target = new Map((await readTables(client)).map((t) => [t.name, t.columns.join()]));
  for (const table of tables) {
    if (target.get(table.name) !== table.columns.join()) throw new RestoreRefusedError(`Table ${table.name} differs between the backup and this database.`);
  }
}

async function emptyOrRefuse(client: pg.PoolClient, tables: TableInfo[], force: boolean) {
  const filled: string[] = [];
  for (const table of tables) {
    const { rows } = await client.query(`select exists (select 1 from ${quote(table.name)}) as filled`);
    if (rows[0].filled) filled.push(table.name);
  }
  if (!filled.length) return;
  if (!force) {
    throw new RestoreRefusedError(
      `The database is not empty (${filled.join(', ')} hold rows). Restore into an empty database (a new DATA_DIR or a new PostgreSQL database), ` +
        'or add --force to replace everything in it.',
    );
  }
  // The audit trail refuses TRUNCATE to every other caller; a forced restore replaces the
  // whole database on purpose, so its guard is lifted inside this transaction only.
  const audit = tables.some((t) => t.name === 'audit_events');
  if (audit) await client.query('alter table audit_events disable trigger audit_events_no_truncate');
  await client.query(`truncate ${tables.map((t) => quote(t.name)).join(', ')} restart identity cascade`);
  if (audit) await client.query('alter table audit_events enable trigger audit_events_no_truncate');
}

/** Inserts one table's rows in bounded batches; answers the rows whose deferred references are filled in later. */
async function loadRows(client: pg.PoolClient, table: TableInfo, next: () => Promise<Line>): Promise<Record<string, unknown>[]> {
  const audit = table.name === AUDIT_TABLE ? auditChecksum() : null;
  const select = table.columns.map((c) => (table.deferred.includes(c) ? 'null' : quote(c))).join(', ');
  const insert =
    `insert into ${quote(table.name)} (${table.columns.map(quote).join(', ')}) ${table.identity.length ? 'overriding system value ' : ''}` +
    `select ${select} from json_populate_recordset(null::${quote(table.name)}, $1::json)`;
  const later: Record<string, unknown>[] = [];
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length) await client.query(insert, [`[${batch.join(',')}]`]);
    batch = [];
    bytes = 0;
  };
  for (;;) {
    const line = await next();
    if ('end' in line) {
      if (audit && line.checksum !== audit.digest()) {
        throw new RestoreRefusedError('The audit trail in the backup does not verify: events were changed, added or removed after it was made.');
      }
      break;
    }
    if (!('row' in line)) throw new RestoreRefusedError(`The rows of ${table.name} are damaged in the backup.`);
    audit?.add(line.row);
    const text = JSON.stringify(line.row);
    batch.push(text);
    bytes += text.length;
    if (table.deferred.some((c) => line.row[c] != null)) {
      later.push(Object.fromEntries([...table.primaryKey, ...table.deferred].map((c) => [c, line.row[c]])));
    }
    if (bytes >= BATCH_BYTES || batch.length >= 1000) await flush();
  }
  await flush();
  return later;
}

async function fillDeferred(client: pg.PoolClient, table: TableInfo, rows: Record<string, unknown>[]) {
  const set = table.deferred.map((c) => `${quote(c)} = v.${quote(c)}`).join(', ');
  const match = table.primaryKey.map((c) => `t.${quote(c)} = v.${quote(c)}`).join(' and ');
  for (let i = 0; i < rows.length; i += 1000) {
    await client.query(`update ${quote(table.name)} t set ${set} from json_populate_recordset(null::${quote(table.name)}, $1::json) v where ${match}`, [
      JSON.stringify(rows.slice(i, i + 1000)),
    ]);
  }
}

/**
 * One stored file into the store this database uses: written to the staging folder (moved
 * in place once the database has committed), or as chunk rows in the restoring transaction;
 * either way checked for size and SHA-256 before it counts.
 */
async function restoreFile(client: pg.PoolClient, staging: string | null, sha256: string, next: () => Promise<Line>): Promise<void> {
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
