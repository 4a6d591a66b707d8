/**
 * `npm run backup -- FILE` and `npm run restore -- FILE [--force]`, for the database the server
 * would open (DATABASE_URL, else DATA_DIR). With the server running on DATA_DIR they work
 * through it, the folder's owner; with it stopped they open the folder themselves.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, renewPersistedSecret } from '../config';
import { openDatabase } from '../db/client';
import { fileStoreDir } from '../files/store';
import { writeBackup } from './backup';
import { RestoreRefusedError, restoreBackup } from './restore';

const [command, file, ...flags] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !file) {
  console.error(`Usage: npm run ${command === 'restore' ? 'restore' : 'backup'} -- FILE${command === 'restore' ? ' [--force]' : ''}`);
  process.exit(2);
}
if (command === 'restore' && !existsSync(file)) {
  console.error(`No backup at ${path.resolve(file)}.`);
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, fileDir: config.fileDir, whenBusy: 'join' });
/** Where the file store keeps bytes as files (null: as rows in the database). */
const fileDir = fileStoreDir();
const where =
  database.kind === 'postgres'
    ? 'PostgreSQL'
    : `the embedded database in ${config.dataDir}${database.access === 'through-owner' ? ' (through the running server)' : ''}`;
try {
  const startedAt = performance.now();
  if (command === 'backup') {
    const summary = await writeBackup(database.pool!, path.resolve(file), { fileDir });
    console.log(
      `Backed up ${where} to ${path.resolve(file)}: ${summary.tables} tables, ${summary.rows} rows, ${summary.files} stored files ` +
        `in ${((performance.now() - startedAt) / 1000).toFixed(1)} s.`,
    );
  } else {
    const result = await restoreBackup(database.pool!, path.resolve(file), { force: flags.includes('--force'), fileDir });
    if (database.kind !== 'postgres' && !process.env.SESSION_SECRET) renewPersistedSecret(config.dataDir);
    console.log(
      `Restored ${path.resolve(file)} into ${where}: ${result.rows} rows, ${result.files} stored files in ${((performance.now() - startedAt) / 1000).toFixed(1)} s. ` +
        'Everyone is signed out; restart the server so it signs cookies with the new secret.',
    );
  }
} catch (err) {
  if (!(err instanceof RestoreRefusedError)) throw err;
  console.error(`\n  ${err.message}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
