import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../db/client';
import { MEMORY_IMAGE_ENV } from './database';

/**
 * Once per test run: migrate one in-memory database and dump it to a file the test files
 * start their own databases from (PGlite's initdb costs seconds; loading the dump does not).
 * The workers inherit the variable, as they are started after this runs.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sop-test-image-'));
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrate(drizzle(client) as never, { migrationsFolder });
  const image = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await image.arrayBuffer()));
  process.env[MEMORY_IMAGE_ENV] = file;
  return async () => {
    delete process.env[MEMORY_IMAGE_ENV];
    await rm(dir, { recursive: true, force: true });
  };
}
