import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { AuditChainRefusedError } from '../audit-chain';
import type { HostData, HostMessage } from './host';

/**
 * One owner per data folder. The first process to open DATA_DIR writes `database.lock`
 * (created exclusively) naming its pid and the socket it serves the database on, then runs
 * PGlite in a worker thread behind that socket. Anyone else finds the lock, and the database
 * answers on the socket: the folder is busy. A lock whose socket does not answer and whose
 * process is gone (kill -9, power loss) is stale and taken over.
 */

export interface OwnerLock {
  pid: number;
  socketPath: string;
  startedAt: string;
}

export interface Owner {
  socketPath: string;
  /** Stops serving, checkpoints and closes PGlite, then removes the lock. */
  stop(): Promise<void>;
}

export class DataFolderBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly lock: OwnerLock,
  ) {
    super(`The data folder ${dataDir} is in use by another SOP Harbor process (pid ${lock.pid}). Stop that server first, or set DATA_DIR to another folder.`);
    this.name = 'DataFolderBusyError';
  }
}

const lockFile = (dataDir: string) => path.join(dataDir, 'database.lock');

/** Unix socket paths are limited to ~107 bytes; a deep DATA_DIR gets a private one in the temp folder. */
function socketPathFor(dataDir: string): string {
  const inFolder = path.join(dataDir, '.s.PGSQL.5432');
  if (Buffer.byteLength(inFolder) <= 100) return inFolder;
  const dir = path.join(tmpdir(), `sop-harbor-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return path.join(dir, '.s.PGSQL.5432');
}

function readLock(dataDir: string): OwnerLock | null {
  try {
    return JSON.parse(readFileSync(lockFile(dataDir), 'utf8')) as OwnerLock;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // A lock cut short by a crash while it was written.
    return { pid: 0, socketPath: '', startedAt: '' };
  }
}

function answers(socketPath: string): Promise<boolean> {
  if (!socketPath) return Promise.resolve(false);
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function alive(pid: number): boolean {
  if (!pid || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The live owner of dataDir, or null when nobody holds it. An owner that is still starting
 * (lock written, socket not yet served) is waited for up to `startupMs`.
 */
export async function findOwner(dataDir: string, startupMs = 5000): Promise<OwnerLock | null> {
  const deadline = Date.now() + startupMs;
  for (;;) {
    const lock = readLock(dataDir);
    if (!lock) return null;
    if (await answers(lock.socketPath)) return lock;
    if (!alive(lock.pid) || Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function tryCreateLock(dataDir: string, lock: OwnerLock): boolean {
  try {
    writeFileSync(lockFile(dataDir), JSON.stringify(lock), { flag: 'wx', mode: 0o600 });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/** Takes dataDir for this process, or throws DataFolderBusyError naming the owner. */
async function takeLock(dataDir: string): Promise<OwnerLock> {
  mkdirSync(dataDir, { recursive: true });
  const mine: OwnerLock = { pid: process.pid, socketPath: socketPathFor(dataDir), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (tryCreateLock(dataDir, mine)) return mine;
    const stale = readLock(dataDir);
    const owner = await findOwner(dataDir);
    if (owner) throw new DataFolderBusyError(dataDir, owner);
    // Remove the stale lock only if it is still the one judged stale (another opener may have
    // taken it over meanwhile).
    if (JSON.stringify(readLock(dataDir)) === JSON.stringify(stale)) rmSync(lockFile(dataDir), { force: true });
  }
  const owner = readLock(dataDir);
  throw new DataFolderBusyError(dataDir, owner ?? mine);
}

function releaseLock(dataDir: string, mine: OwnerLock) {
  const current = readLock(dataDir);
  if (current && current.pid === mine.pid && current.startedAt === mine.startedAt) rmSync(lockFile(dataDir), { force: true });
}

/** Run from TypeScript sources (tsx, vitest), the worker first registers the same loader. */
function startHost(data: HostData): Worker {
  const hostUrl = new URL(`./host${path.extname(import.meta.filename)}`, import.meta.url);
  if (!hostUrl.pathname.endsWith('.ts')) return new Worker(hostUrl, { workerData: data });
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(hostUrl.href)}); })`;
  return new Worker(boot, { eval: true, workerData: data });
}

/**
 * Takes ownership of dataDir and starts PGlite in a worker thread serving its socket, to
 * clients in the app's role unless `role` is 'owner' (see host.ts).
 */
export async function startOwner(dataDir: string, opts: { role?: HostData['role']; auditKey: string }): Promise<Owner> {
  const lock = await takeLock(dataDir);
  const data: HostData = { pgliteDir: path.join(dataDir, 'pglite'), socketPath: lock.socketPath, role: opts.role ?? 'app', auditKey: opts.auditKey };
  const worker = startHost(data);
  const opened = new Promise<void>((resolve, reject) => {
    worker.once('message', (message: HostMessage) =>
      message.type === 'ready'
        ? resolve()
        : message.type === 'failed' && message.refused
          ? reject(new AuditChainRefusedError(message.message))
          : reject(new Error(`The embedded database in ${dataDir} did not open: ${'message' in message ? message.message : message.type}`)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The embedded database worker exited (code ${code}) while opening ${dataDir}`)));
  });
  try {
    await opened;
  } catch (err) {
    await worker.terminate();
    releaseLock(dataDir, lock);
    throw err;
  }

  let stopping: Promise<void> | undefined;
  // Without its database this process can serve nothing; exiting lets a supervisor restart it.
  worker.on('exit', (code) => {
    if (stopping) return;
    releaseLock(dataDir, lock);
    console.error(`The embedded database worker for ${dataDir} stopped unexpectedly (code ${code}).`);
    process.exit(1);
  });
  return {
    socketPath: lock.socketPath,
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        worker.once('message', () => resolve());
        worker.once('exit', () => resolve());
        worker.postMessage({ type: 'stop' });
      }).then(async () => {
        await worker.terminate();
        releaseLock(dataDir, lock);
      });
      return stopping;
    },
  };
}
