import { buildApp } from './app';
import { createBackgroundJobs } from './background-jobs';
import { loadConfig } from './config';
import { AuditChainRefusedError } from './db/audit-chain';
import { auditKey } from './db/audit-key';
import { openConfiguredDatabase } from './db/client';
import { DataFolderBusyError } from './db/embedded/owner';
import { makePrivate } from './files/private-folders';
import { fileStoreDir } from './files/store';
import { ensureAdmin } from './features/auth/bootstrap-admin.service';
import { sharedSessionSecret } from './features/settings/settings.service';
import { FleetConfigError, fleetInstance } from './features/fleet/instance.helper';
import { startOfficeLink } from './features/fleet/office-link.service';
import { startShipLink } from './features/fleet/ship-link.service';

const startedAt = performance.now();
const instance = (() => {
  try {
    return fleetInstance();
  } catch (err) {
    if (!(err instanceof FleetConfigError)) throw err;
    console.error(`\n  ${err.message}\n`);
    process.exit(1);
  }
})();
const config = loadConfig();
// Folders an older version (or another program) left readable by other local users.
const madePrivate = await makePrivate([config.dataDir, config.fileDir, config.backupDir]);
const database = await openConfiguredDatabase(config, { migrationUrl: config.migrationUrl, whenBusy: 'refuse' }).catch((err: unknown) => {
  if (!(err instanceof DataFolderBusyError) && !(err instanceof AuditChainRefusedError)) throw err;
  console.error(`\n  ${err.message}\n`);
  process.exit(1);
});
// Whatever fails before the server listens, the database is closed properly (checkpoint, lock released).
const app = await (async () => {
  const app = await buildApp({
    db: database.db,
    // Several instances over one PostgreSQL must sign cookies alike: the secret lives in the database.
    sessionSecret: config.sessionSecret ?? (await sharedSessionSecret(database.db)),
    clientDir: config.clientDir,
    trustProxy: config.trustProxy || false,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
    documents: { memoryMb: config.documentMemoryMb, timeLimitMs: config.documentTimeLimitSeconds * 1000 },
    instance,
    backups: config.backups,
    mail: config.mail,
    publicUrl: config.publicUrl,
    oidc: config.oidc,
    // The link to the fleet, when this instance has one: it talks to NATS beside the server.
    fleetLink:
      instance.kind === 'ship'
        ? (log) => startShipLink(database.db, instance.vessel, instance.natsUrl, log)
        : instance.natsUrl
          ? (log) => startOfficeLink(database.db, instance.natsUrl!, log)
          : undefined,
  });
  app.addHook('onClose', () => database.close());
  // A ship's accounts are the office's, with the office's ids: it never makes one of its own.
  if (instance.kind === 'office') await ensureAdmin(database.db, { username: config.adminUsername, password: config.adminPassword }, app.log);
  await app.listen({ port: config.port, host: config.host });
  return app;
})().catch(async (err: unknown) => {
  await database.close();
  throw err;
});
// Document processing runs beside the server, in worker processes the job runner drives.
const jobs = createBackgroundJobs({
  db: database.db,
  log: app.log,
  concurrency: config.jobConcurrency,
  documents: { memoryMb: config.documentMemoryMb, timeLimitMs: config.documentTimeLimitSeconds * 1000 },
  mail: config.mail,
  notifier: app.notifier,
  backups: config.backups && database.pool ? { ...config.backups, pool: database.pool, fileDir: fileStoreDir() } : undefined,
});
jobs.start();
if (app.notifier && !config.publicUrl) {
  app.log.warn('SMTP_URL is set without PUBLIC_URL: links in e-mail use the address requests arrive at; set PUBLIC_URL to the address people use');
}
if (config.auditKeyGenerated) {
  app.log.warn(
    `A new audit key was generated into ${config.dataDir}/audit-key (fingerprint ${auditKey(config.auditKey).fingerprint}). ` +
      'Keep a copy of it apart from the backups (a password manager, a sealed envelope): without it the audit trail cannot be verified ' +
      'and no backup can be restored. See "The audit key" in docs/operations.md.',
  );
}
if (madePrivate) {
  app.log.warn(
    `${madePrivate} folders and files under ${[config.dataDir, config.fileDir, config.backupDir].filter(Boolean).join(', ')} were open to other users of this machine; they are now private (folders 0700, files 0600)`,
  );
}
app.log.info(
  `SOP Harbor${instance.kind === 'ship' ? ` (ship's copy for ${instance.vessel})` : ''} ready on http://localhost:${config.port} (${database.kind === 'postgres' ? 'PostgreSQL' : `embedded database in ${config.dataDir}`}) in ${Math.round(performance.now() - startedAt)} ms`,
);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing jobs and requests, then closing the database`);
    jobs
      .stop()
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (err) => {
          app.log.error(err);
          process.exit(1);
        },
      );
  });
}
