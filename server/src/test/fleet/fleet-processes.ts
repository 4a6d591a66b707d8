import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createScratchDatabase } from '../database';
import { type FilePart, multipart } from '../multipart';
import { freePort } from './nats-servers';
import { supervised, type TestProcess } from './supervised';
import { TEST_AUDIT_KEY } from '../audit-key-setup';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
export const ADMIN_PASSWORD = 'fleet-admin-passphrase-7';

/**
 * The app as its own process (`node --import tsx server/src/main.ts`), on a free port with its
 * own data folder (or, with `databaseServerUrl`, a scratch PostgreSQL database): the office
 * without VESSEL, a ship with it. It can be killed (SIGKILL, as a crash) and started again
 * over the same data.
 */
export interface AppProcess extends TestProcess {
  base: string;
  /** Keeps a copy of its database and files (call it stopped). */
  backup(): Promise<void>;
  /** Puts the copy back in their place (call it stopped). */
  restore(): Promise<void>;
}

export async function startAppProcess(opts: { env: Record<string, string>; databaseServerUrl?: string }): Promise<AppProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sop-fleet-app-'));
  const scratch = opts.databaseServerUrl ? { ...(await createScratchDatabase(opts.databaseServerUrl, 'sop_fleet')), name: '' } : undefined;
  if (scratch) scratch.name = new URL(scratch.url).pathname.slice(1);
  /** Statements run one by one on the database server (CREATE DATABASE cannot share a transaction). */
  const onServer = async (statements: string) => {
    const client = new pg.Client({ connectionString: opts.databaseServerUrl });
    await client.connect();
    try {
      for (const statement of statements.split('; ')) await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const base = `http://127.0.0.1:${port}`;
  const proc = supervised();
  const { exited, end } = proc;
  const app: AppProcess = {
    base,
    log: proc.log,
    async start() {
      if (!exited()) return;
      proc.adopt(
        spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
          cwd: ROOT,
          env: {
            ...process.env,
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            DATABASE_URL: scratch?.url ?? '',
            // The test process reads the same database: it appends and verifies with the same key.
            AUDIT_KEY: TEST_AUDIT_KEY,
            ADMIN_PASSWORD,
            CLIENT_DIR: '/nonexistent',
            LOG_LEVEL: 'warn',
            JOB_CONCURRENCY: '1',
            ...opts.env,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      );
      const until = Date.now() + 120_000;
      for (;;) {
        if (exited()) throw new Error(`the app exited while starting:\n${proc.log()}`);
        if (
          await fetch(`${base}/healthz`).then(
            (r) => r.ok,
            () => false,
          )
        )
          return;
        if (Date.now() > until) throw new Error(`the app did not start within 120 s:\n${proc.log()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
    async backup() {
      rmSync(`${dataDir}.backup`, { recursive: true, force: true });
      cpSync(dataDir, `${dataDir}.backup`, { recursive: true });
      if (scratch) await onServer(`DROP DATABASE IF EXISTS ${scratch.name}_backup; CREATE DATABASE ${scratch.name}_backup TEMPLATE ${scratch.name}`);
    },
    async restore() {
      rmSync(dataDir, { recursive: true, force: true });
      cpSync(`${dataDir}.backup`, dataDir, { recursive: true });
      if (scratch) await onServer(`DROP DATABASE ${scratch.name} WITH (FORCE); CREATE DATABASE ${scratch.name} TEMPLATE ${scratch.name}_backup`);
    },
    async dispose() {
      await end('SIGKILL');
      await scratch?.drop();
      if (scratch) await onServer(`DROP DATABASE IF EXISTS ${scratch.name}_backup`);
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(`${dataDir}.backup`, { recursive: true, force: true });
    },
  };
  await app.start();
  return app;
}

/** Someone signed in to an app process, speaking its HTTP API. */
export class Session {
  private constructor(
    readonly base: string,
    private readonly cookie: string,
  ) {}

  static async signIn(base: string, username: string, password: string): Promise<Session> {
    const res = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    if (!res.ok || !cookie) throw new Error(`signing in ${username} at ${base} failed: ${res.status} ${await res.text()}`);
    return new Session(base, cookie);
  }

  fetch(url: string, init: RequestInit = {}) {
    return fetch(`${this.base}${url}`, { ...init, headers: { cookie: this.cookie, ...(init.headers ?? {}) } });
  }

  /** A JSON request that must answer `expect` (2xx by default); its answer. */
  async json<T>(method: string, url: string, body?: unknown, expect?: number): Promise<T> {
    const res = await this.fetch(url, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (expect ? res.status !== expect : !res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Creates, fills and approves an SOP (an admin decides their own submission): its id and version. */
  async publish(input: { title: string; departmentId: number; content?: string; files?: FilePart[] }) {
    const sop = await this.json<{ id: number; latestVersionId: number }>('POST', '/api/sops', {
      title: input.title,
      departmentId: input.departmentId,
      content: input.content ?? `How to carry out ${input.title}.`,
    });
    const attachmentIds: number[] = [];
    for (const file of input.files ?? []) {
      const body = multipart([file]);
      const res = await this.fetch(`/api/sop-versions/${sop.latestVersionId}/attachments`, {
        method: 'POST',
        headers: body.headers,
        body: new Uint8Array(body.payload),
      });
      if (res.status !== 201) throw new Error(`uploading ${file.name} answered ${res.status}: ${await res.text()}`);
      attachmentIds.push(((await res.json()) as { id: number }).id);
    }
    const { taskId } = await this.json<{ taskId: number }>('POST', `/api/sops/${sop.id}/submit`);
    await this.json('PUT', `/api/approvals/${taskId}`, { status: 'approved' });
    return { id: sop.id, versionId: sop.latestVersionId, attachmentIds };
  }
}

/** `n` bytes of random letters: text the upload accepts that no link could compress. */
export function randomText(n: number, seed: number): Buffer {
  const out = Buffer.alloc(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out[i] = 97 + ((x >> 16) % 26);
  }
  return out;
}
