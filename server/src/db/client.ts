import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { makePrivate } from '../files/private-folders';
import { configureFileStore } from '../files/store';
import { prepareAuditChain } from './audit-chain';
import { type AuditKey, currentAuditKey, setAuditKey } from './audit-key';
import { sweepFiles } from '../files/store-sweep';
import { DataFolderBusyError, findOwner, startOwner } from './embedded/owner';
import * as schema from './schema';
import { retryConflictingTransactions } from './transaction-retry';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** How this process reaches the database: its own worker, another process that owns DATA_DIR, a URL, or memory. */
  access: 'owner' | 'through-owner' | 'postgres' | 'in-process';
  /** The pg pool (every mode except in-memory PGlite), for code that speaks SQL directly. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /**
   * PostgreSQL only: the owner's URL (MIGRATION_DATABASE_URL). Migrations run through it and
   * the role of `databaseUrl` is granted reading and writing rows only: a role that owns no
   * table cannot disable the audit trail's triggers, truncate it or replicate past them.
   */
  migrationUrl?: string;
  /** A data folder for embedded PGlite, or 'memory://' for an in-process one (tests). */
  dataDir?: string;
  /** Where the file store keeps bytes as files (FILE_DIR); see configureFileStore. */
  fileDir?: string;
  /**
   * When another process owns dataDir: 'refuse' (the server: never two servers on one folder)
   * throws DataFolderBusyError; 'join' (seeds, backup) works through that owner's socket.
   */
  whenBusy?: 'refuse' | 'join';
  /**
   * Embedded database on disk: 'app' (default) works as a role that owns nothing and cannot
   * touch the audit guard; 'owner' keeps the superuser, for a restore with no server running.
   * Joining a running server always gets the app role.
   */
  role?: 'app' | 'owner';
  /**
   * 'memory://' only: a dump of an already migrated database to start from. Tests make one per
   * run, so each test file skips PGlite's initdb (seconds) and only checks the migrations.
   */
  memoryImage?: Blob;
  /**
   * AUDIT_KEY (config.auditKey): from then on this process appends and verifies with it. Left
   * out, the key set before is used (tests set a fixed one). After the migrations, the trail is
   * checked against it, and re-keyed once if it was recorded before keys (prepareAuditChain).
   */
  auditKey?: string;
}

/** Where the configuration (DATABASE_URL, MIGRATION_URL, DATA_DIR, FILE_DIR, AUDIT_KEY) puts the database. */
export interface DatabaseSettings {
  databaseUrl?: string;
  migrationUrl?: string;
  dataDir: string;
  fileDir?: string;
  auditKey: string;
}

/**
 * The database the configuration names, opened by a process beside the server (a seed, a CLI, a
 * bench) unless `whenBusy` says otherwise: it joins a running server's embedded database.
 * `asOwner` connects to PostgreSQL with MIGRATION_URL where set (a restore empties the audit
 * trail, which the app's role may not).
 */
export function openConfiguredDatabase(
  settings: DatabaseSettings,
  opts: { asOwner?: boolean } & Pick<OpenOptions, 'whenBusy' | 'role' | 'migrationUrl'> = {},
): Promise<Database> {
  const { asOwner, ...rest } = opts;
  return openDatabase({
    databaseUrl: asOwner ? (settings.migrationUrl ?? settings.databaseUrl) : settings.databaseUrl,
    dataDir: settings.dataDir,
    fileDir: settings.fileDir,
    whenBusy: 'join',
    auditKey: settings.auditKey,
    ...rest,
  });
}

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/** Files on a directory shared by several instances: one may be mid-write while another starts. */
const SHARED_DIR_GRACE_MS = 60 * 60 * 1000;

/**
 * PostgreSQL when a URL is given, else embedded PGlite. On disk, PGlite runs in a worker
 * thread that owns the data folder and serves the PostgreSQL wire protocol on a unix socket,
 * so both modes use the same `pg` pool here and no query runs on the caller's thread.
 * The same migrations run at open, then the file store is set up: bytes under fileDir when
 * given; else DATA_DIR/files for the embedded database (a throwaway folder for an in-memory
 * one) and database rows with PostgreSQL.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const key = opts.auditKey ? setAuditKey(opts.auditKey) : currentAuditKey();
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const database = await (async () => {
      if (opts.migrationUrl) await migrateAsOwner(opts.migrationUrl, pool, key);
      return withPool(pool, 'postgres', 'postgres', () => pool.end(), opts.migrationUrl ? undefined : key);
    })().catch(async (err: unknown) => {
      await pool.end();
      throw err;
    });
    await configureFileStore({ dir: opts.fileDir ?? null });
    await sweepFiles(database.db, { graceMs: SHARED_DIR_GRACE_MS });
    return database;
  }
  const dataDir = opts.dataDir ?? 'memory://';
  if (dataDir === 'memory://') {
    const client = await PGlite.create({ extensions: { pg_trgm }, loadDataDir: opts.memoryImage });
    const db = retryConflictingTransactions(drizzlePglite(client, { schema }) as unknown as Db);
    await migratePglite(db as never, { migrationsFolder });
    await prepareAuditChain(db, key).catch(async (err: unknown) => {
      await client.close();
      throw err;
    });
    const scratch = opts.fileDir ? undefined : await mkdtemp(path.join(os.tmpdir(), 'sop-harbor-files-'));
    await configureFileStore({ dir: opts.fileDir ?? scratch! });
    await sweepFiles(db, { graceMs: 0 });
    return {
      db,
      kind: 'pglite',
      access: 'in-process',
      async close() {
        await client.close();
        if (scratch) await rm(scratch, { recursive: true, force: true });
      },
    };
  }

  const resolved = path.resolve(dataDir);
  const running = await findOwner(resolved);
  if (running && opts.whenBusy !== 'join') throw new DataFolderBusyError(resolved, running);
  const owner = running ? undefined : await startOwner(resolved, { role: opts.role, auditKey: key.secret });
  // PGlite writes the files of a new database from its template as 0666, whatever the umask.
  if (owner) await makePrivate([resolved]);
  const pool = embeddedPool(running?.socketPath ?? owner!.socketPath);
  const stop = async () => {
    await pool.end();
    await owner?.stop();
  };
  try {
    // The owner's worker has migrated before it served the socket.
    const database = await withPool(pool, 'pglite', owner ? 'owner' : 'through-owner', stop);
    await configureFileStore({ dir: opts.fileDir ?? path.join(resolved, 'files') });
    // Beside a running owner, a file it is writing right now must not look abandoned.
    await sweepFiles(database.db, { graceMs: owner ? 0 : SHARED_DIR_GRACE_MS });
    return database;
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * PGlite runs one statement at a time whatever the pool size; a few connections let the next
 * query's messages wait at the owner instead of a round trip behind the pool. A transaction
 * holds its connection and the owner serves only that connection until it ends.
 */
function embeddedPool(socketPath: string): pg.Pool {
  return new pg.Pool({ host: path.dirname(socketPath), port: 5432, user: 'postgres', database: 'postgres', max: 4 });
}

/** `migrateWith`: migrate and prepare the audit chain through this pool (it is the owner's). */
async function withPool(
  pool: pg.Pool,
  kind: Database['kind'],
  access: Database['access'],
  close: () => Promise<void>,
  migrateWith?: AuditKey,
): Promise<Database> {
  // An idle connection the server ends (a restart, a dropped database) must not take the
  // process down: the pool replaces it on the next query; say so once in the log.
  pool.on('error', (err) => console.warn(`database connection closed by the server: ${err.message}`));
  const db = retryConflictingTransactions(drizzlePg(pool, { schema }) as unknown as Db);
  if (migrateWith) {
    await migratePg(db as never, { migrationsFolder });
    await prepareAuditChain(db, migrateWith);
  }
  return { db, kind, access, pool, close };
}

/**
 * Migrations as the owner, then the app's role (whoever `appPool` signs in as) may read and
 * write rows and use the sequences, nothing more: no TRUNCATE, no ALTER, no trigger. Granted
 * again at every start, so tables a migration adds are covered.
 */
async function migrateAsOwner(migrationUrl: string, appPool: pg.Pool, key: AuditKey) {
  const owner = new pg.Pool({ connectionString: migrationUrl, max: 1 });
  try {
    const ownerDb = drizzlePg(owner, { schema }) as unknown as Db;
    await migratePg(ownerDb as never, { migrationsFolder });
    await prepareAuditChain(ownerDb, key);
    const { rows } = await appPool.query<{ role: string }>('select current_user as role');
    const role = `"${rows[0].role.replaceAll('"', '""')}"`;
    const { rows: ownerRows } = await owner.query<{ role: string }>('select current_user as role');
    if (ownerRows[0].role === rows[0].role) return;
    await owner.query(`grant usage on schema public, drizzle to ${role}`);
    await owner.query(`grant select, insert, update, delete on all tables in schema public to ${role}`);
    await owner.query(`grant usage, select on all sequences in schema public to ${role}`);
    await owner.query(`grant select on all tables in schema drizzle to ${role}`);
  } finally {
    await owner.end();
  }
}
