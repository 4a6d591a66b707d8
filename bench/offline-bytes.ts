/**
 * Bytes on the wire for a crew member's repeat session, cold and warm: sign in, dashboard,
 * procedures list, open an SOP, download its file. Chromium with one persistent profile talks
 * to the app through a counting TCP relay, so every byte is counted, the service worker's and
 * the HTTP cache's included. The cold session starts with an empty profile; the warm one is
 * the same profile in a new browser (the app installed, the answers revalidated by ETag).
 * Each session ends by signing out, as on a shared computer (which deletes the offline copies).
 *
 * Start the browser-test server first, then:
 *   bash scripts/e2e-server.sh 5208 &
 *   BASE_URL=http://127.0.0.1:5208 npx tsx bench/offline-bytes.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { apiAs, createSop, publishSop } from '../e2e/support/seed';
import { makePdf } from '../e2e/support/sop-files';
import { E2E_USERS } from '../e2e/support/users';

const target = new URL(process.env.BASE_URL ?? 'http://127.0.0.1:5208');

interface Tally {
  up: number;
  down: number;
  /** Requests seen on the wire: method, path and the status of their answer, in order. */
  requests: string[];
}
let tally: Tally = { up: 0, down: 0, requests: [] };

/** Relays each connection to the app, counting bytes both ways and reading the request and status lines. */
function startRelay(): Promise<net.Server> {
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    const pending: string[] = [];
    client.on('data', (chunk: Buffer) => {
      tally.up += chunk.length;
      for (const match of chunk.toString('latin1').matchAll(/^(GET|HEAD|POST|PUT|DELETE) (\S+) HTTP\/1\.1/gm)) pending.push(`${match[1]} ${match[2]}`);
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      tally.down += chunk.length;
      for (const match of chunk.toString('latin1').matchAll(/^HTTP\/1\.1 (\d{3})/gm)) tally.requests.push(`${pending.shift() ?? '?'} ${match[1]}`);
      client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  return new Promise((resolve) => relay.listen(0, '127.0.0.1', () => resolve(relay)));
}

const isAsset = (line: string) => !/ \/api\//.test(line) && !/ \/healthz/.test(line);

async function session(profile: string, base: string, sopId: number, title: string): Promise<Tally> {
  tally = { up: 0, down: 0, requests: [] };
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update'],
    baseURL: base,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/auth');
  await page.getByLabel('Username').fill(E2E_USERS.user.username);
  await page.getByLabel('Password').fill(E2E_USERS.user.password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await page.getByRole('button', { name: 'Logout' }).waitFor();
  // The sign-in reloads the page; then the worker (installed on the first visit) controls it.
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Procedures', exact: true }).click();
  await page.getByTestId('sop-row').first().waitFor();
  await page.goto(`/sop/${sopId}`);
  await page.getByRole('heading', { name: title }).waitFor();
  const tab = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  await (await tab).waitForEvent('download').catch(() => undefined);
  await page.waitForLoadState('networkidle');
  // Let the worker finish its background work (precache on the first visit) before counting ends.
  await page.waitForTimeout(1500);
  // Signed out at the end, as on a shared computer: the next session signs in again.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(/\/auth$/);
  const result = tally;
  await context.close();
  return result;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const relay = await startRelay();
const base = `http://127.0.0.1:${(relay.address() as net.AddressInfo).port}`;
const title = `Bytes on the wire ${Date.now().toString(36)}`;
const author = await apiAs(target.origin, E2E_USERS.user);
const approver = await apiAs(target.origin, E2E_USERS.approver);
const sopId = await createSop(author, title, 'Deck', `${title}: what the crew does, step by step.`);
const detail = (await (await author.get(`/api/sops/${sopId}`)).json()) as { latestVersionId: number };
const upload = await author.post(`/api/sop-versions/${detail.latestVersionId}/attachments`, {
  multipart: { file: await makePdf('bytes-on-the-wire.pdf', title, ['Step one.', 'Step two.']) },
});
if (!upload.ok()) throw new Error(`Upload failed: ${upload.status()}`);
await publishSop(author, approver, sopId, title);
await author.dispose();
await approver.dispose();

const profile = mkdtempSync(path.join(tmpdir(), 'sop-bytes-'));
try {
  const cold = await session(profile, base, sopId, title);
  const warm = await session(profile, base, sopId, title);
  console.log('session (sign in, dashboard, list, SOP, file)   down        up   requests  asset requests');
  for (const [name, t] of [
    ['cold (empty profile)', cold],
    ['warm (same profile, new browser)', warm],
  ] as const) {
    const assets = t.requests.filter(isAsset);
    console.log(
      `${name.padEnd(46)} ${kb(t.down).padStart(10)} ${kb(t.up).padStart(9)} ${String(t.requests.length).padStart(10)} ${String(assets.length).padStart(15)}`,
    );
  }
  console.log('\nwarm session, every request on the wire:');
  for (const line of warm.requests) console.log(`  ${line}`);
} finally {
  relay.close();
  rmSync(profile, { recursive: true, force: true });
}
process.exit(0);
