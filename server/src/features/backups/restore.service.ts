import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { diskPath } from '../../files/store';
import { BACKUP_FORMAT } from './backup.service';
import { quote, SERVICE_TABLES, SESSION_SECRET, type TableInfo } from './catalog.service';
import { checkAuditChain, checkEveryFileRestored, checkSameSchema, emptyOrRefuse } from './restore-checks.service';
import { restoreFile } from './restore-files.service';
import { openBackupLines } from './restore-lines.service';
import { asRefusal, RestoreRefusedError } from './restore-refusals.helper';
import { fillDeferred, loadRows } from './restore-rows.service';

/**
 * `npm run restore -- FILE [--force]`: loads a backup made by writeBackup into this database
 * (migrated to the same schema) in one transaction, and its stored files into the file
 * store this database uses (files under fileDir, or chunk rows), each checked against its
 * SHA-256. A database that already holds rows is refused
 * unless `force`, which empties every table first. Nothing is kept of a failed restore.
 * A restore signs everyone out and starts with a new cookie-signing secret, whatever the
 * backup holds (older backups carried both).
 * The steps live beside this file: restore-lines (reading the file), restore-checks (before
 * and after loading), restore-rows and restore-files (loading), restore-refusals (what an
 * operator is told).
 */

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
  const lines = openBackupLines(file);
  const { next } = lines;

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
    lines.close();
  }
}

async function signEveryoneOut(client: pg.PoolClient) {
  for (const table of SERVICE_TABLES) await client.query(`delete from ${quote(table)}`);
  await client.query('delete from app_settings where key = $1', [SESSION_SECRET]);
  await client.query('insert into app_settings (key, value) values ($1, $2)', [SESSION_SECRET, JSON.stringify(randomBytes(48).toString('base64url'))]);
}
