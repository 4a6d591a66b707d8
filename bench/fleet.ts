/**
 * `npm run bench:fleet`: a hub and a ship's leaf `nats-server`, the office and the ship app
 * (`node --import tsx server/src/main.ts`, embedded databases), all on this machine as
 * processes, the leaf link through a throttled TCP proxy: 64 KB/s and 300 ms each way, then
 * 512 kbit/s and 300 ms. Each run starts a new ship and measures:
 * - a cold ship filled with BENCH_FLEET_SOPS SOPs (500) and BENCH_FLEET_COLD_MB of files
 *   (default 12 MB in 50 files; 200 takes about 55 min per run at 64 KB/s, so BENCH_FLEET_RUNS=1
 *   runs the first link speed only): bytes over the
 *   link against the bytes of the messages they carry (target <= 1.1 x), and the time;
 * - a new SOP version with a 5 MB PDF: bytes over the link (target <= 1.15 x the file + 100 KB),
 *   time from approval until the ship serves it (target <= 1.3 x bytes / bandwidth + 30 s),
 *   then the bytes over the link while 50 crew download it from the ship (target: none);
 * - an attestation made on board while the link is cut: time from the link's return until
 *   it counts in compliance ashore (target <= 10 s).
 * Stops by itself after BENCH_TIMEOUT_S (default 3600).
 */
import { randomBytes } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { VesselDocument } from '../common/contracts/fleet';
import type { SopCompliance } from '../common/contracts/reading';
import { filesSubject, OFFICE_STREAM, officeSubject } from '../server/src/features/fleet/messages.helper';
import { ADMIN_PASSWORD, type AppProcess, randomText, Session, startAppProcess } from '../server/src/test/fleet/fleet-processes';
import { startLinkProxy } from '../server/src/test/fleet/link-proxy';
import { freePort, type NatsServer, startHub, startShipNats } from '../server/src/test/fleet/nats-servers';
import { type FleetFigures, kb, mb, printFleetReport, seconds } from './fleet-report';

const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 3600) * 1000;
const SOPS = Number(process.env.BENCH_FLEET_SOPS ?? 500);
const COLD_MB = Number(process.env.BENCH_FLEET_COLD_MB ?? 12);
const COLD_FILES = 50;
const DELAY_MS = 300;
const ALL_RUNS = [
  { name: '64 KB/s, 300 ms each way', rate: 64 * 1024 },
  { name: '512 kbit/s, 300 ms each way', rate: 512_000 / 8 },
];
// BENCH_FLEET_RUNS=1 runs the first link speed only (a 200 MB cold fill takes about 55 min per run).
const RUNS = (process.env.BENCH_FLEET_RUNS ?? '1,2').split(',').map((n) => {
  const run = ALL_RUNS[Number(n) - 1];
  if (!run) throw new Error(`BENCH_FLEET_RUNS: no run ${n} (1 or 2)`);
  return run;
});
const CREW = { username: 'bench-crew', password: 'bench-crew-passphrase-7' };

const stops: (() => Promise<unknown>)[] = [];
const guard = setTimeout(async () => {
  console.error(`\nBench stopped after ${TIMEOUT_MS / 1000} s (BENCH_TIMEOUT_S).`);
  await shutdown();
  process.exit(2);
}, TIMEOUT_MS);
async function shutdown() {
  for (const stop of stops.splice(0).reverse()) await stop().catch(() => undefined);
}
process.on('SIGINT', () => void shutdown().then(() => process.exit(130)));

async function until<T>(check: () => Promise<T | false | undefined>, what: string, timeoutMs = TIMEOUT_MS): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A one-page PDF carrying `bytes` of incompressible data (as a scanned drawing would). */
async function bigPdf(bytes: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595.28, 841.89]);
  page.drawText('Engine room general arrangement (scan attached)', { x: 50, y: 780, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  await pdf.attach(randomBytes(bytes), 'arrangement-scan.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await pdf.save());
}

/** The bytes of what the office put in the hub's streams for `vessel`: records and file chunks, with their headers. */
async function payloadBytes(hubUrl: string, vessel: string): Promise<{ records: number; files: number }> {
  const nc = await connect({ servers: hubUrl });
  try {
    const js = jetstream(nc);
    const total = async (stream: string, subject: string) => {
      const consumer = await js.consumers.get(stream, { filter_subjects: subject });
      let bytes = 0;
      for (;;) {
        const msg = await consumer.next({ expires: 2000 });
        if (!msg) return bytes;
        bytes += msg.data.length + (msg.headers?.toString().length ?? 0) + subject.length;
        if (msg.info.pending === 0) return bytes;
      }
    };
    return { records: await total(OFFICE_STREAM, officeSubject(vessel)), files: await total(OFFICE_STREAM, filesSubject(vessel)) };
  } finally {
    await nc.close();
  }
}

// The office and its hub; the ships' leaf links all pass the one proxy (one ship at a time).
const leafPort = await freePort();
const proxy = await startLinkProxy({ port: leafPort });
stops.push(() => proxy.close());
const hub = await startHub({ leafPort, advertiseLeaf: `127.0.0.1:${proxy.port}` });
stops.push(() => hub.dispose());
const office = await startAppProcess({ env: { NATS_URL: hub.url } });
stops.push(() => office.dispose());
const admin = await Session.signIn(office.base, 'admin', ADMIN_PASSWORD);
const deck = await admin.json<{ id: number }>('POST', '/api/departments', { name: 'Deck' });
await admin.json('POST', '/api/admin/users', { ...CREW, role: 'user', departmentId: deck.id });

const fileBytes = Math.floor((COLD_MB * 1024 * 1024) / COLD_FILES);
console.log(`Filling the office: ${SOPS} SOPs, ${COLD_FILES} of them with a file of ${kb(fileBytes)} (${COLD_MB} MB in all)…`);
const startedFill = Date.now();
/** The bytes of every file ashore, the files' own size: what a cold ship must receive. */
let filesAshore = 0;
for (let i = 0; i < SOPS; i += 5) {
  await Promise.all(
    Array.from({ length: Math.min(5, SOPS - i) }, (_, j) => {
      const n = i + j;
      const withFile = n % Math.max(1, Math.floor(SOPS / COLD_FILES)) === 0 && n / Math.floor(SOPS / COLD_FILES) < COLD_FILES;
      if (withFile) filesAshore += fileBytes;
      return admin.publish({
        title: `Procedure ${n + 1}`,
        departmentId: deck.id,
        content: `Step one of procedure ${n + 1}: check the equipment. Step two: report to the officer of the watch.`,
        files: withFile ? [{ name: `procedure-${n + 1}.txt`, data: randomText(fileBytes, n + 1), type: 'text/plain' }] : [],
      });
    }),
  );
}
console.log(`  done in ${seconds(Date.now() - startedFill)}`);

const results: FleetFigures[] = [];

for (const [index, run] of RUNS.entries()) {
  const vessel = `RUN-${index + 1}`;
  console.log(`\n${run.name}: ship ${vessel}`);
  proxy.throttle(0, 0);
  const nats: NatsServer = await startShipNats(vessel, proxy.url);
  stops.push(() => nats.dispose());
  const ship: AppProcess = await startAppProcess({ env: { VESSEL: vessel, NATS_URL: nats.url } });
  stops.push(() => ship.dispose());
  proxy.throttle(run.rate, DELAY_MS);
  proxy.resetBytes();

  // A cold ship: registered now, it fills itself.
  const coldStart = Date.now();
  await admin.json('POST', '/api/admin/vessels', { code: vessel, name: `Bench ${vessel}` });
  const documents = () => admin.json<VesselDocument[]>('GET', `/api/fleet/vessels/${vessel}/documents`);
  await until(async () => {
    const list = await documents();
    // Every SOP ashore, the earlier runs' PDFs included.
    return list.length >= SOPS + index && list.every((d) => d.state === 'current');
  }, 'the cold fill');
  const coldMs = Date.now() - coldStart;
  const coldBytes = proxy.bytes().toShip;
  const coldFilesAshore = filesAshore;
  const payload = await payloadBytes(hub.url, vessel);
  console.log(`  cold fill: ${mb(coldBytes)} over the link for ${mb(payload.records + payload.files)} of messages, ${seconds(coldMs)}`);

  // A new version with a 5 MB PDF.
  const crew = await until(() => Session.signIn(ship.base, CREW.username, CREW.password), 'crew sign-in on board');
  const pdf = await bigPdf(5 * 1024 * 1024);
  filesAshore += pdf.length;
  const published = await (async () => {
    const sop = await admin.json<{ id: number; latestVersionId: number }>('POST', '/api/sops', {
      title: `Arrangement ${vessel}`,
      departmentId: deck.id,
      content: 'See the drawing.',
    });
    const body = (await import('../server/src/test/multipart')).multipart([{ name: 'arrangement.pdf', data: pdf, type: 'application/pdf' }]);
    const up = await admin.fetch(`/api/sop-versions/${sop.latestVersionId}/attachments`, {
      method: 'POST',
      headers: body.headers,
      body: new Uint8Array(body.payload),
    });
    if (up.status !== 201) throw new Error(`upload answered ${up.status}: ${await up.text()}`);
    const attachment = (await up.json()) as { id: number };
    const { taskId } = await admin.json<{ taskId: number }>('POST', `/api/sops/${sop.id}/submit`);
    proxy.resetBytes();
    await admin.json('PUT', `/api/approvals/${taskId}`, { status: 'approved' });
    return { sopId: sop.id, versionId: sop.latestVersionId, attachmentId: attachment.id, at: Date.now() };
  })();
  await until(async () => (await crew.fetch(`/api/attachments/${published.attachmentId}/download`)).status === 200, 'the PDF on board');
  const pdfMs = Date.now() - published.at;
  const pdfBytes = proxy.bytes().toShip;
  console.log(`  5 MB PDF (${mb(pdf.length)}): ${mb(pdfBytes)} over the link, readable on board after ${seconds(pdfMs)}`);

  // 50 crew read it on board.
  proxy.resetBytes();
  const readsStart = Date.now();
  for (let i = 0; i < 50; i += 10) {
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        const res = await crew.fetch(`/api/attachments/${published.attachmentId}/download`);
        if ((await res.arrayBuffer()).byteLength !== pdf.length) throw new Error('a download on board was short');
      }),
    );
  }
  const readsMs = Date.now() - readsStart;
  const readsBytes = proxy.bytes().toShip;
  console.log(`  50 downloads on board in ${seconds(readsMs)}: ${kb(readsBytes)} over the link meanwhile`);

  // An attestation made while the link is cut, counted ashore after it returns.
  proxy.cut();
  await crew.json('POST', `/api/sop-versions/${published.versionId}/attestations`);
  proxy.restore();
  const back = Date.now();
  await until(async () => (await admin.json<SopCompliance>('GET', `/api/sops/${published.sopId}/compliance`)).attested === 1, 'the attestation ashore');
  const attestMs = Date.now() - back;
  console.log(`  attestation counted ashore ${seconds(attestMs)} after the link returned`);

  results.push({
    run: run.name,
    cold: { linkBytes: coldBytes, records: payload.records, files: payload.files, filesAshore: coldFilesAshore, ms: coldMs },
    pdf: { size: pdf.length, linkBytes: pdfBytes, ms: pdfMs, target: 1.3 * (pdfBytes / run.rate) * 1000 + 30_000 },
    reads: { linkBytes: readsBytes, ms: readsMs },
    attestation: { ms: attestMs },
  });
  await ship.dispose();
  await nats.dispose();
}

printFleetReport(results, { sops: SOPS, coldMb: COLD_MB, delayMs: DELAY_MS });
clearTimeout(guard);
await shutdown();
process.exit(0);
