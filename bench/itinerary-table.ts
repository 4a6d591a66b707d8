/**
 * `npx tsx bench/itinerary-table.ts`: an itinerary's table as the crew asks for it (every card on
 * the Itinerary page asks), at three sizes of file, beside a bare Node server sending the same head
 * and bytes from memory. Starts the real server on a temporary embedded database, uploads a CSV
 * itinerary of each size, times its first table (read in the document worker) and then loads the
 * table route with 10 connections for BENCH_SECONDS (5) asking as a browser asks (Brotli).
 */
import { request } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load, ownHead, SECONDS, timeOne } from './measure';
import { benchSession, signIn, startBareServer, startServer } from './processes';

const ROWS = [30, 500, 2000];
const ADMIN = { username: 'admin', password: 'bench-admin-password-2026' };
const session = benchSession(Number(process.env.BENCH_TIMEOUT_S ?? 600) * 1000);
const workDir = mkdtempSync(path.join(tmpdir(), 'sop-bench-itinerary-'));
session.cleanups.push(async () => rmSync(workDir, { recursive: true, force: true }));

const csv = (rows: number) =>
  Buffer.from(
    [
      'Date,Port,Arrival,Departure,Berth,Shore excursions',
      ...Array.from({ length: rows }, (_, i) => `2026-05-${String((i % 28) + 1).padStart(2, '0')},Port ${i},08:00,18:00,Pier ${i % 7},Old town walk`),
    ].join('\r\n'),
  );

/** The answer's bytes and head exactly as the server sent them. */
function rawAnswer(url: string, headers: Record<string, string>): Promise<{ body: Buffer; head: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({ body: Buffer.concat(chunks), head: ownHead(Object.entries(response.headers)) });
      });
    })
      .on('error', reject)
      .end();
  });
}

const results = await session.perDatabase(['embedded'] as const, async () => {
  const server = await startServer({ DATA_DIR: path.join(workDir, 'data'), ADMIN_PASSWORD: ADMIN.password });
  session.children.add(server);
  const cookie = await signIn(server.base, ADMIN);
  const rows: string[][] = [];
  for (const size of ROWS) {
    const form = new FormData();
    form.append('uploadDate', '2026-05-01');
    form.append('file', new Blob([new Uint8Array(csv(size))], { type: 'text/csv' }), `ports-${size}.csv`);
    const uploaded = await fetch(`${server.base}/api/itineraries`, { method: 'POST', body: form, headers: { cookie } });
    if (uploaded.status !== 201) throw new Error(`upload of ${size} rows: ${uploaded.status} ${await uploaded.text()}`);
    const { id } = (await uploaded.json()) as { id: number };
    const url = `${server.base}/api/itineraries/${id}/table`;
    const headers = { cookie, 'accept-encoding': 'br' };
    const firstMs = await timeOne(url, headers);
    // The bytes and head the app sends, as sent (fetch would undo the compression), for the bare server to send the same.
    const { body, head } = await rawAnswer(url, headers);
    const bodyFile = path.join(workDir, `table-${size}`);
    const headFile = path.join(workDir, `table-${size}.json`);
    writeFileSync(bodyFile, body);
    writeFileSync(headFile, JSON.stringify(head));
    const bare = await startBareServer(bodyFile, bodyFile, headFile);
    session.children.add(bare);
    const app = await load(url, { connections: 10, headers });
    const yardstick = await load(`${bare.base}/list`, { connections: 10, headers });
    await bare.stop();
    session.children.delete(bare);
    rows.push([
      String(size),
      `${(body.length / 1024).toFixed(1)} KB ${head['content-encoding'] ?? 'plain'}`,
      `${firstMs.toFixed(0)} ms`,
      app.rps.toFixed(0),
      yardstick.rps.toFixed(0),
      (app.rps / yardstick.rps).toFixed(2),
      `${app.p99.toFixed(0)} ms`,
      app.failures || '-',
    ]);
  }
  return rows;
});

for (const { rows } of results) {
  console.log(`\nGET /api/itineraries/{id}/table, 10 connections for ${SECONDS} s, beside a bare Node server sending the same head and bytes`);
  console.log('| rows | answer | first (worker) | req/s | bare req/s | ratio | p99 | failures |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}
