/**
 * `npm run bench`: the real server (`node --import tsx server/src/main.ts`, a child process on
 * 127.0.0.1) over 5,000 generated SOPs, measured side by side with a bare Node server sending
 * the same bytes, on the embedded database (a temporary DATA_DIR) and on PostgreSQL (a fresh
 * database on BENCH_POSTGRES_URL, dropped afterwards). Prints one table of ratios and stops by
 * itself (BENCH_TIMEOUT_S, default 900). BENCH_DATABASES=embedded|postgres picks one;
 * BENCH_SECONDS sets each load run (default 5).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DatabaseKind, filledDatabase } from './databases';
import { generateBenchData } from './generate';
import { benchSession, signIn, startBareServer, startServer } from './processes';
import { type Row, runScenarios } from './scenarios';

const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 900) * 1000;
const SOPS = Number(process.env.BENCH_SOPS ?? 5000);
const DATABASES = (process.env.BENCH_DATABASES ?? 'embedded,postgres').split(',') as DatabaseKind[];
const ADMIN_PASSWORD = `bench-${randomBytes(8).toString('hex')}`;

const { children, cleanups, perDatabase } = benchSession(TIMEOUT_MS);

async function prepare(kind: DatabaseKind, workDir: string) {
  const { env, ms } = await filledDatabase(kind, workDir, cleanups, (db) => generateBenchData(db, SOPS));
  console.log(`${kind}: generated ${SOPS} SOPs in ${(ms / 1000).toFixed(1)} s`);
  return env;
}

async function benchOne(kind: DatabaseKind): Promise<Row[]> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'sop-bench-'));
  cleanups.push(async () => rmSync(workDir, { recursive: true, force: true }));
  const env = await prepare(kind, workDir);
  const server = await startServer({ ...env, ADMIN_PASSWORD });
  children.add(server);
  const cookie = await signIn(server.base, { username: 'admin', password: ADMIN_PASSWORD });

  // The same bytes for the yardstick: the list as the app sends it, and a 10 MB text file.
  const listFile = path.join(workDir, 'list.json');
  writeFileSync(listFile, Buffer.from(await (await fetch(`${server.base}/api/sops`, { headers: { cookie } })).arrayBuffer()));
  const downloadFile = path.join(workDir, 'ten-mb.txt');
  writeFileSync(downloadFile, Buffer.alloc(10 * 1000 * 1000, 'Muster drill log line. '));
  const bare = await startBareServer(listFile, downloadFile);
  children.add(bare);
  try {
    return await runScenarios({ app: server, bare, cookie, listFile, downloadFile });
  } finally {
    await Promise.all([server.stop(), bare.stop()]);
    children.delete(server);
    children.delete(bare);
  }
}

const results = await perDatabase(DATABASES, benchOne);

for (const { kind, rows } of results) {
  console.log(`\n${kind === 'embedded' ? 'Embedded database (PGlite)' : 'PostgreSQL'}: app vs a bare Node server, same bytes, one run`);
  console.log(`${'measure'.padEnd(44)} ${'app'.padStart(14)} ${'bare'.padStart(14)} ${'ratio'.padStart(7)}  target`);
  for (const row of rows) {
    console.log(
      `${row.measure.padEnd(44)} ${row.app.padStart(14)} ${row.bare.padStart(14)} ${row.ratio.padStart(7)}  ${row.target}${row.note ? `  (${row.note})` : ''}`,
    );
  }
}
process.exit(results.length === DATABASES.length ? 0 : 1);
