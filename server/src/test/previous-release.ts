import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type Database, type Db, type OpenOptions, openDatabase } from '../db/client';
import { BLANK_IMAGE_ENV, createScratchDatabase, imageIn } from './database';

const migrations = path.resolve(import.meta.dirname, '../db/migrations');

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface PreviousRelease {
  query: Query;
  /** The first row of a query, for `insert ... returning id`. */
  one(text: string, params?: unknown[]): Promise<{ id: number }>;
  close(): Promise<void>;
  /** How to open the same database with openDatabase, which runs the newer migrations. */
  reopen: Pick<OpenOptions, 'databaseUrl' | 'dataDir'>;
  /** Drops the scratch database on PostgreSQL (a no-op for PGlite, whose folder is under `work`). */
  drop(): Promise<void>;
}

/** A migrations folder holding migrations 0..lastIdx only, as that release shipped them. */
async function migrationsUpTo(work: string, lastIdx: number): Promise<string> {
  const folder = path.join(work, `migrations-${lastIdx}`);
  await mkdir(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(await readFile(path.join(migrations, 'meta/_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= lastIdx);
  for (const entry of journal.entries) await cp(path.join(migrations, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  return folder;
}

/**
 * A database built by an earlier release (migrations up to `lastIdx`), for a test to fill
 * with that release's rows before opening it as today's server does: on disk under `work`
 * with PGlite, or a scratch database with TEST_DATABASE_URL.
 */
export async function openPreviousRelease(work: string, lastIdx: number): Promise<PreviousRelease> {
  const folder = await migrationsUpTo(work, lastIdx);
  const serverUrl = process.env.TEST_DATABASE_URL;
  let query: Query;
  let close: () => Promise<void>;
  let reopen: PreviousRelease['reopen'];
  let drop = async () => {};
  if (!serverUrl) {
    await mkdir(path.join(work, 'data'), { recursive: true });
    // pg_trgm as the server loads it: migrations from 0008 on create the extension.
    const client = await PGlite.create(path.join(work, 'data', 'pglite'), { extensions: { pg_trgm }, loadDataDir: await imageIn(BLANK_IMAGE_ENV) });
    await migratePglite(drizzlePglite(client) as never, { migrationsFolder: folder });
    query = (text, params) => client.query(text, params);
    close = () => client.close();
    reopen = { dataDir: path.join(work, 'data') };
  } else {
    const scratch = await createScratchDatabase(serverUrl, 'sop_upgrade');
    const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
    await migratePg(drizzlePg(pool) as never, { migrationsFolder: folder });
    query = (text, params) => pool.query(text, params as unknown[]);
    close = () => pool.end();
    reopen = { databaseUrl: scratch.url };
    drop = scratch.drop;
  }
  const one = async (text: string, params: unknown[] = []) => (await query(text, params)).rows[0] as { id: number };
  return { query, one, close, reopen, drop };
}

/**
 * The frame of an upgrade test file. Before its tests: a database of the release with
 * migrations up to `lastIdx` (in a temporary folder), filled by `fill` with that release's
 * rows, closed, then opened the way the server opens it (the newer migrations, then the file
 * store's start-up step). After them: closed, dropped and removed. Read `upgraded.db` in tests.
 */
export function upgradedFrom(lastIdx: number, fill: (old: PreviousRelease) => Promise<void>): { readonly db: Db } {
  let work: string | undefined;
  let previous: PreviousRelease | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), `sop-upgrade-${lastIdx}-`));
    const old = (previous = await openPreviousRelease(work, lastIdx));
    await fill(old);
    await old.close();
    database = await openDatabase(old.reopen);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await previous?.drop();
    if (work) await rm(work, { recursive: true, force: true });
  });
  return {
    get db() {
      if (!database) throw new Error('the upgraded database is open only while the tests run');
      return database.db;
    },
  };
}

/**
 * A file as the release before stored it for a version: its bytes in the database, then one
 * attachment per copy (two copies: two attachments of one stored file). Answers its SHA-256.
 */
export async function storeOldFile(
  old: PreviousRelease,
  versionId: number,
  file: { name: string; mimeType: string; data: Buffer },
  copies = 1,
): Promise<string> {
  const hash = createHash('sha256').update(file.data).digest('hex');
  await old.query(`insert into stored_files (sha256, size) values ($1, $2)`, [hash, file.data.length]);
  await old.query(`insert into stored_file_chunks (sha256, seq, data) values ($1, 0, $2)`, [hash, file.data]);
  for (let copy = 1; copy <= copies; copy += 1)
    await old.query(`insert into attachments (version_id, filename, original_name, mime_type, size, sha256) values ($1, $2, $3, $4, $5, $6)`, [
      versionId,
      `${hash.slice(0, 12)}-${copy}.bin`,
      file.name,
      file.mimeType,
      file.data.length,
      hash,
    ]);
  return hash;
}
