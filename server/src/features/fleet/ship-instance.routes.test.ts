import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { auditEvents, departments, sops, users } from '../../db/schema';
import { makePdf } from '../../test/documents';
import { buildDepartment, crewOf, signIn, TEST_PASSWORD } from '../../test/factories';
import { createSopAs, decideTask, getSop, submitSopAs, uploadFiles } from '../../test/client';
import { FleetConfigError, fleetInstance } from './instance.helper';

// The office app publishes; a ship's app over the same database stands for the copy on board
// (replication itself is tested elsewhere): what matters here is what the ship lets through.
const { t, admin, approver, crew } = await crewOf({ admin: 'admin', approver: 'approver', crew: 'user' });
let ship: App;
let departmentId: number;
let versionId: number;
let attachmentId: number;

beforeAll(async () => {
  ship = (await t.anotherInstance({ instance: { kind: 'ship', vessel: 'AURORA', natsUrl: 'nats://127.0.0.1:1' } })).app;
  departmentId = (await buildDepartment(t.db, 'Deck')).id;
  const sop = await createSopAs(t, crew, { departmentId, title: 'Mooring stations' });
  versionId = sop.latestVersionId!;
  [{ id: attachmentId }] = await uploadFiles(t, crew, versionId, [{ name: 'mooring.pdf', data: await makePdf('Mooring', ['Lines fore and aft']) }]);
  await submitSopAs(t, crew, sop.id);
  const taskId = (await getSop(t, approver, sop.id)).pendingTaskId!;
  expect((await decideTask(t, approver, taskId, { status: 'approved' })).statusCode).toBe(200);
});

const onShip = (cookie: string | null, options: { method: string; url: string; payload?: unknown }) =>
  ship.inject({ ...options, method: options.method as 'GET', headers: cookie ? { cookie } : {} } as never) as Promise<LightMyRequestResponse>;

/** Every route the app serves, as [method, path], read from Fastify's own route tree. */
function routesOf(app: App): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    for (const method of match[3].split(', ')) found.push([method, stack.join('')]);
  }
  return found;
}

const OFFICE_ONLY = { code: 'office_only', message: expect.stringContaining('made ashore') };
// Signing an attestation on board may ask for a passkey challenge first; the master acknowledges a
// circular's receipt for the vessel on board (fleet-circulars.test.ts follows it ashore).
const ON_BOARD_WRITES = [
  'POST /api/login',
  'POST /api/logout',
  'POST /api/sop-versions/:id/attestations',
  'POST /api/sop-versions/:id/reads',
  'POST /api/signatures/challenge',
  'POST /api/circulars/:id/vessel-acknowledgement',
  // A suggestion for change made on board travels ashore like an attestation (decision 079).
  'POST /api/sops/:id/suggestions',
  // The master's review is filled and signed on board, then travels ashore (decision 080).
  'POST /api/reviews',
  'PUT /api/reviews/:id',
  'POST /api/reviews/:id/sign',
];

describe('a ship instance', () => {
  it('answers every write to office-owned data with 409 office_only and changes nothing', async () => {
    const writes = routesOf(ship).filter(([method, url]) => url.startsWith('/api/') && !['GET', 'HEAD'].includes(method));
    // The route tree is read right: the writes the app has today are all there.
    expect(writes.length).toBeGreaterThanOrEqual(25);
    expect(writes.map((w) => w.join(' '))).toEqual(expect.arrayContaining([...ON_BOARD_WRITES, 'PUT /api/sops/:id', 'POST /api/register']));

    const before = await tally();
    const refused: string[] = [];
    for (const [method, pattern] of writes) {
      const name = `${method} ${pattern}`;
      if (ON_BOARD_WRITES.includes(name)) continue;
      const url = pattern.replace(/:[A-Za-z]+/g, '1');
      const res = await onShip(admin.cookie, { method, url, payload: { name: 'Galley', title: 'x', username: 'newcrew', password: TEST_PASSWORD } });
      expect(res.statusCode, name).toBe(409);
      expect(res.json(), name).toMatchObject(OFFICE_ONLY);
      refused.push(name);
    }
    expect(refused).toHaveLength(writes.length - ON_BOARD_WRITES.length);
    expect(await tally()).toEqual(before);
  });

  it('asks a signed-out caller to sign in first, and refuses registration on board', async () => {
    expect((await onShip(null, { method: 'POST', url: '/api/sops', payload: {} })).statusCode).toBe(401);
    const register = await onShip(null, { method: 'POST', url: '/api/register', payload: { username: 'deckhand9', password: TEST_PASSWORD } });
    expect(register.statusCode).toBe(409);
    expect(register.json()).toEqual(OFFICE_ONLY);
  });

  it('lets crew sign in with their office account, read, open the files and attest', async () => {
    const cookie = await signIn(ship, crew.username, TEST_PASSWORD);
    expect((await onShip(cookie, { method: 'GET', url: '/api/sops' })).statusCode).toBe(200);
    const opened = await onShip(cookie, { method: 'POST', url: `/api/sop-versions/${versionId}/reads`, payload: { attachmentId } });
    expect(opened.statusCode, opened.body).toBe(201);
    const attested = await onShip(cookie, { method: 'POST', url: `/api/sop-versions/${versionId}/attestations` });
    expect(attested.statusCode).toBe(201);
    expect((await onShip(cookie, { method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
  });

  it('leaves the office as it was: the same writes work there', async () => {
    const res = await t.as(admin, { method: 'POST', url: '/api/departments', payload: { name: 'Galley' } });
    expect(res.statusCode).toBe(201);
  });
});

describe('starting an instance', () => {
  it('is the office without VESSEL, with or without NATS_URL', () => {
    expect(fleetInstance({})).toEqual({ kind: 'office' });
    expect(fleetInstance({ NATS_URL: 'nats://hub:4222' })).toEqual({ kind: 'office', natsUrl: 'nats://hub:4222' });
    expect(fleetInstance({ VESSEL: 'AURORA', NATS_URL: 'nats://127.0.0.1:4222' })).toEqual({
      kind: 'ship',
      vessel: 'AURORA',
      natsUrl: 'nats://127.0.0.1:4222',
    });
  });

  it('refuses a ship without NATS_URL, or with a code that cannot be a vessel, saying what to set', () => {
    expect(() => fleetInstance({ VESSEL: 'AURORA' })).toThrow(FleetConfigError);
    expect(() => fleetInstance({ VESSEL: 'AURORA' })).toThrow(/set NATS_URL/);
    expect(() => fleetInstance({ VESSEL: 'aurora star', NATS_URL: 'nats://x' })).toThrow(/2-16 of A-Z, 0-9 and -/);
  });

  it('npm start with VESSEL and no NATS_URL exits at once with that message', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env: { ...process.env, VESSEL: 'AURORA', NATS_URL: '', DATA_DIR: path.join(tmpdir(), 'sop-ship-refused'), PORT: '0' },
      encoding: 'utf8',
      // Generous: loading the server's modules alone takes seconds on a busy machine; the refusal itself comes before any of its work.
      timeout: 120_000,
    });
    expect(run.error).toBeUndefined();
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('VESSEL=AURORA starts the ship');
    expect(run.stderr).toContain('set NATS_URL');
    // Refused before anything is opened or made.
    expect(existsSync(path.join(tmpdir(), 'sop-ship-refused'))).toBe(false);
  }, 130_000);
});

async function tally() {
  const [u] = await t.db.select({ n: count() }).from(users);
  const [s] = await t.db.select({ n: count() }).from(sops);
  const [d] = await t.db.select({ n: count() }).from(departments);
  const [a] = await t.db.select({ n: count() }).from(auditEvents);
  return { users: u.n, sops: s.n, departments: d.n, audit: a.n };
}
