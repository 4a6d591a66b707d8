/** Child processes of the bench: the real server (`node --import tsx server/src/main.ts`) and the bare yardstick. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from '../server/src/test/fleet/nats-servers';

export interface Child {
  base: string;
  process: ChildProcess;
  /** Resident memory of the process now, in bytes (Linux /proc). */
  rss(): number;
  /** CPU time the process (all its threads) has used so far, user and system, in seconds (Linux /proc). */
  cpuSeconds(): number;
  alive(): boolean;
  stop(): Promise<void>;
}

const STARTUP_MS = 120_000;
/** Linux's clock ticks per second (USER_HZ), in which /proc counts CPU time. */
const CLOCK_TICKS = 100;

function wrap(child: ChildProcess, base: string): Child {
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  return {
    base,
    process: child,
    rss() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    },
    cpuSeconds() {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks.
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    },
    alive: () => !exited,
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

async function waitForHealth(base: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} while starting:\n${log()}`);
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer /healthz within ${STARTUP_MS / 1000} s:\n${log()}`);
}

/** The real server on a free port of 127.0.0.1 over the given DATA_DIR or DATABASE_URL. */
export async function startServer(
  env: { DATA_DIR: string; DATABASE_URL?: string; ADMIN_PASSWORD: string } & Record<string, string | undefined>,
): Promise<Child> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_SERVER_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_SERVER_PROFILE] : []), '--import', 'tsx', 'server/src/main.ts'],
    {
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        CLIENT_DIR: '/nonexistent',
        DATABASE_URL: env.DATABASE_URL ?? '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, child, () => output);
  return wrap(child, base);
}

/** The bare Node server serving `listFile` at /list and streaming `downloadFile` at /download. */
export function startBareServer(listFile: string, downloadFile: string, listHeadersFile?: string): Promise<Child> {
  return startYardstick('bench/bare-server.ts', [listFile, downloadFile, ...(listHeadersFile ? [listHeadersFile] : [])]);
}

/** Fastify alone serving `listFile` at /list: the framework's ceiling. */
export function startFastifyServer(listFile: string): Promise<Child> {
  return startYardstick('bench/fastify-server.ts', [listFile]);
}

async function startYardstick(script: string, args: string[]): Promise<Child> {
  const profile = process.env.BENCH_SERVER_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_SERVER_PROFILE] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return wrap(child, `http://127.0.0.1:${port}`);
}

/**
 * One bench run: the servers it started and the clean-ups it registered, all stopped when the
 * run ends, on Ctrl-C or after `timeoutMs`, so no server is ever left behind.
 */
export function benchSession(timeoutMs: number) {
  const children = new Set<Child>();
  const cleanups: (() => Promise<void>)[] = [];
  async function shutdown() {
    await Promise.all([...children].map((child) => child.stop()));
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  }
  const guard = setTimeout(async () => {
    console.error(`\nBench stopped after ${timeoutMs / 1000} s (BENCH_TIMEOUT_S).`);
    await shutdown();
    process.exit(2);
  }, timeoutMs);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, async () => {
      await shutdown();
      process.exit(130);
    });
  }
  /** Benches each database in turn (one failing does not stop the next), then stops everything. */
  async function perDatabase<K extends string, R>(kinds: K[], bench: (kind: K) => Promise<R>): Promise<{ kind: K; rows: R }[]> {
    const results: { kind: K; rows: R }[] = [];
    try {
      for (const kind of kinds) {
        try {
          results.push({ kind, rows: await bench(kind) });
        } catch (err) {
          console.error(`${kind}: ${(err as Error).message}`);
        }
      }
    } finally {
      clearTimeout(guard);
      await shutdown();
    }
    return results;
  }
  return { children, cleanups, perDatabase };
}

/**
 * Signs in over HTTP and answers the session cookie (`sop.sid=...`). Sign-in also sets the
 * browser's device cookie, first, so the session is picked by name, not by position.
 */
export async function signIn(base: string, account: { username: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('sop.sid='));
  if (!res.ok || !cookie) throw new Error(`bench sign-in failed for ${account.username}: ${res.status}`);
  return cookie;
}
