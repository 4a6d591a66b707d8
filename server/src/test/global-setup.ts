import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { setAuditKey } from '../db/audit-key';
import { migrationsFolder, openDatabase } from '../db/client';
import { TEST_AUDIT_KEY } from './audit-key-setup';
import { BLANK_IMAGE_ENV, createScratchDatabase, MEMORY_IMAGE_ENV, RUN_PREFIX_ENV, runOnServer, TEMPLATE_DATABASE_ENV } from './database';

/**
 * Once per test run: migrate one in-memory database and dump it to a file the test files
 * start their own databases from (PGlite's initdb costs seconds; loading the dump does not);
 * the same database dumped before its migrations starts the upgrade tests' earlier releases.
 * With TEST_DATABASE_URL, migrate one database on that server for the test files to copy.
 * The workers inherit the variables, as they are started after this runs.
 */
export default async function setup() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return migratedTemplate(serverUrl);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sop-test-image-'));
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const blank = path.join(dir, 'blank.tar');
  await writeFile(blank, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await migrate(drizzle(client) as never, { migrationsFolder });
  const image = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await image.arrayBuffer()));
  process.env[MEMORY_IMAGE_ENV] = file;
  process.env[BLANK_IMAGE_ENV] = blank;
  return async () => {
    delete process.env[MEMORY_IMAGE_ENV];
    delete process.env[BLANK_IMAGE_ENV];
    await rm(dir, { recursive: true, force: true });
  };
}

async function migratedTemplate(serverUrl: string) {
  const prefix = `sop_run_${randomBytes(4).toString('hex')}`;
  setAuditKey(TEST_AUDIT_KEY);
  const template = await createScratchDatabase(serverUrl, `${prefix}_template`);
  const database = await openDatabase({ databaseUrl: template.url });
  await database.close();
  process.env[TEMPLATE_DATABASE_ENV] = template.name;
  process.env[RUN_PREFIX_ENV] = prefix;
  return async () => {
    delete process.env[TEMPLATE_DATABASE_ENV];
    delete process.env[RUN_PREFIX_ENV];
    const left = await runOnServer<{ datname: string }>(serverUrl, 'SELECT datname FROM pg_database WHERE datname LIKE $1', [`${prefix}\\_%`]);
    for (const { datname } of left) await runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  };
}
