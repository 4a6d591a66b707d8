import type pg from 'pg';
import { currentAuditKey } from '../../db/audit-key';
import { verifyChainWith } from '../audit/audit-chain.service';
import { migrationHashes, quote, readTables, type TableInfo } from './catalog.service';
import { RestoreRefusedError } from './restore-refusals.helper';

/**
 * What a restore checks of the database it loads into (the same schema; empty unless forced)
 * and, before it commits, of what it loaded (every stored file present, the audit trail one chain).
 */

export async function checkSameSchema(client: pg.PoolClient, tables: TableInfo[], migrations: string[]) {
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

/**
 * Tables a new database already holds a row of, made by its migrations (the master's review
 * template ships with the ISM sections): not a sign of data, and replaced by the backup's rows.
 */
const MADE_BY_MIGRATIONS = new Set(['review_template']);

export async function emptyOrRefuse(client: pg.PoolClient, tables: TableInfo[], force: boolean) {
  const filled: string[] = [];
  for (const table of tables) {
    if (MADE_BY_MIGRATIONS.has(table.name)) continue;
    const { rows } = await client.query(`select exists (select 1 from ${quote(table.name)}) as filled`);
    if (rows[0].filled) filled.push(table.name);
  }
  if (!filled.length) {
    for (const table of tables) if (MADE_BY_MIGRATIONS.has(table.name)) await client.query(`delete from ${quote(table.name)}`);
    return;
  }
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

/**
 * The events keep the hashes they were made with, so the restored trail must still form one
 * chain under this server's AUDIT_KEY: an event edited in the backup file, even with the file's
 * checksum and the chain recomputed, breaks it, since the key is in neither the file nor the database.
 */
export async function checkAuditChain(client: pg.PoolClient, name: string) {
  const key = currentAuditKey();
  const { rows } = await client.query<{ fingerprint: string | null }>('select key_fingerprint as fingerprint from audit_chain where id = 1');
  const keyedWith = rows[0]?.fingerprint;
  if (keyedWith && keyedWith !== key.fingerprint) {
    throw new RestoreRefusedError(
      `The audit trail in ${name} was chained with audit key ${keyedWith}, not this server's key ${key.fingerprint}: ` +
        'restore it with AUDIT_KEY set to the key of the installation that made it.',
    );
  }
  const chain = await verifyChainWith(client, key);
  if (!chain.intact) {
    throw new RestoreRefusedError(
      `The audit trail in ${name} does not verify: its hash chain breaks at event ${chain.firstBrokenId} under audit key ${key.fingerprint} (an event was changed or removed after it was recorded).`,
    );
  }
}

/** A stored file the records name but the backup does not carry would be lost for ever: refused. */
export async function checkEveryFileRestored(client: pg.PoolClient, restored: Set<string>, name: string) {
  const { rows } = await client.query<{ sha256: string }>('select sha256 from stored_files');
  const missing = rows.filter((row) => !restored.has(row.sha256));
  if (missing.length) {
    throw new RestoreRefusedError(
      `${name} is incomplete: it lacks the bytes of ${missing.length === 1 ? 'a stored file' : `${missing.length} stored files`} its records name (${missing[0].sha256.slice(0, 12)}…).`,
    );
  }
}
