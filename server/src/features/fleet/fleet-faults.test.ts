import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { VesselDocument } from '../../../../common/contracts/fleet';
import type { SopCompliance } from '../../../../common/contracts/reading';
import { attestations, attachments, sops, storedFiles, users, vesselDocuments } from '../../db/schema';
import { readAll } from '../../files/store';
import { signIn, TEST_PASSWORD } from '../../test/factories';
import { makePdf } from '../../test/documents';
import { eventually, officeDesk, officeStaff, startFleet } from '../../test/fleet/fleet-harness';
import { randomText } from '../../test/fleet/fleet-processes';

/**
 * Faults between the office and one ship whose leaf link runs through a proxy the test cuts
 * and throttles: everything made on either side while the link is down arrives afterwards,
 * in step, exactly once.
 */
const fleet = await startFleet('AURORA', { proxy: true });
const { office, officeLink, ship, proxy } = fleet;
const link = proxy!;
const { admin, approver, author, crew, departmentId } = await officeStaff(office);
const desk = officeDesk(office, { author, approver, departmentId });
for (const [code, name] of [
  ['AURORA', 'Aurora Star'],
  ['NORD', 'Nordic Dawn'],
]) {
  expect((await office.as(admin, { method: 'POST', url: '/api/admin/vessels', payload: { code, name } })).statusCode).toBe(201);
}

const onBoard = (id: number) => ship.database.db.select().from(sops).where(eq(sops.id, id));
const masterList = async (): Promise<VesselDocument[]> => (await office.as(approver, { method: 'GET', url: '/api/fleet/vessels/AURORA/documents' })).json();
const download = (cookie: string, attachmentId: number) =>
  ship.app.inject({ method: 'GET', url: `/api/attachments/${attachmentId}/download`, headers: { cookie } });
const attest = (cookie: string, versionId: number) =>
  ship.app.inject({ method: 'POST', url: `/api/sop-versions/${versionId}/attestations`, headers: { cookie } });
const countedAshore = (versionId: number, userId: number) =>
  office.db
    .select()
    .from(attestations)
    .where(and(eq(attestations.versionId, versionId), eq(attestations.userId, userId)));
/** The version in force ashore of each SOP is the one on board, for every SOP the ship should hold, and no other. */
const inStep = async () => {
  const list = await masterList();
  for (const row of list) {
    const [held] = await onBoard(row.sopId);
    if (row.state !== 'current' || (row.applies ? held?.latestVersionId !== row.versionInForce.id : held !== undefined)) return false;
  }
  return list;
};
const lines = (word: string, n: number) => Buffer.from(Array.from({ length: n }, (_, i) => `${word} line ${i}: close the watertight doors.\n`).join(''));

const crewCookie = await eventually(async () => {
  await officeLink.tick();
  return (await ship.database.db.select().from(users).where(eq(users.id, crew.id))).length === 1 && signIn(ship.app, crew.username, TEST_PASSWORD);
}, 30_000);

describe('the link cut while both sides keep working', () => {
  it('brings every change across afterwards: each SOP on board at the version in force ashore, attestations counted ashore', async () => {
    const drill = await desk.publishWithFile('Fire drill', lines('Fire', 2000));
    const mooring = await desk.publish({ title: 'Mooring', content: 'Single up to two lines.' });
    await eventually(async () => (await masterList()).filter((d) => d.state === 'current').length === 2 && (await inStep()));

    link.cut();
    // Ashore: a new version with a new file, a new SOP, two new versions of another.
    const drillV2 = await desk.revise(drill.sop, 'Second edition', { file: lines('Smoke', 3000) });
    const boarding = await desk.publishWithFile('Pilot boarding', lines('Pilot', 1500));
    await desk.revise(mooring, 'Doubled lines');
    const mooringV3 = await desk.revise(mooring, 'Tripled lines');
    // On board: the crew read and attest what they hold; mooring's version is superseded ashore by now.
    expect((await attest(crewCookie, drill.sop.latestVersionId!)).statusCode).toBe(201);
    expect((await attest(crewCookie, mooring.latestVersionId!)).statusCode).toBe(201);
    await eventually(
      async () => ((await ship.app.inject({ method: 'GET', url: '/api/fleet/status', headers: { cookie: crewCookie } })).json().waiting.toSend as number) >= 2,
    );
    expect(await countedAshore(mooring.latestVersionId!, crew.id)).toEqual([]);
    expect((await onBoard(mooring.id))[0].latestVersionId).toBe(mooring.latestVersionId);

    link.restore();
    const list = await eventually(inStep, 60_000);
    expect(list.map((d) => d.title)).toEqual(['Fire drill', 'Mooring', 'Pilot boarding']);
    expect((await onBoard(mooring.id))[0].latestVersionId).toBe(mooringV3);
    expect((await onBoard(drill.sop.id))[0].latestVersionId).toBe(drillV2);

    // The new files are on board with equal bytes; the superseded version's file is gone.
    const [drillFile] = await office.db
      .select()
      .from(attachments)
      .where(and(eq(attachments.versionId, drillV2), eq(attachments.originalName, 'Fire drill Second edition.txt')));
    const received = await eventually(async () => {
      const res = await download(crewCookie, drillFile.id);
      return res.statusCode === 200 && res;
    });
    expect(Buffer.from(received.rawPayload).equals(lines('Smoke', 3000))).toBe(true);
    expect(
      Buffer.from(
        (
          await eventually(async () => {
            const res = await download(crewCookie, boarding.attachment.id);
            return res.statusCode === 200 && res;
          })
        ).rawPayload,
      ).equals(lines('Pilot', 1500)),
    ).toBe(true);
    // The ship sends the receipt of the new version, then the withdrawal of the old one: the list may be read between the two.
    await eventually(async () => (await masterList()).find((d) => d.sopId === drill.sop.id)?.previousWithdrawnAt);

    // Both attestations count ashore for the versions attested, the superseded one included.
    const counted = await eventually(async () => {
      const rows = [...(await countedAshore(drill.sop.latestVersionId!, crew.id)), ...(await countedAshore(mooring.latestVersionId!, crew.id))];
      return rows.length === 2 && rows;
    });
    expect(counted.map((a) => a.vesselCode)).toEqual(['AURORA', 'AURORA']);
    // The first drill version was in force when attested, and its compliance says so.
    const compliance: SopCompliance = (await office.as(approver, { method: 'GET', url: `/api/sops/${mooring.id}/compliance` })).json();
    expect(compliance.versionId).toBe(mooringV3);
    expect(compliance.attested).toBe(0);
  }, 90_000);
});

describe('which SOPs reach this ship', () => {
  it('never sends an SOP limited to another vessel', async () => {
    const ice = await desk.publish({ title: 'Ice navigation', vesselCodes: ['NORD'] });
    const tender = await desk.publish({ title: 'Tender operations', vesselCodes: ['AURORA'] });
    // Messages are applied in order: once the later SOP is on board, the earlier one would be too.
    await eventually(async () => (await onBoard(tender.id)).length === 1);
    await officeLink.tick();
    expect(await onBoard(ice.id)).toEqual([]);
    expect((await masterList()).map((d) => d.sopId)).not.toContain(ice.id);
  });

  it('withdraws on board an SOP that stops applying to this ship: files removed, withdrawal in the master list', async () => {
    const file = lines('Davit', 1200);
    const { sop, attachment } = await desk.publishWithFile('Davit maintenance', file, { vesselCodes: ['AURORA'] });
    expect((await eventually(async () => (await masterList()).find((d) => d.sopId === sop.id && d.state === 'current')))?.onBoard?.versionId).toBe(
      sop.latestVersionId,
    );
    expect((await download(crewCookie, attachment.id)).statusCode).toBe(200);
    const sha256 = (await office.db.select().from(attachments).where(eq(attachments.id, attachment.id)))[0].sha256!;

    await desk.limit(sop, ['NORD']);
    const row = await eventually(async () => (await masterList()).find((d) => d.sopId === sop.id && d.previousWithdrawnAt !== null));
    expect(row).toMatchObject({ applies: false, onBoard: null, state: 'current' });
    const [kept] = await office.db
      .select()
      .from(vesselDocuments)
      .where(and(eq(vesselDocuments.vesselCode, 'AURORA'), eq(vesselDocuments.versionId, sop.latestVersionId!)));
    expect(kept.withdrawnAt).not.toBeNull();
    await eventually(async () => (await onBoard(sop.id)).length === 0);
    expect((await download(crewCookie, attachment.id)).statusCode).toBe(404);
    expect(await ship.database.db.select().from(storedFiles).where(eq(storedFiles.sha256, sha256))).toEqual([]);
  }, 60_000);

  it('keeps an attestation made on board before its SOP stopped applying, and counts it ashore', async () => {
    const sop = await desk.publish({ title: 'Gangway watch', vesselCodes: ['AURORA'] });
    await eventually(async () => (await onBoard(sop.id)).length === 1);
    link.cut();
    expect((await attest(crewCookie, sop.latestVersionId!)).statusCode).toBe(201);
    await desk.limit(sop, ['NORD']);
    link.restore();
    const [counted] = await eventually(async () => {
      const rows = await countedAshore(sop.latestVersionId!, crew.id);
      return rows.length === 1 && rows;
    }, 30_000);
    expect(counted.vesselCode).toBe('AURORA');
    await eventually(async () => (await onBoard(sop.id)).length === 0);
  }, 60_000);
});

/** Throttles the link, resets its byte counts and calls `onBytes` with the total crossed to the ship; returns the stop. */
function throttleAndWatch(bytesPerSecond: number, delayMs: number, onBytes: (total: number) => void) {
  link.throttle(bytesPerSecond, delayMs);
  link.resetBytes();
  return link.onToShip(onBytes);
}

describe('files over a slow link', () => {
  const storedOnBoard = async (sha256: string) => (await ship.database.db.select().from(storedFiles).where(eq(storedFiles.sha256, sha256))).length === 1;
  const shaOf = async (attachmentId: number) => (await office.db.select().from(attachments).where(eq(attachments.id, attachmentId)))[0].sha256!;

  it('resumes a transfer cut at 60 % from the chunks already on board: at most 1 MB crosses twice', async () => {
    const file = randomText(3 * 1024 * 1024, 7);
    let cut = false;
    const stop = throttleAndWatch(1024 * 1024, 10, (total) => {
      if (!cut && total >= 0.6 * file.length) {
        cut = true;
        link.cut();
      }
    });
    const { attachment } = await desk.publishWithFile('Engine room flooding', file, { name: 'flooding.txt' });
    await eventually(() => cut, 60_000);
    stop();
    const sha256 = await shaOf(attachment.id);
    expect(await storedOnBoard(sha256)).toBe(false);
    link.restore();
    const received = await eventually(async () => {
      const res = await download(crewCookie, attachment.id);
      return res.statusCode === 200 && res;
    }, 60_000);
    expect(Buffer.from(received.rawPayload).equals(file)).toBe(true);
    const crossed = link.bytes().toShip;
    console.log(`resumed transfer: ${crossed} bytes to the ship for a file of ${file.length}`);
    // Everything else that crossed meanwhile (records, heartbeats, headers) is far below 100 KB.
    expect(crossed - file.length).toBeLessThanOrEqual(1024 * 1024 + 100 * 1024);
    link.throttle(0, 0);
  }, 90_000);

  it('lets a record published while a big file crosses arrive before the file finishes', async () => {
    const file = randomText(3 * 1024 * 1024, 11);
    let started = false;
    const stop = throttleAndWatch(256 * 1024, 50, (total) => {
      if (total >= 256 * 1024) started = true;
    });
    const { attachment } = await desk.publishWithFile('Ballast exchange', file, { name: 'ballast.txt' });
    const sha256 = await shaOf(attachment.id);
    await eventually(() => started, 60_000);
    stop();
    const small = await desk.publish({ title: 'Garbage log', content: 'Record every discharge.' });
    await eventually(async () => (await onBoard(small.id)).length === 1, 60_000);
    expect(await storedOnBoard(sha256)).toBe(false);
    await eventually(() => storedOnBoard(sha256), 120_000);
    link.throttle(0, 0);
  }, 150_000);
});

describe('previews and search on board', () => {
  it('makes the preview and the searchable text of a received file on board, from its own copy', async () => {
    const pdf = await makePdf('Quarantine flag', ['Hoist the Lima flag when entering Zanzibarquay harbour.']);
    const { sop, attachment } = await desk.publishWithFile('Port health', pdf, { name: 'port-health.pdf', type: 'application/pdf' });
    await eventually(async () => (await download(crewCookie, attachment.id)).statusCode === 200, 60_000);
    // Ashore the jobs have not run (this office's jobs are manual): nothing derived could have travelled.
    const preview = await eventually(async () => {
      const res = await ship.app.inject({ method: 'GET', url: `/api/attachments/${attachment.id}/preview`, headers: { cookie: crewCookie } });
      return res.statusCode === 200 && res;
    }, 60_000);
    expect(preview.headers['content-type']).toBe('image/png');
    const found = await eventually(async () => {
      const res = await ship.app.inject({ method: 'GET', url: '/api/sops?search=zanzibarquay', headers: { cookie: crewCookie } });
      const ids = (res.json() as { id: number }[]).map((s) => s.id);
      return ids.includes(sop.id) && ids;
    }, 60_000);
    expect(found).toEqual([sop.id]);
  }, 90_000);
});

describe('a NATS server restarted on either side', () => {
  it('loses nothing and applies nothing twice when the ship leaf is killed mid-file and the hub restarted', async () => {
    const { hub } = fleet;
    const file = Buffer.from(Array.from({ length: 30_000 }, (_, i) => `Hatch ${i}: secure before sailing.\n`).join(''));
    let crossing = false;
    const stop = throttleAndWatch(256 * 1024, 20, (total) => {
      if (total >= 200 * 1024) crossing = true;
    });
    const hatches = await desk.publishWithFile('Hatch covers', file);
    const rounds = await desk.publish({ title: 'Security rounds' });
    await eventually(async () => crossing && (await onBoard(rounds.id)).length === 1, 60_000);
    stop();
    await ship.nats.kill();
    // Crew attest on board while their NATS server is down; the office publishes meanwhile.
    expect((await attest(crewCookie, rounds.latestVersionId!)).statusCode).toBe(201);
    const roundsV2 = await desk.revise(rounds, 'Every four hours');
    await hub.stop();
    const lookout = await desk.publish({ title: 'Lookout duties' });
    await hub.start();
    await ship.nats.start();
    link.throttle(0, 0);

    await eventually(async () => (await inStep()) && (await masterList()).some((d) => d.sopId === lookout.id), 90_000);
    expect((await onBoard(rounds.id))[0].latestVersionId).toBe(roundsV2);
    const received = await eventually(async () => {
      const res = await download(crewCookie, hatches.attachment.id);
      return res.statusCode === 200 && res;
    });
    expect(Buffer.from(received.rawPayload).equals(file)).toBe(true);
    await eventually(async () => (await countedAshore(rounds.latestVersionId!, crew.id)).length === 1, 30_000);
    // Every file on board matches its checksum; nothing was applied twice.
    const files = await ship.database.db.select().from(storedFiles);
    for (const f of files)
      expect(
        createHash('sha256')
          .update(await readAll(ship.database.db, f.sha256, f.size))
          .digest('hex'),
      ).toBe(f.sha256);
    expect(await countedAshore(rounds.latestVersionId!, crew.id)).toHaveLength(1);
  }, 150_000);
});
