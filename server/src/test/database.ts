import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';

/** Set by ./global-setup.ts: a file holding a dump of a freshly migrated in-memory database. */
export const MEMORY_IMAGE_ENV = 'SOP_TEST_MEMORY_IMAGE';
/**
 * Set by ./global-setup.ts: a file holding a dump of a new, empty in-memory database, for the
 * upgrade tests' earlier releases (an initdb costs seconds; loading the dump does not).
 */
export const BLANK_IMAGE_ENV = 'SOP_TEST_BLANK_IMAGE';
/** Set by ./global-setup.ts with TEST_DATABASE_URL: a migrated database on that server to copy. */
export const TEMPLATE_DATABASE_ENV = 'SOP_TEST_TEMPLATE_DATABASE';
/** Set by ./global-setup.ts with TEST_DATABASE_URL: the prefix of this run's databases, dropped at its end. */
export const RUN_PREFIX_ENV = 'SOP_TEST_RUN_PREFIX';

/**
 * A fresh database for one test file: in-memory PGlite by default (started from the run's
 * migrated image when there is one); with TEST_DATABASE_URL (a PostgreSQL server URL) a new
 * database is created on that server as a copy of the run's migrated template (a copy takes a
 * fraction of a second, the migrations over a second). The run's end drops them all at once:
 * each drop waits for a checkpoint, and a test file should not.
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: 'memory://', memoryImage: await memoryImage() });
  const runPrefix = process.env[RUN_PREFIX_ENV];
  const scratch = await createScratchDatabase(serverUrl, runPrefix ?? 'sop_test', process.env[TEMPLATE_DATABASE_ENV]);
  const database = await openDatabase({ databaseUrl: scratch.url });
  return {
    ...database,
    url: scratch.url,
    async close() {
      await database.close();
      if (!runPrefix) await scratch.drop();
    },
  };
}

async function memoryImage(): Promise<Blob | undefined> {
  return imageIn(MEMORY_IMAGE_ENV);
}

/** The dump a variable of ./global-setup.ts names, if the run made one. */
export async function imageIn(variable: typeof MEMORY_IMAGE_ENV | typeof BLANK_IMAGE_ENV): Promise<Blob | undefined> {
  const file = process.env[variable];
  return file ? new Blob([await readFile(file)]) : undefined;
}

/** Runs one statement on the server at `serverUrl` on a connection of its own. */
export async function runOnServer<Row extends object = object>(serverUrl: string, statement: string, values?: unknown[]) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return (await admin.query<Row>(statement, values)).rows;
  } finally {
    await admin.end();
  }
}

/** A new database on the server at `serverUrl` (empty, or a copy of `template`): its URL, and how to drop it. */
export async function createScratchDatabase(serverUrl: string, prefix = 'sop_test', template?: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined) };
}
