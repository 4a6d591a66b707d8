import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/fleet/nats-servers';

/** `npm start` as an operator runs it, in a process of its own. */
const work = mkdtempSync(path.join(tmpdir(), 'sop-start-'));
let npm: ChildProcess | undefined;
afterAll(() => {
  if (npm?.exitCode === null) npm.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start', () => {
  it('makes an older data folder private at start, saying so once, and stops the whole server on SIGTERM', { timeout: 180_000 }, async () => {
    const dataDir = path.join(work, 'data');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'session-secret'), 'a-secret-an-older-version-left-readable');
    chmodSync(dataDir, 0o755);
    chmodSync(path.join(dataDir, 'session-secret'), 0o644);
    // A built client newer than its sources, so start does not build one.
    const clientDir = path.join(work, 'client');
    mkdirSync(clientDir);
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>SOP Harbor</title>');
    const port = await freePort();

    let output = '';
    npm = spawn('npm', ['start'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CLIENT_DIR: clientDir, DATABASE_URL: '', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    npm.stdout!.on('data', (chunk) => (output += chunk));
    npm.stderr!.on('data', (chunk) => (output += chunk));
    for (let i = 0; i < 600 && !output.includes('SOP Harbor ready') && npm.exitCode === null; i += 1) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(output).toContain('SOP Harbor ready');
    expect(await listening(port)).toBe(true);
    const serverPid = Number(/"pid":(\d+)/.exec(output)![1]);

    expect(output.match(/now private/g)).toHaveLength(1);
    const open: string[] = [];
    const visit = (target: string) => {
      const stats = statSync(target);
      if (stats.mode & 0o077) open.push(`${target} ${(stats.mode & 0o777).toString(8)}`);
      if (stats.isDirectory()) for (const name of readdirSync(target)) visit(path.join(target, name));
    };
    visit(dataDir);
    expect(open).toEqual([]);

    const exited = new Promise((resolve) => npm!.once('exit', resolve));
    npm.kill('SIGTERM');
    await exited;
    for (let i = 0; i < 100 && ((await listening(port)) || alive(serverPid)); i += 1) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await listening(port)).toBe(false);
    expect(alive(serverPid)).toBe(false);
  });
});
