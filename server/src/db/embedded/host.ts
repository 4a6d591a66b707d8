import { rmSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { AuditChainRefusedError, prepareAuditChain } from '../audit-chain';
import { auditKey } from '../audit-key';
import type { Db } from '../client';
import { APP_ROLE, prepareAppRole, roleGate } from './app-role';
import { serveWireProtocol } from './wire-server';

/**
 * The worker thread that owns the embedded database: PGlite's queries (and its WebAssembly
 * heap) run here, never on the thread that answers HTTP. It serves the wire protocol on the
 * data folder's socket and, when told to stop, closes the socket, checkpoints and closes
 * PGlite before the owner's lock is released.
 *
 * It migrates as the superuser before serving, then checks (and once re-keys) the audit chain
 * with the AUDIT_KEY it is given. Served as 'app' (the server, seeds, backups),
 * every client works as the app role, which cannot touch the audit guard; as 'owner' (a restore
 * with the server stopped) clients keep the superuser, as a restore must replace the trail.
 */

export interface HostData {
  pgliteDir: string;
  socketPath: string;
  role: 'app' | 'owner';
  /** AUDIT_KEY, for the start-up check of the audit chain (prepareAuditChain). */
  auditKey: string;
}

export type HostMessage = { type: 'ready' } | { type: 'failed'; message: string; refused?: boolean } | { type: 'stopped' };

const { pgliteDir, socketPath, role, auditKey: secret } = workerData as HostData;
/** How often the planner's statistics are gathered again while the database runs. */
const ANALYZE_EVERY_MS = 6 * 60 * 60 * 1000;
const migrationsFolder = path.resolve(import.meta.dirname, '../migrations');
const port = parentPort!;

function send(message: HostMessage) {
  port.postMessage(message);
}

try {
  const pglite = await PGlite.create(pgliteDir, { extensions: { pg_trgm } });
  await migrate(drizzle(pglite), { migrationsFolder });
  await prepareAuditChain(drizzle(pglite) as unknown as Db, auditKey(secret));
  await prepareAppRole(pglite);
  // The planner's statistics: PGlite runs no autovacuum, and the app role, owning no table,
  // cannot analyze one. Without them every table looks a row long and a join over thousands of
  // users and SOPs can take seconds instead of milliseconds; so the host gathers them as the
  // superuser when it starts and every few hours, between the clients' units.
  await pglite.exec('analyze');
  if (role === 'app') await pglite.exec(`set role ${APP_ROLE}`);
  rmSync(socketPath, { force: true });
  const server = await serveWireProtocol(pglite, socketPath, role === 'app' ? { refuse: roleGate } : {});
  const reanalyze = setInterval(() => {
    server.runBetweenUnits(role === 'app' ? `reset role; analyze; set role ${APP_ROLE}` : 'analyze').catch(() => {});
  }, ANALYZE_EVERY_MS);
  port.on('message', async (message: { type: 'stop' }) => {
    if (message.type !== 'stop') return;
    clearInterval(reanalyze);
    // Clients still connected (a pool not yet ended) must not keep the database open.
    await server.close();
    await pglite.exec('reset role; checkpoint');
    await pglite.close();
    rmSync(socketPath, { force: true });
    send({ type: 'stopped' });
  });
  send({ type: 'ready' });
} catch (err) {
  send({ type: 'failed', message: err instanceof Error ? err.message : String(err), refused: err instanceof AuditChainRefusedError });
}
