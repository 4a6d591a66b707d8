import { createHash } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, describe, expect, it } from 'vitest';
import type { VesselDocument } from '../../../../common/contracts/fleet';
import type { SopCompliance } from '../../../../common/contracts/reading';
import type { SopDetail } from '../../../../common/contracts/sops';
import { FILE_CHUNK_BYTES, type FileProgress, filesSubject, OFFICE_STREAM, progressSubject } from './messages.helper';
import { eventually } from '../../test/fleet/fleet-harness';
import { ADMIN_PASSWORD, randomText, Session, startAppProcess } from '../../test/fleet/fleet-processes';
import { startLinkProxy } from '../../test/fleet/link-proxy';
import { freePort, startHub, startShipNats } from '../../test/fleet/nats-servers';

/**
 * The office and the ship as the processes `npm start` runs, killed with SIGKILL in the middle
 * of a file: after a restart nothing is lost, nothing is applied or sent twice, and every file
 * on board has its checksum. The leaf link runs through a proxy at 2 MB/s, so a 9 MB file
 * takes a few seconds to cross and the kill lands in its middle.
 */
const databaseServerUrl = process.env.TEST_DATABASE_URL;
const leafPort = await freePort();
const proxy = await startLinkProxy({ port: leafPort });
proxy.throttle(2 * 1024 * 1024, 5);
const hub = await startHub({ leafPort, advertiseLeaf: `127.0.0.1:${proxy.port}` });
const shipNats = await startShipNats('AURORA', proxy.url);
const [office, ship] = await Promise.all([
  startAppProcess({ env: { NATS_URL: hub.url }, databaseServerUrl }),
  startAppProcess({ env: { VESSEL: 'AURORA', NATS_URL: shipNats.url }, databaseServerUrl }),
]);
const watcher = await connect({ servers: hub.url });
afterAll(async () => {
  await watcher.close();
  await Promise.all([office.dispose(), ship.dispose()]);
  await shipNats.dispose();
  await hub.dispose();
  await proxy.close();
});

/** File chunks on board, as the ship reports them while it reads them. */
let onBoardChunks = 0;
watcher.subscribe(progressSubject('AURORA'), {
  callback: (_err, msg) => {
    const progress = msg.json<FileProgress>();
    onBoardChunks = Math.max(onBoardChunks, progress.chunks);
  },
});
const hubChunks = async () => {
  const info = await (await jetstreamManager(watcher)).streams.info(OFFICE_STREAM, { subjects_filter: filesSubject('AURORA') });
  return info.state.subjects?.[filesSubject('AURORA')] ?? 0;
};

let admin = await Session.signIn(office.base, 'admin', ADMIN_PASSWORD);
await admin.json('POST', '/api/admin/vessels', { code: 'AURORA', name: 'Aurora Star' }, 201);
const deck = await admin.json<{ id: number }>('POST', '/api/departments', { name: 'Deck' }, 201);
await admin.json('POST', '/api/admin/users', { username: 'ingrid', password: 'crew-passphrase-7', role: 'user', departmentId: deck.id }, 201);
const crew = await eventually(() => Session.signIn(ship.base, 'ingrid', 'crew-passphrase-7').catch(() => undefined), 90_000).catch((err) => {
  console.log('SHIP', ship.log(), 'OFFICE', office.log(), 'SHIPNATS', shipNats.log().slice(-3000));
  throw err;
});

const sha = (data: Buffer | Uint8Array) => createHash('sha256').update(data).digest('hex');
/** The file as the ship serves it (its store checks the checksum while it reads). */
const downloadOnBoard = (attachmentId: number) =>
  eventually(async () => {
    const res = await crew.fetch(`/api/attachments/${attachmentId}/download`).catch(() => undefined);
    return res?.status === 200 && Buffer.from(await res.arrayBuffer());
  }, 90_000);
const masterList = () => admin.json<VesselDocument[]>('GET', '/api/fleet/vessels/AURORA/documents');

/** Publishes a 9 MB file and runs `crash` once about half its chunks are on board (not all). */
async function crashMidFile(title: string, seed: number, crash: () => Promise<void>) {
  const file = randomText(9 * 1024 * 1024, seed);
  const chunks = Math.ceil(file.length / FILE_CHUNK_BYTES);
  const before = await hubChunks();
  const start = onBoardChunks;
  const sop = await admin.publish({ title, departmentId: deck.id, files: [{ name: `${title}.txt`, data: file, type: 'text/plain' }] });
  await eventually(() => onBoardChunks >= start + chunks / 2, 90_000);
  await crash();
  // The crash came before the file was whole on board.
  expect(onBoardChunks).toBeLessThan(start + chunks);
  return { sop, file, chunks, before };
}

describe('kill -9 of either app in the middle of a file', () => {
  it('the ship killed while it applies a file: after a restart the file is whole, once, and earlier work stands', async () => {
    const muster = await admin.publish({ title: 'Muster', departmentId: deck.id });
    await eventually(async () => (await crew.fetch(`/api/sops/${muster.id}`)).status === 200, 60_000);
    await crew.json('POST', `/api/sop-versions/${muster.versionId}/attestations`, undefined, 201);

    const { sop, file } = await crashMidFile('Engine room', 1, () => ship.kill());
    await ship.start();
    expect(sha(await downloadOnBoard(sop.attachmentIds[0]))).toBe(sha(file));
    const detail = await crew.json<SopDetail>('GET', `/api/sops/${sop.id}`);
    expect(detail.versions.map((v) => v.attachments.length)).toEqual([1]);
    await eventually(async () => (await masterList()).every((d) => d.state === 'current'), 60_000);
    const compliance = await admin.json<SopCompliance>('GET', `/api/sops/${muster.id}/compliance`);
    expect(compliance).toMatchObject({ required: 1, attested: 1 });
  }, 150_000);

  it('the office killed while it sends a file: after a restart it resumes, no chunk crosses twice', async () => {
    const { sop, file, chunks, before } = await crashMidFile('Steering gear', 2, () => office.kill());
    await office.start();
    admin = await Session.signIn(office.base, 'admin', ADMIN_PASSWORD);
    expect(sha(await downloadOnBoard(sop.attachmentIds[0]))).toBe(sha(file));
    expect((await hubChunks()) - before).toBe(chunks);
    await eventually(async () => (await masterList()).every((d) => d.state === 'current'), 60_000);
  }, 150_000);

  it('a ship restored from an old backup catches up, and what it sends next counts ashore', async () => {
    const drill = await admin.publish({ title: 'Fire drill', departmentId: deck.id });
    await eventually(async () => (await crew.fetch(`/api/sops/${drill.id}`)).status === 200, 60_000);
    await ship.stop();
    await ship.backup();
    await ship.start();
    // After the backup: an attestation sent from board, and a new SOP received there.
    await crew.json('POST', `/api/sop-versions/${drill.versionId}/attestations`, undefined, 201);
    await eventually(async () => (await admin.json<SopCompliance>('GET', `/api/sops/${drill.id}/compliance`)).attested === 1, 60_000);
    const watch = await admin.publish({ title: 'Bridge watch', departmentId: deck.id });
    await eventually(async () => (await crew.fetch(`/api/sops/${watch.id}`)).status === 200, 60_000);

    await ship.stop();
    await ship.restore();
    await ship.start();
    // The ship replays what it had received since from its own stream, then attests on.
    await eventually(async () => (await crew.fetch(`/api/sops/${watch.id}`)).status === 200, 60_000);
    await eventually(async () => (await crew.fetch(`/api/sop-versions/${drill.versionId}/attestations`, { method: 'POST' })).status === 201, 60_000);
    await crew.json('POST', `/api/sop-versions/${watch.versionId}/attestations`, undefined, 201);
    await eventually(async () => (await admin.json<SopCompliance>('GET', `/api/sops/${watch.id}/compliance`)).attested === 1, 60_000);
    expect(await admin.json<SopCompliance>('GET', `/api/sops/${drill.id}/compliance`)).toMatchObject({ required: 1, attested: 1 });
    await eventually(async () => (await masterList()).every((d) => d.state === 'current'), 60_000);
  }, 200_000);
});
