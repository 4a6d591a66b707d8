import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../client';
import { departments } from '../schema';
import { DataFolderBusyError, type OwnerLock } from './owner';
import { TEST_AUDIT_KEY } from '../../test/audit-key-setup';

const root = path.resolve(import.meta.dirname, '../../../..');
const folders: string[] = [];
// Creating a PGlite data folder takes seconds, minutes on a busy machine.

function freshDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sop-owner-'));
  folders.push(dir);
  return dir;
}

/** `npm start`'s server process on dataDir; resolves once it listens (or with its exit). */
function startServer(dataDir: string): { child: ChildProcess; output: () => string; ready: Promise<void>; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      ADMIN_PASSWORD: 'owner-test-admin-password',
      LOG_LEVEL: 'info',
      AUDIT_KEY: TEST_AUDIT_KEY,
    },
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('SOP Harbor ready')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  ready.catch(() => {});
  return { child, output: () => output, ready, exited };
}

function readLock(dataDir: string): OwnerLock {
  return JSON.parse(readFileSync(path.join(dataDir, 'database.lock'), 'utf8')) as OwnerLock;
}

afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('one owner per data folder', () => {
  const dataDir = freshDataDir();
  let server: ReturnType<typeof startServer>;

  beforeAll(async () => {
    server = startServer(dataDir);
    await server.ready;
  }, 300_000);

  it('a second server on the folder stops at once, naming the folder and what to do, and leaves the owner alone', async () => {
    const lockBefore = readFileSync(path.join(dataDir, 'database.lock'), 'utf8');
    const second = startServer(dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data folder ${dataDir} is in use by another SOP Harbor process (pid ${server.child.pid})`);
    expect(second.output()).toContain('Stop that server first, or set DATA_DIR to another folder.');
    expect(readFileSync(path.join(dataDir, 'database.lock'), 'utf8')).toBe(lockBefore);
  }, 300_000);

  it('an opener that refuses to share gets DataFolderBusyError; a seed works through the owner', async () => {
    await expect(openDatabase({ dataDir, whenBusy: 'refuse' })).rejects.toBeInstanceOf(DataFolderBusyError);
    const joined = await openDatabase({ dataDir, whenBusy: 'join' });
    expect(joined.access).toBe('through-owner');
    await joined.db.insert(departments).values({ name: 'Written through the owner' });
    await joined.close();
  });

  it('SIGTERM closes the database and releases the folder; what was written survives the restart', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'database.lock'))).toBe(false);

    const reopened = await openDatabase({ dataDir });
    expect(reopened.access).toBe('owner');
    const rows = await reopened.db.select().from(departments).where(eq(departments.name, 'Written through the owner'));
    expect(rows).toHaveLength(1);
    await reopened.close();
    expect(existsSync(path.join(dataDir, 'database.lock'))).toBe(false);
  }, 300_000);
});

describe('a stale lock', () => {
  it('left by a server killed with SIGKILL is taken over, and acknowledged writes are there', async () => {
    const dataDir = freshDataDir();
    const server = startServer(dataDir);
    await server.ready;
    const joined = await openDatabase({ dataDir, whenBusy: 'join' });
    await joined.db.insert(departments).values({ name: 'Before the crash' });
    await joined.close();
    server.child.kill('SIGKILL');
    await server.exited;
    expect(readLock(dataDir).pid).toBe(server.child.pid);

    const next = await openDatabase({ dataDir, whenBusy: 'refuse' });
    expect(next.access).toBe('owner');
    expect(readLock(dataDir).pid).toBe(process.pid);
    expect(await next.db.select().from(departments).where(eq(departments.name, 'Before the crash'))).toHaveLength(1);
    await next.close();
  }, 300_000);

  it('naming a process that is gone (or a lock cut short) does not block the next start', async () => {
    const dataDir = freshDataDir();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    writeFileSync(path.join(dataDir, 'database.lock'), JSON.stringify({ pid: Number(gone), socketPath: path.join(dataDir, '.s.PGSQL.5432'), startedAt: '' }));
    const first = await openDatabase({ dataDir, whenBusy: 'refuse' });
    expect(first.access).toBe('owner');
    await first.close();

    writeFileSync(path.join(dataDir, 'database.lock'), '{"pid":');
    const second = await openDatabase({ dataDir, whenBusy: 'refuse' });
    expect(second.access).toBe('owner');
    await second.close();
  }, 300_000);
});
