import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AckPolicy, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { SopDetail } from '../../../common/contracts/sops';
import { attestations, sops } from '../db/schema';
import { buildDepartment, createTestContext, signIn, TEST_PASSWORD } from '../test/factories';
import { createSopAs, submitSopAs } from '../test/client';
import { startOfficeLink } from './office-link';
import { startShipLink } from './ship-link';
import { eventually } from './test/fleet-harness';
import { freePort, launchNats, type NatsServer } from './test/nats-servers';

// The production NATS configs (deploy/nats/hub-tls.conf with fleet-users.conf, ship-tls.conf),
// used as they are with environment variables: the leaf link over TLS with a CA made here, the
// vessel signed in with its own credential, the office with its own.
const dir = mkdtempSync(path.join(tmpdir(), 'sop-nats-tls-'));
const started: NatsServer[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  for (const server of started) await server.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** A CA, and the hub's certificate and key signed by it for 127.0.0.1 (openssl, in the temporary folder). */
function makeCertificates() {
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '2', '-subj', '/CN=Fleet test CA');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('hub.key'), '-out', file('hub.csr'), '-subj', '/CN=hub');
  writeFileSync(file('san.cnf'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl(
    'x509',
    '-req',
    '-in',
    file('hub.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-out',
    file('hub.pem'),
    '-days',
    '2',
    '-extfile',
    file('san.cnf'),
  );
  return { ca: file('ca.pem'), cert: file('hub.pem'), key: file('hub.key') };
}

/** Starts nats-server with one of the deploy configs (killed after the file's tests). */
async function natsServer(conf: string, env: Record<string, string>): Promise<NatsServer> {
  const server = await launchNats(conf, env, Number(env.NATS_PORT), env.NATS_STORE_DIR);
  started.push(server);
  return server;
}

const store = (name: string) => mkdtempSync(path.join(dir, `${name}-`));
const AURORA_PASSWORD = 'aurora-secret-for-tests';

const certs = makeCertificates();
const hubPort = await freePort();
const leafPort = await freePort();
const hub = await natsServer('hub-tls.conf', {
  NATS_HOST: '127.0.0.1',
  NATS_PORT: String(hubPort),
  NATS_LEAF_PORT: String(leafPort),
  NATS_LEAF_ADVERTISE: `127.0.0.1:${leafPort}`,
  NATS_STORE_DIR: store('hub'),
  NATS_TLS_CERT: certs.cert,
  NATS_TLS_KEY: certs.key,
  NATS_TLS_CA: certs.ca,
  NATS_PASSWORD_AURORA: AURORA_PASSWORD,
});
// The office app connects without a credential (hub-tls.conf's no_auth_user).
const officeUrl = `nats://127.0.0.1:${hubPort}`;

/** Starts a ship's nats-server on a fresh port, its leaf node dialling the hub at `leafUrl`. */
async function shipServer(conf: string, vessel: string, leafUrl: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const server = await natsServer(conf, {
    NATS_PORT: String(port),
    NATS_STORE_DIR: store(vessel.toLowerCase()),
    VESSEL: vessel,
    NATS_HUB_LEAF_URL: leafUrl,
    ...env,
  });
  return { server, url: `nats://127.0.0.1:${port}` };
}
const { url: shipUrl } = await shipServer('ship-tls.conf', 'AURORA', `tls://AURORA:${AURORA_PASSWORD}@127.0.0.1:${leafPort}`, { NATS_TLS_CA: certs.ca });
await eventually(() => hub.log().includes('Leafnode connection created'));

/** Connects, and closes the connection after the file's tests. */
async function client(servers: string): Promise<NatsConnection> {
  const nc = await connect({ servers });
  cleanups.push(() => nc.close());
  return nc;
}

/** What the office hears on `subject` (core NATS), once interest has crossed the link. */
async function heardAshore(ashore: NatsConnection, onShip: NatsConnection, subject: string, probe: string) {
  const heard: string[] = [];
  // Only the probe counts: the ship's own link publishes on its subject too.
  const sub = ashore.subscribe(subject, {
    callback: (_err, msg) => {
      if (msg.string() === probe) heard.push(probe);
    },
  });
  await ashore.flush();
  // Interest crosses the link a moment after the subscription: keep publishing for a while.
  const until = Date.now() + 3000;
  while (Date.now() < until && heard.length === 0) {
    onShip.publish(subject, probe);
    await onShip.flush();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  sub.unsubscribe();
  return heard;
}

describe('the production NATS configs: TLS on the leaf link, one credential per vessel', () => {
  it('carry the fleet: an SOP published ashore is applied on board, an attestation on board counts ashore', async () => {
    const office = await createTestContext({ jobs: 'manual' });
    cleanups.push(() => office.close());
    const officeLink = startOfficeLink(office.db, officeUrl, office.app.log, { everyMs: 150 });
    cleanups.push(() => officeLink.close());
    const ship = await createTestContext({ jobs: 'manual', instance: { kind: 'ship', vessel: 'AURORA', natsUrl: shipUrl } });
    cleanups.push(() => ship.close());
    const shipLink = startShipLink(ship.db, 'AURORA', shipUrl, ship.app.log, { everyMs: 150 });
    cleanups.push(() => shipLink.close());

    const admin = await office.signedInUser('admin');
    const approver = await office.signedInUser('approver');
    const crew = await office.signedInUser('user');
    expect((await office.as(admin, { method: 'POST', url: '/api/admin/vessels', payload: { code: 'AURORA', name: 'Aurora Borealis' } })).statusCode).toBe(201);
    const departmentId = (await buildDepartment(office.db, 'Deck')).id;
    const sop = await createSopAs(office, crew, { departmentId, title: 'Lifeboat drill', content: 'Lower to the embarkation deck.' });
    const { taskId } = await submitSopAs(office, crew, sop.id);
    expect((await office.as(approver, { method: 'PUT', url: `/api/approvals/${taskId}`, payload: { status: 'approved' } })).statusCode).toBe(200);

    const cookie = await eventually(async (): Promise<string | false> => signIn(ship.app, crew.username, TEST_PASSWORD).catch(() => false), 30_000);
    await eventually(async () => (await ship.db.select({ n: count() }).from(sops).where(eq(sops.id, sop.id)))[0].n === 1, 30_000);
    const onBoard = (await ship.app.inject({ method: 'GET', url: `/api/sops/${sop.id}`, headers: { cookie } })).json() as SopDetail;
    expect(onBoard.title).toBe('Lifeboat drill');
    expect(shipLink.problem()).toBeNull();

    const attested = await ship.app.inject({ method: 'POST', url: `/api/sop-versions/${onBoard.effectiveVersionId}/attestations`, headers: { cookie } });
    expect(attested.statusCode).toBe(201);
    await eventually(async () => (await office.db.select({ n: count() }).from(attestations).where(eq(attestations.vesselCode, 'AURORA')))[0].n === 1, 30_000);
  }, 120_000);

  it("refuses a plain (non-TLS) leaf node, even with the vessel's credential", async () => {
    const plain = await shipServer('ship.conf', 'PLAIN', `nats-leaf://AURORA:${AURORA_PASSWORD}@127.0.0.1:${leafPort}`);
    // The hub turns it away at the TLS handshake, every time it tries; nothing it publishes reaches the office.
    await eventually(() => hub.log().includes('TLS Handshake Failure') && plain.server.log().includes('TLS leafnode handshake error'), 15_000);
    const heard = await heardAshore(await client(officeUrl), await client(plain.url), 'fleet.ship.AURORA', 'over plain TCP');
    expect(heard).toEqual([]);
  });

  it("lets a vessel's credential publish its own subjects across the link, never another vessel's or the office's", async () => {
    const ashore = await client(officeUrl);
    const onShip = await client(shipUrl);
    expect(await heardAshore(ashore, onShip, 'fleet.ship.AURORA', 'from AURORA')).toEqual(['from AURORA']);
    expect(await heardAshore(ashore, onShip, 'fleet.ship.NORD', 'posing as NORD')).toEqual([]);
    expect(await heardAshore(ashore, onShip, 'fleet.office.NORD', 'posing as the office')).toEqual([]);
    expect(await heardAshore(ashore, onShip, 'fleet.files.NORD', 'posing as the office')).toEqual([]);

    // Nor may it reach into the office's streams beyond its own share: no reading another
    // vessel's messages, no deleting a stream (the requests find no one to answer them).
    const hubApi = await jetstreamManager(onShip, { domain: 'hub', checkAPI: false, timeout: 2000 });
    await expect(hubApi.consumers.add('FLEET_OFFICE', { filter_subject: 'fleet.office.NORD', ack_policy: AckPolicy.None })).rejects.toThrow();
    await expect(hubApi.streams.delete('FLEET_OFFICE')).rejects.toThrow();
    expect((await (await jetstreamManager(ashore)).streams.info('FLEET_OFFICE')).config.name).toBe('FLEET_OFFICE');
  });

  it('refuses a wrong password for a vessel', async () => {
    const wrong = await shipServer('ship-tls.conf', 'WRONG', `tls://AURORA:not-the-password@127.0.0.1:${leafPort}`, { NATS_TLS_CA: certs.ca });
    await eventually(() => hub.log().includes('authentication error - User "AURORA"') && wrong.server.log().includes('Authorization Violation'), 15_000);
    expect(await heardAshore(await client(officeUrl), await client(wrong.url), 'fleet.ship.AURORA', 'with a wrong password')).toEqual([]);
  });
});
