/**
 * `npm run bench:library`: the Procedures list at a large line's size, read in pages from the
 * server (keyset cursors). Three parts, each printed as a table:
 *
 * 1. On the embedded database and on PostgreSQL (a fresh database on BENCH_POSTGRES_URL),
 *    BENCH_LIBRARY_SOPS (50,000) generated SOPs (bench/generate.ts) behind the real server: for
 *    each sort, a department filter and a search, the first page (50 rows) and the next one:
 *    their bytes over the wire as a browser asks for them (Brotli) and p50/p95 of
 *    BENCH_LIBRARY_RUNS (20) sequential requests on 127.0.0.1 (targets: <= 100 KB, p95 <= 200
 *    ms). Then the server's memory (RSS) while one reader walks 1,000 pages by their cursors
 *    (target: flat).
 * 2. A ship's copy (embedded) holding BENCH_SHIP_SOPS (10,000) SOPs sent by an office over a NATS
 *    hub and leaf, exactly as on board; then BENCH_CREW (200) connections browse it at once for
 *    BENCH_SECONDS: list pages (five sorts), SOP pages and file downloads from its store, asked as
 *    a browser asks (compression accepted), once the ship's own work after receiving the library
 *    has settled and each page has been opened once (those first openings' times are printed);
 *    each kind's bytes over the wire and p99 (target <= 300 ms).
 * 3. At 5,000 SOPs, the first page's requests per second beside a bare Node server sending the
 *    same bytes from memory, under the same load (target >= 0.9), and Fastify alone (no plugin,
 *    no database) sending them: the framework's own ceiling, which the app cannot pass. Each
 *    server is warmed by one load first; each server's CPU time per request is printed too.
 *
 * BENCH_DATABASES=embedded|postgres limits part 1; BENCH_LIBRARY_PARTS=1,2,3 picks parts. Stops
 * by itself after BENCH_TIMEOUT_S (3600).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startHub, startShipNats } from '../server/src/test/fleet/nats-servers';
import { type DatabaseKind, filledDatabase } from './databases';
import { generateBenchData } from './generate';
import { type Load, load, ownHead, percentile, SECONDS } from './measure';
import { benchSession, type Child, signIn, startBareServer, startFastifyServer, startServer } from './processes';

const SOPS = Number(process.env.BENCH_LIBRARY_SOPS ?? 50_000);
const SHIP_SOPS = Number(process.env.BENCH_SHIP_SOPS ?? 10_000);
const RATIO_SOPS = 5000;
/** Rounds of part 3 (app, Fastify alone and the bare server, one after another). */
const RATIO_ROUNDS = Number(process.env.BENCH_RATIO_ROUNDS ?? 9);
const RUNS = Number(process.env.BENCH_LIBRARY_RUNS ?? 20);
const WALK_PAGES = Number(process.env.BENCH_WALK_PAGES ?? 1000);
const CREW = Number(process.env.BENCH_CREW ?? 200);
const DATABASES = (process.env.BENCH_DATABASES ?? 'embedded,postgres').split(',') as DatabaseKind[];
const PARTS = new Set((process.env.BENCH_LIBRARY_PARTS ?? '1,2,3').split(',').map(Number));
const ADMIN = { username: 'admin', password: 'bench-library-admin-passphrase' };
/** A generated owner with the plain user's role: sees what is in force and their own drafts. */
const CREW_MEMBER = { username: 'bench-owner-1', password: 'bench-owner-password' };
const session = benchSession(Number(process.env.BENCH_TIMEOUT_S ?? 3600) * 1000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

interface Page {
  items: { id: number; latestVersion: { firstAttachmentId: number | null } | null }[];
  nextCursor: string | null;
  total: number;
  totalIsEstimate: boolean;
}

/** One GET as a browser sends it (Brotli accepted): the bytes that crossed, the body decoded, the wall time. */
function browserGet(url: string, cookie: string): Promise<{ wire: number; body: string; ms: number; status: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { cookie, 'accept-encoding': 'br, gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', async () => {
        const raw = Buffer.concat(chunks);
        const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
        const encoding = res.headers['content-encoding'];
        const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ wire: raw.length, body: body.toString('utf8'), ms: performance.now() - started, status: res.statusCode ?? 0 });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function pageOf(url: string, cookie: string) {
  const answer = await browserGet(url, cookie);
  if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${answer.body.slice(0, 200)}`);
  return { ...answer, page: JSON.parse(answer.body) as Page };
}

/** The first page's and the next page's bytes and times, RUNS sequential requests each. */
async function measureQuery(base: string, cookie: string, query: string) {
  const first = `${base}/api/sops?limit=50${query}`;
  const { page, wire } = await pageOf(first, cookie);
  const next = page.nextCursor ? `${first}&cursor=${encodeURIComponent(page.nextCursor)}` : null;
  const nextWire = next ? (await pageOf(next, cookie)).wire : 0;
  const times = { first: [] as number[], next: [] as number[] };
  for (let i = 0; i < RUNS; i++) {
    times.first.push((await pageOf(first, cookie)).ms);
    if (next) times.next.push((await pageOf(next, cookie)).ms);
  }
  return { total: `${page.total.toLocaleString('en')}${page.totalIsEstimate ? ' (estimate)' : ''}`, wire, nextWire, times };
}

/** Walks `pages` pages by their cursors (starting over at the end), sampling the server's RSS. */
async function walk(server: Child, cookie: string, pages: number) {
  const before = server.rss();
  let peak = before;
  const timer = setInterval(() => {
    if (server.alive()) peak = Math.max(peak, server.rss());
  }, 50);
  const samples: number[] = [];
  let cursor: string | null = null;
  try {
    for (let i = 0; i < pages; i++) {
      const url: string = `${server.base}/api/sops?limit=50&sort=title:asc${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const { page } = await pageOf(url, cookie);
      cursor = page.nextCursor;
      if ((i + 1) % Math.max(1, Math.floor(pages / 4)) === 0) samples.push(server.rss());
    }
  } finally {
    clearInterval(timer);
  }
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  return { before: mb(before), quarters: samples.map(mb).join(' → '), peak: mb(peak), after: mb(server.rss()) };
}

const QUERIES: [string, (departmentId: number) => string][] = [
  ['sort title', () => '&sort=title:asc'],
  ['sort updated', () => '&sort=updated:desc'],
  ['sort status', () => '&sort=status:asc'],
  ['sort department', () => '&sort=department:asc'],
  ['sort reviewDue', () => '&sort=reviewDue:asc'],
  ['filter department', (id) => `&departmentId=${id}&sort=title:asc`],
  ['search "muster drill"', () => `&search=${encodeURIComponent('muster drill')}`],
];

async function partOne(kind: DatabaseKind) {
  const workDir = mkdtempSync(path.join(tmpdir(), 'sop-bench-library-'));
  session.cleanups.push(async () => rmSync(workDir, { recursive: true, force: true }));
  const { env, ms: fillMs } = await filledDatabase(kind, workDir, session.cleanups, (db) => generateBenchData(db, SOPS));
  console.log(`${kind}: ${SOPS.toLocaleString('en')} SOPs generated in ${(fillMs / 1000).toFixed(0)} s`);
  const server = await startServer({ ...env, ADMIN_PASSWORD: ADMIN.password });
  session.children.add(server);
  try {
    const admin = await signIn(server.base, ADMIN);
    const crew = await signIn(server.base, CREW_MEMBER);
    const departments = (await (await fetch(`${server.base}/api/departments`, { headers: { cookie: admin } })).json()) as { id: number }[];
    const rows: string[][] = [];
    for (const [who, cookie] of [
      ['admin', admin],
      ['crew', crew],
    ] as const) {
      for (const [name, query] of QUERIES) {
        if (who === 'crew' && name !== 'sort title' && name !== 'search "muster drill"') continue;
        const m = await measureQuery(server.base, cookie, query(departments.at(-1)!.id));
        rows.push([
          `${who}, ${name}`,
          m.total,
          kb(m.wire),
          ms(percentile(m.times.first, 50)),
          ms(percentile(m.times.first, 95)),
          kb(m.nextWire),
          m.times.next.length ? ms(percentile(m.times.next, 95)) : '-',
        ]);
        console.log(`  ${rows.at(-1)!.join(' | ')}`);
      }
    }
    console.log(`  walking ${WALK_PAGES} pages...`);
    const memory = await walk(server, admin, WALK_PAGES);
    return { rows, memory };
  } finally {
    await server.stop();
    session.children.delete(server);
  }
}

async function partTwo() {
  const workDir = mkdtempSync(path.join(tmpdir(), 'sop-bench-library-ship-'));
  session.cleanups.push(async () => rmSync(workDir, { recursive: true, force: true }));
  console.log(`Ship's copy: the office (PostgreSQL) with ${SHIP_SOPS.toLocaleString('en')} SOPs sends them to one ship...`);
  const { env } = await filledDatabase('postgres', workDir, session.cleanups, (db) => generateBenchData(db, SHIP_SOPS));
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  session.cleanups.push(() => client.end());
  const count = async (text: string) => Number((await client.query(text)).rows[0].n);
  const hub = await startHub();
  session.cleanups.push(() => hub.dispose());
  const office = await startServer({ ...env, ADMIN_PASSWORD: ADMIN.password, NATS_URL: hub.url });
  session.children.add(office);
  const officeAdmin = await signIn(office.base, ADMIN);
  const registered = await fetch(`${office.base}/api/admin/vessels`, {
    method: 'POST',
    headers: { cookie: officeAdmin, 'content-type': 'application/json' },
    body: JSON.stringify({ code: 'BENCH-SHIP', name: 'Bench Ship' }),
  });
  if (registered.status !== 201) throw new Error(`registering the vessel: ${registered.status} ${await registered.text()}`);
  const nats = await startShipNats('BENCH-SHIP', hub.leafUrl!);
  session.cleanups.push(() => nats.dispose());
  const shipDir = path.join(workDir, 'ship');
  const ship = await startServer({ DATA_DIR: shipDir, ADMIN_PASSWORD: ADMIN.password, VESSEL: 'BENCH-SHIP', NATS_URL: nats.url });
  session.children.add(ship);
  const inForce = await count(`select count(*)::int as n from sops s where exists (select 1 from sop_versions v where v.sop_id = s.id and v.is_published)`);
  const started = performance.now();
  for (;;) {
    const onBoard = await count(`select count(*)::int as n from vessel_documents where vessel_code = 'BENCH-SHIP' and withdrawn_at is null`);
    process.stdout.write(`\r  on board: ${onBoard} of ${inForce}   `);
    if (onBoard >= inForce) break;
    if (performance.now() - started > 30 * 60_000) throw new Error('the ship did not receive every SOP in force within 30 minutes');
    await sleep(1000);
  }
  console.log(`\n  every SOP in force on board after ${((performance.now() - started) / 1000).toFixed(0)} s`);
  // The office's part is done: only the ship answers the crew.
  await office.stop();
  session.children.delete(office);

  const cookie = await signIn(ship.base, CREW_MEMBER);
  const listPaths = ['title:asc', 'updated:desc', 'status:asc', 'department:asc', 'reviewDue:asc'].map((sort) => `/api/sops?limit=50&sort=${sort}`);
  // The first pages' SOPs, and the files of those that have one (every third SOP has a file on its
  // latest version, not always the one in force): pages are walked until twenty files are found.
  const sops: Page['items'] = [];
  const fileIds: number[] = [];
  let cursor: string | null = null;
  for (let pageNo = 0; pageNo < 40 && fileIds.length < 20; pageNo += 1) {
    const { page }: { page: Page } = await pageOf(`${ship.base}${listPaths[0]}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, cookie);
    sops.push(...page.items);
    for (const sop of page.items) if (typeof sop.latestVersion?.firstAttachmentId === 'number') fileIds.push(sop.latestVersion.firstAttachmentId);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  const sopPaths = sops.slice(0, 40).map((sop) => `/api/sops/${sop.id}`);
  const filePaths = fileIds.slice(0, 20).map((id) => `/api/attachments/${id}/download`);
  if (filePaths.length === 0) throw new Error(`no file among the first ${sops.length} SOPs on board`);
  const shares = { list: Math.round(CREW * 0.5), sop: Math.round(CREW * 0.35) };
  const kinds: [string, string[], number][] = [
    ['list pages', listPaths, shares.list],
    ['SOP pages', sopPaths, shares.sop],
    ['file downloads', filePaths, CREW - shares.list - shares.sop],
  ];
  // The ship's own work after receiving the library (text extraction of its files, previews)
  // writes, and each write moves the data version every cached answer is built for. Crew browse
  // a ship whose library came in earlier: the load starts once the version has held for 10 s.
  const versionOnBoard = async () =>
    /^"v(\d+)/.exec((await fetch(`${ship.base}${listPaths[0]}`, { headers: { cookie } })).headers.get('etag') ?? '')?.[1] ?? '?';
  const settling = performance.now();
  for (let held = await versionOnBoard(), since = performance.now(); performance.now() - since < 10_000; ) {
    if (performance.now() - settling > 15 * 60_000) throw new Error('the ship kept writing for 15 minutes after receiving the library');
    await sleep(1000);
    const now = await versionOnBoard();
    if (now !== held) [held, since] = [now, performance.now()];
  }
  const before = await versionOnBoard();
  console.log(`  the ship's own work settled ${((performance.now() - settling) / 1000).toFixed(0)} s after the library was on board (data version ${before})`);
  // The first opening of each page builds its answer (kept until the data changes); the crew's
  // browsing is measured after one person has opened each once, and that first pass is shown.
  const firstOpenings: number[] = [];
  for (const p of [...listPaths, ...sopPaths, ...filePaths]) {
    const started = performance.now();
    await (await fetch(`${ship.base}${p}`, { headers: { cookie, 'accept-encoding': 'br, gzip' } })).arrayBuffer();
    firstOpenings.push(performance.now() - started);
  }
  console.log(`  first openings, one at a time: p50 ${ms(percentile(firstOpenings, 50))}, max ${ms(Math.max(...firstOpenings))}`);
  console.log(`  ${CREW} crew connections browsing for ${SECONDS} s...`);
  const results = await Promise.all(
    kinds.map(async ([name, paths, connections]) => {
      const latencies: number[] = [];
      const instance = autocannon({
        url: ship.base,
        connections,
        duration: SECONDS,
        timeout: 30,
        // As a crew member's browser asks: every browser accepts compressed answers.
        headers: { cookie, 'accept-encoding': 'br, gzip' },
        requests: paths.map((p) => ({ method: 'GET' as const, path: p })),
      });
      instance.on('response', (_client, _status, _bytes, time) => latencies.push(time));
      const result = await instance;
      return {
        name,
        connections,
        requests: result.requests.total,
        bytes: result.requests.total ? result.throughput.total / result.requests.total : 0,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        failures: (result.non2xx ? `${result.non2xx} non-2xx ` : '') + (result.errors ? `${result.errors} errors` : ''),
      };
    }),
  );
  const after = await versionOnBoard();
  if (after !== before) console.log(`  the data version moved from ${before} to ${after} during the run: answers were rebuilt`);
  await ship.stop();
  session.children.delete(ship);
  return results;
}

async function partThree() {
  const workDir = mkdtempSync(path.join(tmpdir(), 'sop-bench-library-ratio-'));
  session.cleanups.push(async () => rmSync(workDir, { recursive: true, force: true }));
  const { env } = await filledDatabase('embedded', workDir, session.cleanups, (db) => generateBenchData(db, RATIO_SOPS));
  const server = await startServer({ ...env, ADMIN_PASSWORD: ADMIN.password });
  session.children.add(server);
  const cookie = await signIn(server.base, ADMIN);
  const url = `${server.base}/api/sops?limit=50&sort=title:asc`;
  // The same bytes the app sends to a client asking without compression (as autocannon does).
  const listFile = path.join(workDir, 'page.json');
  const page = await fetch(url, { headers: { cookie, 'accept-encoding': 'identity' } });
  writeFileSync(listFile, Buffer.from(await page.arrayBuffer()));
  // The answer's head too: its security and cache headers are bytes the app sends on every answer.
  const head = ownHead(page.headers);
  const headersFile = path.join(workDir, 'page-headers.json');
  writeFileSync(headersFile, JSON.stringify(head));
  const downloadFile = path.join(workDir, 'unused.txt');
  writeFileSync(downloadFile, 'unused');
  const bare = await startBareServer(listFile, downloadFile);
  session.children.add(bare);
  const bareWithHead = await startBareServer(listFile, downloadFile, headersFile);
  session.children.add(bareWithHead);
  const framework = await startFastifyServer(listFile);
  session.children.add(framework);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  // Rounds of loads side by side. The machine's speed drifts within a run (other work shares it,
  // and a virtual machine's neighbours), so each ratio's two loads run back to back, the one and
  // then the other first in turn: a ratio of two loads a minute apart measures the drift.
  const rounds: { app: Load; fastifyAlone: Load; yardstick: Load; bareWithHead: Load }[] = [];
  // The load generator shares the machine's cores with the server: besides requests per second, the
  // server's own CPU time per request, which does not depend on how fast the generator is.
  const measureOn = async (child: Child, target: string): Promise<Load> => {
    const before = child.cpuSeconds();
    const result = await load(target, { connections, headers: { cookie } });
    const requests = result.rps * SECONDS;
    return { ...result, cpuPerRequestUs: requests ? ((child.cpuSeconds() - before) / requests) * 1e6 : Number.NaN };
  };
  // Each server warmed first, as a server in service is: a process's first load also compiles its
  // request path, and counted in a round it would weigh on whichever server that round starts with.
  for (const [child, target] of [
    [server, url],
    [framework, `${framework.base}/list`],
    [bare, `${bare.base}/list`],
    [bareWithHead, `${bareWithHead.base}/list`],
  ] as const)
    await measureOn(child, target);
  for (let round = 0; round < RATIO_ROUNDS; round += 1) {
    const runs = {
      app: () => measureOn(server, url),
      // The same load for all: the yardsticks are sent the session cookie too, and ignore it.
      fastifyAlone: () => measureOn(framework, `${framework.base}/list`),
      yardstick: () => measureOn(bare, `${bare.base}/list`),
      bareWithHead: () => measureOn(bareWithHead, `${bareWithHead.base}/list`),
    };
    const pairs = [
      ['app', 'bareWithHead'],
      ['fastifyAlone', 'yardstick'],
    ] as const;
    const measured: Partial<Record<keyof typeof runs, Load>> = {};
    for (const pair of round % 4 < 2 ? pairs : [...pairs].reverse())
      for (const name of round % 2 === 0 ? pair : [...pair].reverse()) measured[name] = await runs[name]();
    rounds.push(measured as (typeof rounds)[number]);
  }
  await Promise.all([server.stop(), bare.stop(), bareWithHead.stop(), framework.stop()]);
  return { rounds, connections };
}

const table = (header: string[], rows: string[][]) => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
};

type Part = DatabaseKind | 'ship' | 'ratio';
const parts: Part[] = [...(PARTS.has(1) ? DATABASES : []), ...(PARTS.has(2) ? (['ship'] as const) : []), ...(PARTS.has(3) ? (['ratio'] as const) : [])];
const results = await session.perDatabase(parts, async (part: Part) => {
  if (part === 'ship') return { ship: await partTwo() };
  if (part === 'ratio') return { ratio: await partThree() };
  return { library: await partOne(part) };
});

const output: string[] = [];
for (const { kind, rows } of results) {
  if ('library' in rows && rows.library) {
    output.push(`\n${kind === 'embedded' ? 'Embedded database (PGlite)' : 'PostgreSQL'}, ${SOPS.toLocaleString('en')} SOPs, ${RUNS} sequential requests each`);
    output.push(table(['query', 'total', 'first page (br)', 'p50', 'p95', 'next page (br)', 'next p95'], rows.library.rows));
    const memory = rows.library.memory;
    output.push(`Server RSS walking ${WALK_PAGES} pages: before ${memory.before}, by quarters ${memory.quarters}, peak ${memory.peak}, after ${memory.after}`);
    output.push('Targets: first and next page <= 100 KB over the wire, p95 <= 200 ms; memory flat over the walk.');
  }
  if ('ship' in rows && rows.ship) {
    output.push(`\nShip's copy (embedded), ${SHIP_SOPS.toLocaleString('en')} SOPs, ${CREW} crew connections at once for ${SECONDS} s`);
    output.push(
      table(
        ['kind', 'connections', 'requests', 'bytes each', 'p50', 'p99', 'failures'],
        rows.ship.map((r) => [r.name, String(r.connections), String(r.requests), kb(r.bytes), ms(r.p50), ms(r.p99), r.failures || 'none']),
      ),
    );
    output.push('Target: p99 <= 300 ms for each kind.');
  }
  if ('ratio' in rows && rows.ratio) {
    const { rounds, connections } = rows.ratio;
    type Round = (typeof rounds)[number];
    const median = (values: number[]) => percentile(values, 50);
    const row = (measure: string, pick: (round: Round) => Load, base: (round: Round) => Load, target: string) => {
      const spread = (each: number[]) => `${median(each).toFixed(2)} (${Math.min(...each).toFixed(2)}-${Math.max(...each).toFixed(2)})`;
      const byRate = rounds.map((round) => pick(round).rps / base(round).rps);
      // The bare server's CPU time per request over the app's: the same ratio, unmoved by how fast the load generator was.
      const byCpu = rounds.map((round) => (base(round).cpuPerRequestUs ?? Number.NaN) / (pick(round).cpuPerRequestUs ?? Number.NaN));
      return [
        measure,
        median(rounds.map((r) => pick(r).rps)).toFixed(0),
        median(rounds.map((r) => base(r).rps)).toFixed(0),
        spread(byRate),
        spread(byCpu),
        target,
      ];
    };
    output.push(
      `\nFirst page at ${RATIO_SOPS.toLocaleString('en')} SOPs, ${connections} connections for ${SECONDS} s, beside a bare Node server sending the same bytes from memory; ${rounds.length} rounds, the two loads of a ratio back to back; req/s medians, and the median of the rounds' ratios (range), by requests per second and by CPU time per request`,
    );
    output.push(
      table(
        ['measure', 'req/s', 'bare req/s', 'ratio', 'ratio by CPU time', 'target'],
        [
          row(
            'GET /api/sops?limit=50, bare sending its head and body',
            (r) => r.app,
            (r) => r.bareWithHead,
            '>= 0.9',
          ),
          row(
            'same, bare sending its body alone',
            (r) => r.app,
            (r) => r.yardstick,
            '',
          ),
          row(
            'Fastify alone sending the body, bare the same',
            (r) => r.fastifyAlone,
            (r) => r.yardstick,
            'ceiling',
          ),
        ],
      ),
    );
    const cpu = (pick: (round: Round) => Load) => `${median(rounds.map((r) => pick(r).cpuPerRequestUs ?? Number.NaN)).toFixed(0)} µs`;
    output.push(
      `Server CPU time per request (all its threads, user and system; medians): app ${cpu((r) => r.app)}, bare with head ${cpu((r) => r.bareWithHead)}, bare body alone ${cpu((r) => r.yardstick)}, Fastify alone ${cpu((r) => r.fastifyAlone)}`,
    );
    const failures = rounds.flatMap((r) => (r.app.failures ? [r.app.failures] : []));
    if (failures.length) output.push(`app failures: ${failures.join('; ')}`);
  }
}
console.log(output.join('\n'));
process.exit(results.length === parts.length ? 0 : 1);
