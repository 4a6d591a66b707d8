/**
 * `npm run bench:fleet-scale`: the office at a cruise line's size. A fresh PostgreSQL database
 * with BENCH_SOPS SOPs (10,000) and BENCH_USERS people (3,000), the office app on a NATS hub,
 * measured first with no vessel registered, then with BENCH_VESSELS (50) registered of which
 * BENCH_SHIPS (3) run a real ship (app and leaf node) and the rest are only registered:
 * - office CPU (share of one core, from /proc) while nothing changes, with no vessel and with
 *   the fleet (targets: <= 5 % and <= 1.5 x without);
 * - `GET /api/sops` p50 as an admin, sequential requests, the fleet office beside the same app
 *   with no fleet link over the same database, before and after registering (target <= 1.2 x);
 * - one SOP change (a new version in force that applies to every vessel): time until it is
 *   queued for every vessel (target <= 5 s), and what it costs in storage: its row stored once
 *   in the office's database, and the bytes the hub's stream holds for it per vessel it was sent to.
 * Everything runs on 127.0.0.1 and stops by itself after BENCH_TIMEOUT_S (2400).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { OFFICE_STREAM, officeSubject } from '../server/src/features/fleet/messages.helper';
import { type NatsServer, startHub, startShipNats } from '../server/src/test/fleet/nats-servers';
import { filledDatabase } from './databases';
import { generateBenchData } from './generate';
import { percentile, timeOne } from './measure';
import { benchSession, type Child, signIn, startServer } from './processes';

const SOPS = Number(process.env.BENCH_SOPS ?? 10_000);
const USERS = Number(process.env.BENCH_USERS ?? 3000);
const VESSELS = Number(process.env.BENCH_VESSELS ?? 50);
const SHIPS = Number(process.env.BENCH_SHIPS ?? 3);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_S ?? 20);
const QUIET_LOAD = Number(process.env.BENCH_QUIET_LOAD ?? 2);
const ADMIN = { username: 'admin', password: 'bench-admin-passphrase-7' };
const session = benchSession(Number(process.env.BENCH_TIMEOUT_S ?? 2400) * 1000);
const code = (i: number) => `BENCH-${String(i).padStart(2, '0')}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until<T>(check: () => Promise<T | false | undefined>, what: string, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

/** CPU time (user + system) of a process so far, in seconds (Linux /proc; clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
/** Each process's share of one core while nothing is asked of them for IDLE_SECONDS. */
async function idleCpu(children: Child[]): Promise<number[]> {
  const before = children.map((c) => cpuSeconds(c.process.pid!));
  const started = performance.now();
  await sleep(IDLE_SECONDS * 1000);
  const seconds = (performance.now() - started) / 1000;
  return children.map((c, i) => (cpuSeconds(c.process.pid!) - before[i]) / seconds);
}
/**
 * Waits (at most 10 minutes) until the machine's 1-minute load average is under
 * BENCH_QUIET_LOAD (2: no more runnable work than these 2 cores), so that a figure compares the
 * office with itself and not with whatever else ran meanwhile.
 */
async function quietMachine() {
  const load = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  const end = Date.now() + 10 * 60_000;
  while (load() >= QUIET_LOAD && Date.now() < end) await sleep(5000);
  return load();
}
/**
 * p50 of `GET /api/sops` on each of `bases`, side by side: 5 requests each to warm up, then 12
 * rounds of 4 sequential requests to each in turn (the order alternating), so a drift of the
 * machine meanwhile weighs on every server alike.
 */
async function listP50s(bases: string[], cookies: string[]): Promise<number[]> {
  const times: number[][] = bases.map(() => []);
  for (const [i, base] of bases.entries()) for (let n = 0; n < 5; n++) await timeOne(`${base}/api/sops`, { cookie: cookies[i] });
  for (let round = 0; round < 12; round++) {
    const order = round % 2 === 0 ? bases.map((_, i) => i) : bases.map((_, i) => bases.length - 1 - i);
    for (const i of order) for (let n = 0; n < 4; n++) times[i].push(await timeOne(`${bases[i]}/api/sops`, { cookie: cookies[i] }));
  }
  return times.map((t) => percentile(t, 50));
}

const workDir = mkdtempSync(path.join(tmpdir(), 'sop-bench-fleet-scale-'));
session.cleanups.push(async () => rmSync(workDir, { recursive: true, force: true }));

console.log(`Filling PostgreSQL: ${SOPS.toLocaleString('en')} SOPs, ${USERS.toLocaleString('en')} people...`);
const { env, ms } = await filledDatabase('postgres', workDir, session.cleanups, async (db) => {
  const took = await generateBenchData(db, SOPS);
  const started = performance.now();
  // One hash for every generated person: sign-in is not measured here, the rows' size is.
  await db.execute(sql`insert into users (username, password, first_name, last_name, role, department_id)
    select 'crew' || g, '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0YmVuY2g$0000000000000000000000000000000000000000000',
      'Crew', 'Member ' || g, 'user', (select id from departments order by id limit 1 offset g % 5)
    from generate_series(1, ${USERS}) g`);
  await db.execute(sql`analyze`);
  return took + performance.now() - started;
});
console.log(`  filled in ${(ms / 1000).toFixed(0)} s`);
const databaseUrl = env.DATABASE_URL!;
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
session.cleanups.push(() => client.end());
const one = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows[0] as T;

const hub = await startHub();
session.cleanups.push(() => hub.dispose());
const office = await startServer({ ...env, ADMIN_PASSWORD: ADMIN.password, NATS_URL: hub.url });
session.children.add(office);
const cookie = await signIn(office.base, ADMIN);
// The same app over the same database with no fleet link: what the list costs without a fleet,
// measured beside the fleet office at each stage, so that the growth of the data between the
// stages (the fleet's own tables, the ships' reports) is not counted as the fleet's cost per request.
const plain = await startServer({ ...env, ADMIN_PASSWORD: ADMIN.password });
session.children.add(plain);
const plainCookie = await signIn(plain.base, ADMIN);

try {
  await sleep(5000);
  const loadAlone = await quietMachine();
  console.log(`Office with no vessel (load average ${loadAlone}): idle CPU and the SOP list...`);
  const [cpuAlone] = await idleCpu([office]);
  const [listAlone, listPlainAlone] = await listP50s([office.base, plain.base], [cookie, plainCookie]);

  console.log(`Registering ${VESSELS} vessels, ${SHIPS} of them with a ship running...`);
  const registerStarted = performance.now();
  for (let i = 1; i <= VESSELS; i++) {
    const res = await fetch(`${office.base}/api/admin/vessels`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ code: code(i), name: `Bench Vessel ${i}` }),
    });
    if (res.status !== 201) throw new Error(`registering ${code(i)}: ${res.status} ${await res.text()}`);
  }
  const ships: { nats: NatsServer; app: Child }[] = [];
  for (let i = 1; i <= SHIPS; i++) {
    const nats = await startShipNats(code(i), hub.leafUrl!);
    session.cleanups.push(() => nats.dispose());
    const dir = mkdtempSync(path.join(workDir, `ship-${i}-`));
    const app = await startServer({ DATA_DIR: dir, ADMIN_PASSWORD: ADMIN.password, VESSEL: code(i), NATS_URL: nats.url });
    session.children.add(app);
    ships.push({ nats, app });
  }
  await until(
    async () => (await one<{ n: number }>('select count(*)::int as n from vessels where full_plan_due')).n === 0,
    'every vessel planned whole once',
    15 * 60_000,
  );
  const planned = (performance.now() - registerStarted) / 1000;
  const { published } = await one<{ published: number }>(
    `select count(*)::int as published from sops s where exists (select 1 from sop_versions v where v.sop_id = s.id and v.is_published)`,
  );
  // Settled: every running ship has reported each SOP in force readable on board.
  await until(
    async () => {
      const { n } = await one<{ n: number }>(`select count(*)::int as n from vessel_documents where vessel_code = any($1) and withdrawn_at is null`, [
        ships.map((_, i) => code(i + 1)),
      ]);
      process.stdout.write(`\r  on board: ${n} of ${published * SHIPS}   `);
      return n >= published * SHIPS;
    },
    'the ships to hold every SOP in force',
    25 * 60_000,
  );
  const settled = (performance.now() - registerStarted) / 1000;
  console.log(`\n  planned in ${planned.toFixed(0)} s, settled in ${settled.toFixed(0)} s`);
  await sleep(5000);

  const loadFleet = await quietMachine();
  console.log(`Office with ${VESSELS} vessels (load average ${loadFleet}): idle CPU and the SOP list...`);
  const [cpuFleet, ...cpuShips] = await idleCpu([office, ...ships.map((s) => s.app)]);
  const [listFleet] = await listP50s([office.base], [cookie]);
  // The ships share these 2 cores with the office here; at sea each has its own machine. The
  // office's own cost is measured with the ship apps paused (their leaf nodes keep running).
  for (const ship of ships) ship.app.process.kill('SIGSTOP');
  await sleep(3000);
  const [listFleetOnly, listPlainFleet] = await listP50s([office.base, plain.base], [cookie, plainCookie]);
  for (const ship of ships) ship.app.process.kill('SIGCONT');

  console.log('One SOP change for every vessel...');
  const streamBytes = async () => {
    const nc = await connect({ servers: hub.url });
    try {
      const jsm = await jetstreamManager(nc);
      let bytes = 0;
      for (let i = 1; i <= SHIPS; i++) {
        const info = await jsm.streams.info(OFFICE_STREAM, { subjects_filter: officeSubject(code(i)) });
        bytes += info.state.bytes;
      }
      return { total: (await jsm.streams.info(OFFICE_STREAM)).state.bytes, shipsSubjects: bytes };
    } finally {
      await nc.close();
    }
  };
  const bytesBefore = await streamBytes();
  const target = await one<{ id: number }>(
    `select s.id from sops s where cardinality(s.vessel_codes) = 0 and exists (select 1 from sop_versions v where v.sop_id = s.id and v.is_published) order by s.id limit 1`,
  );
  const changedAt = performance.now();
  const { id: newVersion } = await one<{ id: number }>(
    `with v as (insert into sop_versions (sop_id, version_number, content, changelog, created_by, approved_by, approved_at, revision_class)
       select sop_id, '9.0', content || E'\\n- Changed for the bench', 'Bench change', created_by, created_by, now(), 'minor'
       from sop_versions where sop_id = $1 and is_published order by id desc limit 1 returning id, sop_id)
     update sops set latest_version_id = v.id, status = 'published', updated_at = now() from v where sops.id = v.sop_id returning v.id`,
    [target.id],
  );
  await until(
    async () => (await one<{ n: number }>('select count(*)::int as n from fleet_sent_versions where version_id = $1', [newVersion])).n >= VESSELS,
    'the change in every vessel’s outbox',
    60_000,
  );
  const queuedSeconds = (performance.now() - changedAt) / 1000;
  const { stored, rows } = await one<{ stored: number; rows: number }>(
    `select coalesce(sum(pg_column_size(p.row)), 0)::int as stored, count(*)::int as rows from fleet_payloads p where p.row->'version'->>'id' = $1`,
    [String(newVersion)],
  );
  await until(async () => (await streamBytes()).shipsSubjects > bytesBefore.shipsSubjects, 'the change at the hub', 30_000);
  await sleep(2000);
  const bytesAfter = await streamBytes();
  const perVessel = (bytesAfter.shipsSubjects - bytesBefore.shipsSubjects) / SHIPS;

  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
  const pct = (share: number) => `${(share * 100).toFixed(1)} %`;
  console.log(`\n| measure (${VESSELS} vessels registered, ${SHIPS} ships running) | baseline | with the fleet | ratio | target |`);
  console.log('|---|---|---|---|---|');
  console.log(
    `| office CPU, nothing changing (${IDLE_SECONDS} s): no vessel, then the fleet | ${pct(cpuAlone)} | ${pct(cpuFleet)} | ${ratio(cpuFleet, cpuAlone)} | ≤ 5 %, ≤ 1.5 × |`,
  );
  const list = `\`GET /api/sops\` p50 (${SOPS.toLocaleString('en')} SOPs, admin)`;
  console.log(
    `| ${list}, ship apps paused: the fleet office beside the same app with no fleet link, same data | ${listPlainFleet.toFixed(1)} ms | ${listFleetOnly.toFixed(1)} ms | ${ratio(listFleetOnly, listPlainFleet)} | ≤ 1.2 × |`,
  );
  console.log(
    `| same list before any vessel was registered (fleet office, app with no link) | ${listPlainAlone.toFixed(1)} ms | ${listAlone.toFixed(1)} ms | ${ratio(listAlone, listPlainAlone)} | |`,
  );
  console.log(
    `| the fleet office's list, before registering and after (the data grew meanwhile) | ${listAlone.toFixed(1)} ms | ${listFleetOnly.toFixed(1)} ms | ${ratio(listFleetOnly, listAlone)} | |`,
  );
  console.log(`| same, the ${SHIPS} ship apps running on the same 2 cores | | ${listFleet.toFixed(1)} ms | ${ratio(listFleet, listAlone)} | |`);
  console.log(`| each ship app's CPU, nothing changing | | ${cpuShips.map(pct).join(', ')} | | |`);
  console.log(`\nLoad average before each measurement: ${loadAlone} (no vessel), ${loadFleet} (the fleet).`);
  console.log(`| one SOP change queued for every vessel | | ${queuedSeconds.toFixed(2)} s | | ≤ 5 s |`);
  console.log(`| its row in the office database | | ${(stored / 1024).toFixed(1)} KB in ${rows} row${rows === 1 ? '' : 's'} for ${VESSELS} vessels | | |`);
  console.log(
    `| hub stream bytes per vessel sent to | | ${(perVessel / 1024).toFixed(1)} KB (× ${VESSELS} = ${((perVessel * VESSELS) / 1024).toFixed(0)} KB for the fleet) | | reported |`,
  );
  console.log(
    `\nFirst plan of ${VESSELS} vessels: ${planned.toFixed(0)} s; every running ship holding all ${published.toLocaleString('en')} SOPs in force: ${settled.toFixed(0)} s.`,
  );
} finally {
  // Stops every server and runs the clean-ups (perDatabase's own ending, with nothing more to bench).
  await session.perDatabase([], async () => undefined);
}
