/**
 * `npm run bench:reading`: required reading at fleet scale. Generates 5,000 users, 2,000
 * published SOPs and 500,000 attestations, starts the real server (a child process on
 * 127.0.0.1) and times GET /api/reading, GET /api/notifications (the bell) and GET
 * /api/dashboard/stats as a crew member and the office, and GET /api/compliance as the office,
 * one request after another, printing p50 and p95. The bell and the dashboard also count the
 * 50,000 suggestions for change (open ones on the caller's SOPs, answers to the caller's own).
 * PostgreSQL (a fresh database on BENCH_POSTGRES_URL, dropped afterwards) and the embedded
 * database; BENCH_DATABASES=postgres|embedded picks one. Stops by itself (BENCH_TIMEOUT_S, 900).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DatabaseKind, filledDatabase } from './databases';
import { percentile, timeOne } from './measure';
import { benchSession, signIn, startServer } from './processes';
import { BENCH_APPROVER, BENCH_READER, generateReadingData, READING_SIZES } from './reading-data';

const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 900) * 1000;
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,embedded').split(',') as DatabaseKind[];
const TARGETS = { '/api/reading': 20, '/api/notifications': 20, '/api/dashboard/stats': 50, '/api/compliance': 200 } as const;
const REQUESTS = { '/api/reading': 300, '/api/notifications': 300, '/api/dashboard/stats': 300, '/api/compliance': 100 } as const;

const { children, cleanups, perDatabase } = benchSession(TIMEOUT_MS);

async function prepare(kind: DatabaseKind, workDir: string) {
  const { env, ms } = await filledDatabase(kind, workDir, cleanups, generateReadingData);
  console.log(
    `${kind}: generated ${READING_SIZES.users} users, ${READING_SIZES.sops} SOPs, ${READING_SIZES.attestations} attestations in ${(ms / 1000).toFixed(1)} s`,
  );
  return env;
}

interface Row {
  path: string;
  p50: number;
  p95: number;
  target: number;
  note: string;
}

async function benchOne(kind: DatabaseKind): Promise<Row[]> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'reading-bench-'));
  cleanups.push(async () => rmSync(workDir, { recursive: true, force: true }));
  const env = await prepare(kind, workDir);
  const server = await startServer({ ...env, ADMIN_PASSWORD: `bench-${randomBytes(8).toString('hex')}` });
  children.add(server);
  try {
    const crew = { cookie: await signIn(server.base, BENCH_READER) };
    const office = { cookie: await signIn(server.base, BENCH_APPROVER) };
    const rows: Row[] = [];
    for (const [url, who] of [
      ['/api/reading', crew],
      ['/api/notifications', crew],
      ['/api/notifications', office],
      ['/api/dashboard/stats', crew],
      ['/api/dashboard/stats', office],
      ['/api/compliance', office],
    ] as const) {
      const body = (await await fetch(`${server.base}${url}`, { headers: who }).then((r) => r.json())) as Record<string, unknown> | unknown[];
      const note = Array.isArray(body)
        ? `${body.length} rows`
        : 'outstanding' in body
          ? `${(body.outstanding as unknown[]).length} outstanding, ${(body.done as unknown[]).length} done`
          : 'count' in body
            ? `count ${body.count}`
            : `${Object.keys(body).length} figures`;
      for (let i = 0; i < 10; i++) await timeOne(`${server.base}${url}`, who); // warm-up
      const times: number[] = [];
      for (let i = 0; i < REQUESTS[url]; i++) times.push(await timeOne(`${server.base}${url}`, who));
      rows.push({ path: `${url} (${who === crew ? 'crew' : 'approver'})`, p50: percentile(times, 50), p95: percentile(times, 95), target: TARGETS[url], note });
    }
    return rows;
  } finally {
    await server.stop();
    children.delete(server);
  }
}

const results = await perDatabase(DATABASES, benchOne);

for (const { kind, rows } of results) {
  console.log(`\n${kind === 'embedded' ? 'Embedded database (PGlite)' : 'PostgreSQL'}: one request after another, ms`);
  console.log(`${'request'.padEnd(36)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'target p95'.padStart(11)}  answer`);
  for (const r of rows) {
    const mark = r.p95 <= r.target ? 'ok' : 'OVER';
    console.log(`${r.path.padEnd(36)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${`≤ ${r.target}`.padStart(11)}  ${mark}  (${r.note})`);
  }
}
process.exit(results.length === DATABASES.length ? 0 : 1);
