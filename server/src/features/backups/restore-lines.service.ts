import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { TableInfo } from './catalog.service';
import { RestoreRefusedError } from './restore-refusals.helper';

/** A line of a backup file (see writeBackup), in the order they come. */
export type BackupLine =
  | { format: string; version: number; migrations: string[]; tables: TableInfo[] }
  | { table: string }
  | { row: Record<string, unknown> }
  | { end: string; checksum?: string }
  | { file: string }
  | { chunk: string }
  | { endFile: string; size: number; sha256: string }
  | { complete: true; rows: number; files: number };

/** The next line of the backup; a file that ends before its `complete` line is refused. */
export type NextLine = () => Promise<BackupLine>;

/** A backup file read line by line as it is unzipped; `close` stops reading. */
export function openBackupLines(file: string): { next: NextLine; close: () => void } {
  const name = path.basename(file);
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })[Symbol.asyncIterator]();
  return {
    async next() {
      const { value, done } = await lines.next();
      if (done) throw new RestoreRefusedError(`${name} ends early: the backup is incomplete.`);
      return JSON.parse(value) as BackupLine;
    },
    close: () => void lines.return?.(),
  };
}
