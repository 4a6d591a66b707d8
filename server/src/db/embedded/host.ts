import { rmSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { serveWireProtocol } from './wire-server';

/**
 * The worker thread that owns the embedded database: PGlite's queries (and its WebAssembly
 * heap) run here, never on the thread that answers HTTP. It serves the wire protocol on the
 * data folder's socket and, when told to stop, closes the socket, checkpoints and closes
 * PGlite before the owner's lock is released.
 */

export interface HostData {
  pgliteDir: string;
  socketPath: string;
}

export type HostMessage = { type: 'ready' } | { type: 'failed'; message: string } | { type: 'stopped' };

const { pgliteDir, socketPath } = workerData as HostData;
const port = parentPort!;

function send(message: HostMessage) {
  port.postMessage(message);
}

try {
  const pglite = await PGlite.create(pgliteDir, { extensions: { pg_trgm } });
  rmSync(socketPath, { force: true });
  const server = await serveWireProtocol(pglite, socketPath);
  port.on('message', async (message: { type: 'stop' }) => {
    if (message.type !== 'stop') return;
    // Clients still connected (a pool not yet ended) must not keep the database open.
    await server.close();
    await pglite.exec('CHECKPOINT');
    await pglite.close();
    rmSync(socketPath, { force: true });
    send({ type: 'stopped' });
  });
  send({ type: 'ready' });
} catch (err) {
  send({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
}
