import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { VesselDocument } from '../../../../common/contracts/fleet';
import { type InspectionPack, PACK_DIGEST_HEADER } from '../../../../common/contracts/inspection';
import { pdfAttachments, pdfPageTexts } from '../../test/documents';
import { eventually, officeDesk, officeStaff, signInOnBoard, startFleet } from '../../test/fleet/fleet-harness';

/**
 * The inspection pack on a real ship's copy (decision 082): the ship receives a version and its
 * successor over the link, the link is cut, and the ship makes its pack from its own records:
 * when each version became readable on board and when the predecessor was withdrawn, as the
 * office heard it before the cut.
 */
const { office, officeLink, ship, proxy } = await startFleet('AURORA', { proxy: true });
const link = proxy!;
const staff = await officeStaff(office);
const { admin, approver, crew } = staff;
const desk = officeDesk(office, staff);
expect((await office.as(admin, { method: 'POST', url: '/api/admin/vessels', payload: { code: 'AURORA', name: 'Aurora Star' } })).statusCode).toBe(201);
for (const who of [approver, crew]) {
  const given = await office.as(admin, { method: 'PATCH', url: `/api/admin/users/${who.id}`, payload: { vesselCodes: ['AURORA'] } });
  expect(given.statusCode, given.body).toBe(200);
}
const masterList = async (): Promise<VesselDocument[]> => (await office.as(approver, { method: 'GET', url: '/api/fleet/vessels/AURORA/documents' })).json();
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const seconds = (a: string | Date | null | undefined, b: string | Date | null | undefined) => Math.abs(new Date(a!).getTime() - new Date(b!).getTime()) / 1000;

describe('the inspection pack on board with the link cut', () => {
  it("states what the ship received and withdrew, and when, from its own records; the PDF's digest is its embedded data's", async () => {
    const mooring = await desk.publish({ title: 'Mooring stations', content: 'Single up to two lines.' });
    await eventually(async () => (await masterList()).find((d) => d.sopId === mooring.id && d.state === 'current'), 30_000);
    const second = await desk.revise(mooring, 'Doubled lines');
    const ashore = await eventually(async () => {
      await officeLink.tick();
      return (await masterList()).find((d) => d.sopId === mooring.id && d.onBoard?.versionId === second && d.previousWithdrawnAt !== null);
    }, 30_000);

    const cookie = await signInOnBoard({ app: ship.app, db: ship.database.db }, approver);
    link.cut();
    await eventually(async () => !(await ship.app.inject({ method: 'GET', url: '/api/fleet/status', headers: { cookie } })).json().connected, 30_000);

    const json = await ship.app.inject({ method: 'GET', url: '/api/fleet/vessels/AURORA/inspection-pack.json', headers: { cookie } });
    expect(json.statusCode, json.body).toBe(200);
    const pack: InspectionPack = JSON.parse(json.body);
    expect(pack.madeOn).toBe('ship');
    expect(pack.link.state).not.toBe('connected');
    expect(pack.link.lastContactAt).not.toBeNull();
    const [held] = pack.documents;
    expect(held).toMatchObject({
      sopId: mooring.id,
      versionInForce: ashore.versionInForce.versionNumber,
      onBoard: ashore.versionInForce.versionNumber,
      state: 'current',
    });
    // The ship's own moments are the ones it reported ashore (made in the same transaction, to the second).
    expect(seconds(held.receivedAt, ashore.onBoard!.receivedAt)).toBeLessThan(2);
    expect(seconds(held.predecessorWithdrawnAt, ashore.previousWithdrawnAt)).toBeLessThan(2);
    expect(pack.reading.map((p) => p.name)).toContain('Ingrid Solberg');

    const res = await ship.app.inject({ method: 'GET', url: '/api/fleet/vessels/AURORA/inspection-pack', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const digest = res.headers[PACK_DIGEST_HEADER];
    expect(sha256((await pdfAttachments(res.rawPayload))['pack.json'])).toBe(digest);
    const pages = await pdfPageTexts(res.rawPayload);
    const all = pages.join('\n');
    expect(all).toContain("on board, from the ship's own records");
    expect(all).toContain('Documents on the master list: 1 (current 1, pending 0)');
    expect(all).toContain('Mooring stations');
    expect(pages.at(-1)).toContain(`SHA-256: ${digest}`);
    link.restore();
  }, 90_000);
});
