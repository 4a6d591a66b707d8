import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { ensureAdmin } from './features/auth/bootstrap-admin';

const startedAt = performance.now();
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({
  db: database.db,
  sessionSecret: config.sessionSecret,
  clientDir: config.clientDir,
  trustProxy: config.trustProxy,
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
});
await ensureAdmin(database.db, { username: config.adminUsername, password: config.adminPassword }, app.log);
app.addHook('onClose', () => database.close());

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `SOP Harbor ready on http://localhost:${config.port} (${database.kind === 'postgres' ? 'PostgreSQL' : `embedded database in ${config.dataDir}`}) in ${Math.round(performance.now() - startedAt)} ms`,
);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing requests and closing the database`);
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error(err);
        process.exit(1);
      },
    );
  });
}
