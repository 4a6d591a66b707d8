import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { SopDetail } from '../../../../common/contracts/sops';
import { attestations, fleetOutbox, sops, users } from '../../db/schema';
import { buildDepartment, createTestContext } from '../../test/factories';
import { createSopAs, submitSopAs } from '../../test/client';
import { startOfficeLink } from './office-link.service';
import { HUB_DOMAIN, OFFICE_STREAM, SHIP_INBOX_STREAM, SHIP_OUTBOX_STREAM, SHIPS_STREAM, shipSubject, toVesselSubject } from './messages.helper';
import { startShipLink } from './ship-link.service';
import { eventually, signInOnBoard } from '../../test/fleet/fleet-harness';
import { acceptsTcp, type NatsServer, startShipNats, startTlsHub, startTlsShip } from '../../test/fleet/nats-servers';

// The production NATS configs (deploy/nats/hub-tls.conf with fleet-users.conf, ship-tls.conf),
// used as they are with environment variables: the leaf link over TLS with a CA made here, each
// vessel signed in with its own credential (AURORA's block, and BOREALIS's copied from it), the
// office with its own. What a credential may do is nats-configs.test.ts's.
const started: NatsServer[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  for (const server of started) await server.dispose();
});

const AURORA_PASSWORD = 'aurora-secret-for-tests';
const BOREALIS_PASSWORD = 'borealis-secret-for-tests';
const hub = await startTlsHub({ AURORA: AURORA_PASSWORD, BOREALIS: BOREALIS_PASSWORD });
started.push(hub);
// The office app connects without a credential (hub-tls.conf's no_auth_user).
const officeUrl = hub.url;
const leafPort = hub.leafPort;

/** Starts a ship's nats-server (killed after the file's tests). */
async function shipServer(start: Promise<NatsServer>) {
  const server = await start;
  started.push(server);
  return { server, url: server.url };
}
const { server: shipNats, url: shipUrl } = await shipServer(startTlsShip(hub, 'AURORA', AURORA_PASSWORD));
await eventually(() => hub.log().includes('Leafnode connection created'));

/** Connects, and closes the connection after the file's tests. */
async function client(servers: string): Promise<NatsConnection> {
  const nc = await connect({ servers });
  cleanups.push(() => nc.close());
  return nc;
}

/**
 * Which of `probes` the office hears on AURORA's progress subject (core NATS, allowed to AURORA's
 * credential), each published from its own ship server, over and over until the office has heard
 * the control from AURORA's leaf node, whose link works.
 */
async function heardAshore(probes: { from: string; probe: string }[]) {
  const subject = 'fleet.progress.AURORA';
  const ashore = await client(officeUrl);
  const heard: string[] = [];
  // Only probes count: the ship's own link publishes on its subject too.
  const sub = ashore.subscribe(subject, { callback: (_err, msg) => void heard.push(msg.string()) });
  await ashore.flush();
  const senders = await Promise.all(probes.map(async ({ from, probe }) => ({ nc: await client(from), probe })));
  const control = { nc: await client(shipUrl), probe: 'control from AURORA' };
  // Interest crosses the link a moment after the subscription: publish until the control is heard.
  await eventually(async () => {
    for (const { nc, probe } of [...senders, control]) {
      nc.publish(subject, probe);
      await nc.flush();
    }
    return heard.includes(control.probe);
  });
  sub.unsubscribe();
  return probes.map(({ probe }) => probe).filter((probe) => heard.includes(probe));
}

describe('the production NATS configs: TLS on the leaf link, one credential per vessel', () => {
  it('carry the fleet: an SOP published ashore is applied on board, an attestation on board counts ashore', async () => {
    // The streams as an earlier version made them (both sources with deliver '', which fleet-users.conf
    // no longer lets cross): the links bring them to deliver.AURORA.in and deliver.AURORA.out on start.
    const hubJsm = await jetstreamManager(await client(officeUrl));
    const old = { api: `$JS.${HUB_DOMAIN}.API`, deliver: '' };
    const onBoardJsm = await jetstreamManager(await client(shipUrl));
    await onBoardJsm.streams.add({ name: SHIP_INBOX_STREAM, sources: [{ name: OFFICE_STREAM, filter_subject: toVesselSubject('AURORA'), external: old }] });
    const oldOut = { name: SHIP_OUTBOX_STREAM, filter_subject: shipSubject('AURORA'), external: { api: '$JS.AURORA.API', deliver: '' } };
    await hubJsm.streams.add({ name: SHIPS_STREAM, sources: [oldOut] });

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

    const linkState = async () =>
      `people on board: ${(await ship.db.select({ n: count() }).from(users))[0].n}, ship link: ${shipLink.problem() ?? 'no problem'}, ` +
      `office outbox: ${JSON.stringify(await office.db.select({ seq: fleetOutbox.seq, sentAt: fleetOutbox.sentAt }).from(fleetOutbox))}\n` +
      `hub log: ${hub.log().slice(-1500)}\nship log: ${shipNats.log().slice(-1500)}`;
    const cookie = await signInOnBoard(ship, crew).catch(async (err: Error) => {
      throw new Error(`${err.message}; ${await linkState()}`);
    });
    await eventually(async () => (await ship.db.select({ n: count() }).from(sops).where(eq(sops.id, sop.id)))[0].n === 1, 30_000);
    const onBoard = (await ship.app.inject({ method: 'GET', url: `/api/sops/${sop.id}`, headers: { cookie } })).json() as SopDetail;
    expect(onBoard.title).toBe('Lifeboat drill');
    expect(shipLink.problem()).toBeNull();

    const attested = await ship.app.inject({ method: 'POST', url: `/api/sop-versions/${onBoard.effectiveVersionId}/attestations`, headers: { cookie } });
    expect(attested.statusCode).toBe(201);
    await eventually(async () => (await office.db.select({ n: count() }).from(attestations).where(eq(attestations.vesselCode, 'AURORA')))[0].n === 1, 30_000);
    expect((await onBoardJsm.streams.info(SHIP_INBOX_STREAM)).config.sources?.map((s) => s.external?.deliver)).toEqual(['deliver.AURORA.in']);
    expect((await hubJsm.streams.info(SHIPS_STREAM)).config.sources?.map((s) => s.external?.deliver)).toEqual(['deliver.AURORA.out']);
  }, 120_000);

  it("refuses a plain (non-TLS) leaf node, even with the vessel's credential", async () => {
    const plain = await shipServer(startShipNats('PLAIN', `nats-leaf://AURORA:${AURORA_PASSWORD}@127.0.0.1:${leafPort}`));
    // The hub turns it away at the TLS handshake, every time it tries; nothing it publishes reaches the office.
    await eventually(() => hub.log().includes('TLS Handshake Failure') && plain.server.log().includes('TLS leafnode handshake error'), 15_000);
    expect(await heardAshore([{ from: plain.url, probe: 'over plain TCP' }])).toEqual([]);
    await plain.server.stop();
  });

  it('refuses a wrong password for a vessel', async () => {
    const wrong = await shipServer(startTlsShip(hub, 'WRONG', 'not-the-password', { signInAs: 'AURORA' }));
    await eventually(() => /lid:\d+ - authentication error - User "AURORA"/.test(hub.log()) && wrong.server.log().includes('Authorization Violation'), 15_000);
    expect(await heardAshore([{ from: wrong.url, probe: 'with a wrong password' }])).toEqual([]);
    await wrong.server.stop();
  });

  it("takes a vessel's credential from its leaf node only, never from a client of the hub", async () => {
    // AURORA's leaf node signed in with it (above); a client giving it is turned away, the office is not.
    await expect(connect({ servers: officeUrl, user: 'AURORA', pass: AURORA_PASSWORD, reconnect: false })).rejects.toThrow(/Authorization Violation/);
    await eventually(() => /cid:\d+ - .*authentication error - User "AURORA"/.test(hub.log()));
    expect((await client(officeUrl)).info?.server_name).toBe('hub');
  });

  it("keeps the ship's client port to the ship's app: 127.0.0.1, or the address given with --addr", async () => {
    expect(await acceptsTcp('127.0.0.1', shipNats.port)).toBe(true);
    expect(await acceptsTcp('127.0.0.2', shipNats.port)).toBe(false);
    const elsewhere = await shipServer(startTlsShip(hub, 'BOREALIS', BOREALIS_PASSWORD, { args: ['--addr', '127.0.0.2'] }));
    expect(await acceptsTcp('127.0.0.2', elsewhere.server.port)).toBe(true);
    expect(await acceptsTcp('127.0.0.1', elsewhere.server.port)).toBe(false);
  });
});
