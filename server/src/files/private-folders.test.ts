import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { makePrivate, PRIVATE_UMASK } from './private-folders';

const work = mkdtempSync(path.join(tmpdir(), 'sop-private-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const mode = (file: string) => statSync(file).mode & 0o777;

/** Every folder and file under `root` with its permission bits, where group or others have any. */
function readableByOthers(root: string): string[] {
  const found: string[] = [];
  const visit = (target: string) => {
    const stats = statSync(target);
    if (stats.mode & 0o077) found.push(`${path.relative(root, target) || '.'} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const name of readdirSync(target)) visit(path.join(target, name));
  };
  visit(root);
  return found;
}

describe('private folders', () => {
  it('repairs folders to 0700 and files to 0600 under every root, and counts what it changed', async () => {
    const data = path.join(work, 'old-data');
    const files = path.join(work, 'files');
    mkdirSync(path.join(data, 'pgdata', 'base'), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(data, 'pgdata', 'base', '1249'), 'hashes', { mode: 0o666 });
    mkdirSync(path.join(files, 'ab'), { recursive: true, mode: 0o775 });
    writeFileSync(path.join(files, 'ab', 'abcdef'), 'bytes', { mode: 0o644 });
    writeFileSync(path.join(files, 'already-private'), 'bytes', { mode: 0o600 });
    const outside = path.join(work, 'outside');
    writeFileSync(outside, 'not ours', { mode: 0o644 });
    symlinkSync(outside, path.join(files, 'link'));

    const changed = await makePrivate([data, files, undefined, files]);
    expect(readableByOthers(data)).toEqual([]);
    expect(mode(path.join(data, 'pgdata'))).toBe(0o700);
    expect(mode(path.join(data, 'pgdata', 'base', '1249'))).toBe(0o600);
    expect(mode(path.join(files, 'ab', 'abcdef'))).toBe(0o600);
    // A link's target is not the app's to change.
    expect(mode(outside)).toBe(0o644);
    expect(changed).toBeGreaterThanOrEqual(6);
    expect(await makePrivate([data, files])).toBe(0);
  });

  it('under the umask the server runs with, the embedded database writes nothing others can read', { timeout: 120_000 }, async () => {
    const data = path.join(work, 'fresh-data');
    mkdirSync(data, { mode: 0o700 });
    const previous = process.umask(PRIVATE_UMASK);
    try {
      const database = await openDatabase({ dataDir: data });
      await database.close();
    } finally {
      process.umask(previous);
    }
    expect(readdirSync(data).length).toBeGreaterThan(0);
    expect(readableByOthers(data)).toEqual([]);
  });
});
