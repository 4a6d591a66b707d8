import { chmod, lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Everything the app keeps on disk (the embedded database with its password hashes and
 * write-ahead log, stored files, backups) is for its own user alone: folders 0700, files 0600.
 * New files are private through the process umask (set in loadConfig); this repairs what an
 * older version, or another program, left readable by others. Symbolic links are not
 * followed: their targets are not the app's to change.
 */
export const PRIVATE_UMASK = 0o077;

/** Makes every folder and file under `roots` private; answers how many it had to change. */
export async function makePrivate(roots: (string | undefined)[]): Promise<number> {
  let changed = 0;
  const visit = async (target: string): Promise<void> => {
    const stats = await lstat(target).catch(() => null);
    if (!stats || stats.isSymbolicLink()) return;
    if (stats.mode & 0o077) {
      await chmod(target, stats.isDirectory() ? 0o700 : 0o600);
      changed += 1;
    }
    if (stats.isDirectory()) for (const name of await readdir(target).catch(() => [])) await visit(path.join(target, name));
  };
  for (const root of new Set(roots.filter((root): root is string => Boolean(root)).map((root) => path.resolve(root)))) await visit(root);
  return changed;
}
