import type pg from 'pg';
import { AUDIT_TABLE, auditChecksum, quote, type TableInfo } from './catalog.service';
import type { NextLine } from './restore-lines.service';
import { RestoreRefusedError } from './restore-refusals.helper';

/** Rows sent per insert aim at this many bytes (or 1,000 rows), so a table of large rows stays bounded. */
const BATCH_BYTES = 8 * 1024 * 1024;

/** Inserts one table's rows in bounded batches; answers the rows whose deferred references are filled in later. */
export async function loadRows(client: pg.PoolClient, table: TableInfo, next: NextLine): Promise<Record<string, unknown>[]> {
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

/** The references `loadRows` left empty, filled in once every table is loaded (1,000 rows per update). */
export async function fillDeferred(client: pg.PoolClient, table: TableInfo, rows: Record<string, unknown>[]) {
  const set = table.deferred.map((c) => `${quote(c)} = v.${quote(c)}`).join(', ');
  const match = table.primaryKey.map((c) => `t.${quote(c)} = v.${quote(c)}`).join(' and ');
  for (let i = 0; i < rows.length; i += 1000) {
    await client.query(`update ${quote(table.name)} t set ${set} from json_populate_recordset(null::${quote(table.name)}, $1::json) v where ${match}`, [
      JSON.stringify(rows.slice(i, i + 1000)),
    ]);
  }
}
