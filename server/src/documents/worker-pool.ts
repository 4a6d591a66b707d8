/**
 * A small pool of document worker processes (worker-entry.mjs, then worker-main.ts). Parsing a file happens there,
 * never on the thread that answers requests, and each task is bounded three ways:
 *   - V8 heap: the child starts with --max-old-space-size (mammoth and pdfjs live there);
 *   - resident memory: the child's RSS is read from /proc every 100 ms and the process is
 *     killed past the cap (canvas and image buffers are native memory the heap flag ignores);
 *   - time: the process is killed when a task runs past the limit.
 * A killed or crashed worker is replaced on the next task; an idle one exits after a minute,
 * handing its memory back.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocumentTaskKind, DocumentTasks } from './document-tasks';
import type { WorkerReply } from './worker-main';

export type DocumentWorkFailure = 'refused' | 'unreadable' | 'timeout' | 'memory' | 'crashed';

/** Why a document could not be processed, in words for the person who uploaded it. */
export class DocumentWorkError extends Error {
  constructor(
    readonly reason: DocumentWorkFailure,
    message: string,
  ) {
    super(message);
    this.name = 'DocumentWorkError';
  }
}

/**
 * The worker was ended from outside by a stop signal (the machine or the service shutting
 * down), not by its document: the work is tried again, never failed for good.
 */
export class WorkerStoppedError extends Error {
  override name = 'WorkerStoppedError';
}

/** Signals that mean "stop", sent by people and service managers, never by a document. */
const STOP_SIGNALS = new Set<string>(['SIGTERM', 'SIGINT', 'SIGHUP']);
const stoppedFromOutside = (signal: NodeJS.Signals | null) =>
  signal && STOP_SIGNALS.has(signal) ? new WorkerStoppedError(`The document worker was stopped (${signal})`) : null;

export interface DocumentWorkerOptions {
  /** Processes at most; tasks beyond wait their turn. */
  workers?: number;
  /** Resident memory cap per process; the V8 heap gets half of it. */
  memoryMb?: number;
  timeLimitMs?: number;
  idleMs?: number;
}

export interface DocumentWorkers {
  run<K extends DocumentTaskKind>(kind: K, input: DocumentTasks[K]['input'], signal?: AbortSignal): Promise<DocumentTasks[K]['output']>;
  close(): Promise<void>;
}

interface Slot {
  child: ChildProcess | null;
  ready: Promise<ChildProcess> | null;
  stderr: string;
  idleTimer?: NodeJS.Timeout;
}

const workerScript = path.join(import.meta.dirname, 'worker-entry.mjs');
const STARTUP_LIMIT_MS = 60_000;

/** Resident memory of a process in bytes (Linux); null where /proc is not available. */
async function residentBytes(pid: number): Promise<number | null> {
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

export function createDocumentWorkers(opts: DocumentWorkerOptions = {}): DocumentWorkers {
  const memoryMb = opts.memoryMb ?? 768;
  const memoryCap = memoryMb * 1024 * 1024;
  const timeLimitMs = opts.timeLimitMs ?? 30_000;
  const idleMs = opts.idleMs ?? 60_000;
  const slots: Slot[] = Array.from({ length: Math.max(1, opts.workers ?? 1) }, () => ({ child: null, ready: null, stderr: '' }));
  const free = [...slots];
  const waiting: ((slot: Slot) => void)[] = [];
  let sequence = 0;
  let closed = false;

  function discard(slot: Slot) {
    slot.child?.kill('SIGKILL');
    slot.child = null;
    slot.ready = null;
  }

  function start(slot: Slot): Promise<ChildProcess> {
    slot.stderr = '';
    const child = fork(workerScript, [], {
      execArgv: [`--max-old-space-size=${Math.max(64, Math.floor(memoryMb / 2))}`],
      serialization: 'advanced',
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    slot.child = child;
    child.stdout?.resume();
    child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      slot.stderr = (slot.stderr + text).slice(-4000);
    });
    child.once('exit', () => {
      if (slot.child === child) discard(slot);
    });
    return new Promise<ChildProcess>((resolve, reject) => {
      const timer = setTimeout(() => fail('it did not start in time'), STARTUP_LIMIT_MS);
      const fail = (why: string) => {
        clearTimeout(timer);
        if (slot.child === child) discard(slot);
        reject(new DocumentWorkError('crashed', `The document worker could not start (${why})`));
      };
      child.once('exit', (code, signal) => {
        const stopped = stoppedFromOutside(signal);
        if (!stopped) return fail(`exit ${signal ?? code}: ${slot.stderr.trim().split('\n').pop() ?? ''}`);
        clearTimeout(timer);
        if (slot.child === child) discard(slot);
        reject(stopped);
      });
      child.once('message', (message: WorkerReply) => {
        clearTimeout(timer);
        if ('ready' in message) resolve(child);
      });
    });
  }

  function acquire(): Promise<Slot> {
    const slot = free.pop();
    if (slot) return Promise.resolve(slot);
    return new Promise((resolve) => waiting.push(resolve));
  }

  function release(slot: Slot) {
    const next = waiting.shift();
    if (next) return next(slot);
    free.push(slot);
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => discard(slot), idleMs);
    slot.idleTimer.unref();
  }

  function dispatch(slot: Slot, child: ChildProcess, kind: DocumentTaskKind, input: unknown, signal?: AbortSignal): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const id = ++sequence;
      let settled = false;
      const finish = (err: Error | null, output?: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(watchdog);
        child.off('message', onMessage);
        child.off('exit', onExit);
        signal?.removeEventListener('abort', onAbort);
        if (err) reject(err);
        else resolve(output);
      };
      const kill = (err: Error) => {
        discard(slot);
        finish(err);
      };
      const overCap = () => new DocumentWorkError('memory', `Processing needed more than ${memoryMb} MB of memory and was stopped`);
      const onMessage = (reply: WorkerReply) => {
        if (!('id' in reply) || reply.id !== id) return;
        // A task quicker than the watchdog's first look is measured once more as it ends: the
        // cap holds whatever the task's length.
        if (reply.ok) void residentBytes(child.pid ?? 0).then((rss) => (rss !== null && rss > memoryCap ? kill(overCap()) : finish(null, reply.output)));
        else
          finish(
            new DocumentWorkError(
              reply.refused ? 'refused' : 'unreadable',
              reply.refused ? reply.message : `The document could not be read (${reply.message})`,
            ),
          );
      };
      const onExit = (code: number | null, exitSignal: NodeJS.Signals | null) => {
        const outOfHeap = /heap out of memory|Reached heap limit/i.test(slot.stderr);
        finish(
          stoppedFromOutside(exitSignal) ??
            (outOfHeap ? overCap() : new DocumentWorkError('crashed', `The document worker stopped unexpectedly (${exitSignal ?? `exit ${code}`})`)),
        );
      };
      const onAbort = () => kill(signal?.reason instanceof Error ? signal.reason : new Error('Cancelled'));
      const timer = setTimeout(
        () => kill(new DocumentWorkError('timeout', `Processing took longer than ${Number((timeLimitMs / 1000).toFixed(3))} seconds and was stopped`)),
        timeLimitMs,
      );
      let reading = false;
      const watchdog = setInterval(async () => {
        if (reading || !child.pid) return;
        reading = true;
        const rss = await residentBytes(child.pid);
        reading = false;
        if (rss !== null && rss > memoryCap) kill(overCap());
      }, 100);
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort);
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send({ id, kind, input });
    });
  }

  return {
    async run(kind, input, signal) {
      if (closed) throw new Error('The document workers are closed');
      const slot = await acquire();
      clearTimeout(slot.idleTimer);
      try {
        slot.ready ??= start(slot);
        const child = await slot.ready;
        const output = await dispatch(slot, child, kind, input, signal);
        // A worker that grew past half its cap (a big but allowed file) starts afresh next time.
        const rss = child.pid ? await residentBytes(child.pid) : null;
        if (rss !== null && rss > memoryCap / 2) discard(slot);
        return output as DocumentTasks[typeof kind]['output'];
      } finally {
        release(slot);
      }
    },
    async close() {
      closed = true;
      for (const slot of slots) {
        clearTimeout(slot.idleTimer);
        discard(slot);
      }
    },
  };
}
