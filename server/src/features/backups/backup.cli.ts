/**
 * `npm run backup -- FILE` and `npm run restore -- FILE [--force]`, for the database the server
 * would open (DATABASE_URL, else DATA_DIR). With the server running on DATA_DIR they work
 * through it, the folder's owner; with it stopped they open the folder themselves.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, renewPersistedSecret } from '../../config';
import { openConfiguredDatabase } from '../../db/client';
import { fileStoreDir } from '../../files/store';
import { writeBackup } from './backup.service';
import { restoreBackup } from './restore.service';
import { RestoreRefusedError } from './restore-refusals.helper';

const [command, file, ...flags] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !file) {
  console.error(`Usage: npm run ${command === 'restore' ? 'restore' : 'backup'} -- FILE${command === 'restore' ? ' [--force]' : ''}`);
  process.exit(2);
}

const config = loadConfig();
/** A name without a folder lives in BACKUP_DIR when it is set. */
const backupFile = config.backupDir && path.basename(file) === file ? path.join(config.backupDir, file) : path.resolve(file);
if (command === 'restore' && !existsSync(backupFile)) {
  console.error(`No backup at ${backupFile}.`);
  process.exit(1);
}
// As the owner when there is one: a forced restore empties the audit trail, which the app's role may not.
const database = await openConfiguredDatabase(config, { asOwner: true, role: command === 'restore' ? 'owner' : 'app' });
if (command === 'restore' && database.access === 'through-owner') {
  await database.close();
  console.error(
    `\n  Stop the server first: a restore replaces the audit trail, which only the database's owner may do, and the running server lets other processes in as the app only.\n`,
  );
  process.exit(1);
}
/** Where the file store keeps bytes as files (null: as rows in the database). */
const fileDir = fileStoreDir();
const where =
  database.kind === 'postgres'
    ? 'PostgreSQL'
    : `the embedded database in ${config.dataDir}${database.access === 'through-owner' ? ' (through the running server)' : ''}`;
try {
  const startedAt = performance.now();
  if (command === 'backup') {
    if (config.backupDir) mkdirSync(config.backupDir, { recursive: true, mode: 0o700 });
    const summary = await writeBackup(database.pool!, backupFile, { fileDir });
    console.log(
      `Backed up ${where} to ${backupFile}: ${summary.tables} tables, ${summary.rows} rows, ${summary.files} stored files ` +
        `in ${((performance.now() - startedAt) / 1000).toFixed(1)} s.`,
    );
  } else {
    const result = await restoreBackup(database.pool!, backupFile, { force: flags.includes('--force'), fileDir });
    if (database.kind !== 'postgres' && !process.env.SESSION_SECRET) renewPersistedSecret(config.dataDir);
    console.log(
      `Restored ${backupFile} into ${where}: ${result.rows} rows, ${result.files} stored files in ${((performance.now() - startedAt) / 1000).toFixed(1)} s. ` +
        'Everyone is signed out; restart the server so it signs cookies with the new secret.',
    );
  }
} catch (err) {
  // One sentence for the operator; the stack only when asked for (LOG_LEVEL=debug).
  const message = err instanceof Error ? err.message : String(err);
  console.error(`\n  ${err instanceof RestoreRefusedError ? message : `The ${command} failed: ${message}`}\n`);
  if (!(err instanceof RestoreRefusedError) && process.env.LOG_LEVEL === 'debug') console.error(err);
  process.exitCode = 1;
} finally {
  await database.close();
}
