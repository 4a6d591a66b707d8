import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';

/** Set by ./global-setup.ts: a file holding a dump of a freshly migrated in-memory database. */
export const MEMORY_IMAGE_ENV = 'SOP_TEST_MEMORY_IMAGE';

/**
 * A fresh database for one test file: in-memory PGlite by default (started from the run's
 * migrated image when there is one); with TEST_DATABASE_URL (a PostgreSQL server URL) a new
 * database is created on that server and dropped afterwards.
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: 'memory://', memoryImage: await memoryImage() });
  const scratch = await createScratchDatabase(serverUrl);
  const database = await openDatabase({ databaseUrl: scratch.url });
  return {
    ...database,
    url: scratch.url,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

async function memoryImage(): Promise<Blob | undefined> {
  const file = process.env[MEMORY_IMAGE_ENV];
  return file ? new Blob([await readFile(file)]) : undefined;
}

/** An empty database on the server at `serverUrl`: its URL, and how to drop it. */
export async function createScratchDatabase(serverUrl: string, prefix = 'sop_test') {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(statement);
    await admin.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
