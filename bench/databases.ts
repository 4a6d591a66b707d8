/** The database a bench pass measures: filled before the server starts (the server is its only user while it runs). */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../server/src/db/client';
import { sweepFiles } from '../server/src/files/store-sweep';

export type DatabaseKind = 'embedded' | 'postgres';

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The audit key of every database a bench fills and every server it starts (they inherit the
 * environment): a server refuses a trail chained under another key.
 */
export const BENCH_AUDIT_KEY = (process.env.AUDIT_KEY ??= 'a-fixed-audit-key-for-the-benchmarks-only-0123');

async function withClient(url: string, work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/**
 * An embedded database in `workDir/data`, or a fresh PostgreSQL database on BENCH_POSTGRES_URL
 * (local only; dropped by a clean-up it registers), filled by `fill` (which answers the
 * milliseconds it took). Answers the server's environment for it and that time.
 */
export async function filledDatabase(
  kind: DatabaseKind,
  workDir: string,
  cleanups: (() => Promise<unknown>)[],
  fill: (db: Database['db']) => Promise<number>,
): Promise<{ env: { DATA_DIR: string; DATABASE_URL?: string }; ms: number }> {
  const dataDir = path.join(workDir, 'data');
  mkdirSync(dataDir);
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const url = new URL(POSTGRES_URL);
    if (!['127.0.0.1', 'localhost'].includes(url.hostname)) throw new Error('The bench only talks to 127.0.0.1: set BENCH_POSTGRES_URL to a local server');
    const name = `sop_bench_${randomBytes(4).toString('hex')}`;
    await withClient(POSTGRES_URL, (c) => c.query(`CREATE DATABASE ${name}`));
    cleanups.push(() => withClient(POSTGRES_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const database = await openDatabase(databaseUrl ? { databaseUrl, auditKey: BENCH_AUDIT_KEY } : { dataDir, auditKey: BENCH_AUDIT_KEY });
  try {
    const ms = await fill(database.db);
    // The generator writes file bytes into the database, as an earlier release kept them; an
    // embedded server moves them to disk when it opens, one file at a time. Moved here, that
    // one-time work is not taken for the server's start (16,667 files at 50,000 SOPs kept the
    // server from answering for minutes).
    const moving = performance.now();
    const { moved } = await sweepFiles(database.db, { graceMs: 0 });
    if (moved > 0) console.log(`${kind}: ${moved.toLocaleString('en')} generated files moved to disk in ${((performance.now() - moving) / 1000).toFixed(0)} s`);
    return { env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl }, ms };
  } finally {
    await database.close();
  }
}
