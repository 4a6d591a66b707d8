/**
 * `npm run bench`: the app in-process on a free port over a generated database (a fresh
 * PGlite in a temporary folder, or DATABASE_URL), signed in, then autocannon on the SOP
 * list and on a search, ~10 s each (BENCH_SECONDS). Prints requests/s and p95/p97.5 latency.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../server/src/app';
import { openDatabase } from '../server/src/db/client';
import { createUser } from '../server/src/features/auth/auth.service';
import { findUserWithHashByUsername } from '../server/src/features/users/users.repo';
import { BENCH_USER, generateBenchData, sopCount } from './generate';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGET_SOPS = Number(process.env.BENCH_SOPS ?? 5000);

const tempDir = process.env.DATABASE_URL ? undefined : mkdtempSync(path.join(tmpdir(), 'sop-bench-'));
const database = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: tempDir });
const existing = await sopCount(database.db);
if (existing < TARGET_SOPS) {
  const ms = await generateBenchData(database.db, TARGET_SOPS - existing);
  console.log(`Generated ${TARGET_SOPS - existing} SOPs in ${(ms / 1000).toFixed(1)} s (${database.kind}).`);
}
if (!(await findUserWithHashByUsername(database.db, BENCH_USER.username))) {
  await createUser(database.db, { ...BENCH_USER, email: null, firstName: 'Bench', lastName: 'Reader', role: 'user' }, null);
}

const app = await buildApp({ db: database.db, sessionSecret: 'bench-session-secret-long-enough-for-signing', logger: { level: 'error' } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BENCH_USER) });
const setCookie = login.headers.get('set-cookie')?.split(';')[0];
if (!login.ok || !setCookie) throw new Error(`bench sign-in failed: ${login.status}`);
const cookie: string = setCookie;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(label: string, urlPath: string) {
  const check = await fetch(`${base}${urlPath}`, { headers: { cookie } });
  const rows = ((await check.json()) as unknown[]).length;
  const latencies: number[] = [];
  const instance = autocannon({ url: `${base}${urlPath}`, connections: CONNECTIONS, duration: SECONDS, headers: { cookie } });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  // Non-2xx answers are failures of the app; `errors` are connection-level (timeouts, resets).
  const failures = [result.non2xx ? `${result.non2xx} non-2xx` : '', result.errors ? `${result.errors} errors (${result.timeouts} timeouts)` : ''].filter(Boolean).join(', ');
  console.log(
    `${label.padEnd(28)} ${rows.toString().padStart(5)} rows  ${result.requests.average.toFixed(1).padStart(8)} req/s  ` +
      `p50 ${percentile(latencies, 50).toFixed(1)} ms  p95 ${percentile(latencies, 95).toFixed(1)} ms  p97.5 ${percentile(latencies, 97.5).toFixed(1)} ms  ` +
      `(${result.requests.total} requests, ${(result.throughput.average / 1024 / 1024).toFixed(1)} MB/s${failures ? `, ${failures}` : ''})`,
  );
}

console.log(`\nBench over ${await sopCount(database.db)} SOPs on ${database.kind}, ${CONNECTIONS} connections, ${SECONDS} s each:`);
try {
  await measure('GET /api/sops', '/api/sops');
  await measure('GET /api/sops?search=lifeb', '/api/sops?search=lifeb');
  await measure('GET /api/sops?search=galley insp', `/api/sops?search=${encodeURIComponent('galley insp')}`);
} finally {
  await app.close();
  await database.close();
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
}
