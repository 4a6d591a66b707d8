import { createHash } from 'node:crypto';
import type pg from 'pg';
import { SESSION_SECRET } from '../settings/settings.service';

export { SESSION_SECRET };

/**
 * What a backup needs to know about the tables, read from the database's own catalog rather
 * than from our schema files, so a table added by any migration is covered without listing it.
 */

export interface TableInfo {
  name: string;
  /** Columns written by a restore: every column except generated ones (the database recomputes those). */
  columns: string[];
  primaryKey: string[];
  /** Identity columns, whose sequences continue after the highest restored value. */
  identity: string[];
  /**
   * Foreign-key columns inserted empty and filled in after every table is loaded: references
   * to the same table (a department's parent) and the one edge of each cycle (an SOP's latest
   * version, whose version points back at the SOP).
   */
  deferred: string[];
}

type Queryable = Pick<pg.ClientBase, 'query'>;

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * What a backup leaves out, because a backup file in the wrong hands must not sign anyone
 * in: who is signed in now (`session`), the sign-in counters (`auth_throttle`), the passkey
 * challenges waiting to be signed (`signature_challenges`) and the cookie-signing secret. A
 * restore empties the first three and makes a new secret.
 */
export const SERVICE_TABLES = ['session', 'auth_throttle', 'signature_challenges'];
/**
 * A SHA-256 over the audit trail's rows in order, each as JavaScript writes its JSON (so the
 * backup and the restore hash the same text whatever the database's own spacing). A restore
 * refuses a trail whose rows no longer give the checksum written at backup time: an event
 * edited, added or removed by hand. It catches careless or casual edits; it is not a
 * signature (whoever edits the file can recompute it).
 */
export const AUDIT_TABLE = 'audit_events';
export function auditChecksum() {
  const hash = createHash('sha256');
  return {
    add(row: unknown) {
      hash.update(`${JSON.stringify(row)}\n`);
    },
    digest: () => hash.digest('hex'),
  };
}

/** The condition a table's backed-up rows meet (all rows where none is given). */
export const BACKED_UP_ROWS: Record<string, string> = { app_settings: `key <> '${SESSION_SECRET}'` };

export async function migrationHashes(db: Queryable): Promise<string[]> {
  const exists = await db.query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!exists.rows[0].present) return [];
  const rows = await db.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations order by id');
  return rows.rows.map((r) => r.hash);
}

/**
 * Every table of the public schema, parents before children, except `data_version`: a
 * counter the database keeps for caches (one row made by its migration), not data; the
 * restore's own writes move it on. And except `attestation_tallies` and `sop_search_files`:
 * their triggers rebuild them as the restore writes the attestations, versions, attachments
 * and file texts (a TRUNCATE ... CASCADE of sop_versions or sops empties them).
 */
export async function readTables(db: Queryable): Promise<TableInfo[]> {
  const columns = await db.query<{ table: string; column: string; generated: string; identity: string; notnull: boolean }>(`
    select c.relname as table, a.attname as column, a.attgenerated::text as generated, a.attidentity::text as identity, a.attnotnull as notnull
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = 'public' and c.relkind = 'r' and c.relname not in ('data_version', 'attestation_tallies', 'sop_search_files')
    order by c.relname, a.attnum`);
  const keys = await db.query<{ table: string; column: string }>(`
    select c.relname as table, a.attname as column
    from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
    where n.nspname = 'public' and i.indisprimary
    order by c.relname, array_position(i.indkey::int2[], a.attnum)`);
  const references = await db.query<{ child: string; parent: string; column: string }>(`
    select child.relname as child, parent.relname as parent, a.attname as column
    from pg_constraint k
    join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
    join pg_namespace n on n.oid = child.relnamespace
    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
    where k.contype = 'f' and n.nspname = 'public'`);

  const tables = new Map<string, TableInfo & { nullable: Set<string> }>();
  for (const c of columns.rows) {
    const table = tables.get(c.table) ?? { name: c.table, columns: [], primaryKey: [], identity: [], deferred: [], nullable: new Set<string>() };
    tables.set(c.table, table);
    if (c.generated === '' || c.generated === '\0') table.columns.push(c.column);
    if (c.identity === 'a' || c.identity === 'd') table.identity.push(c.column);
    if (!c.notnull) table.nullable.add(c.column);
  }
  for (const k of keys.rows) tables.get(k.table)?.primaryKey.push(k.column);

  // Kahn's order on "parent before child". When only cycles remain, the next table is one
  // whose references to tables not yet placed can all be empty: those are deferred.
  const placed: string[] = [];
  const remaining = new Set(tables.keys());
  const waitingOn = (name: string) => references.rows.filter((r) => r.child === name && r.parent !== name && remaining.has(r.parent));
  while (remaining.size) {
    const candidates = [...remaining].sort();
    const next =
      candidates.find((name) => waitingOn(name).length === 0) ??
      candidates.find((name) => waitingOn(name).every((r) => tables.get(name)!.nullable.has(r.column)));
    if (!next) throw new Error(`Cannot order tables ${candidates.join(', ')}: their references form a cycle of required columns`);
    const table = tables.get(next)!;
    const deferred = [...waitingOn(next), ...references.rows.filter((r) => r.child === next && r.parent === next)];
    for (const r of deferred) {
      if (!table.nullable.has(r.column)) throw new Error(`Cannot restore ${next}.${r.column}: it refers to its own table and cannot be empty`);
      if (!table.deferred.includes(r.column)) table.deferred.push(r.column);
    }
    remaining.delete(next);
    placed.push(next);
  }
  return placed.map((name) => {
    const { nullable: _nullable, ...info } = tables.get(name)!;
    return info;
  });
}
