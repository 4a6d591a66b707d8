import { beforeAll, describe, expect, it } from 'vitest';
import type { FleetStatus, FleetVessel, VesselDocument } from '../../../../common/contracts/fleet';
import type { SopDetail, SopListItem } from '../../../../common/contracts/sops';
import { buildDepartment, crewOf } from '../../test/factories';
import { createSopAs, submitSopAs } from '../../test/client';

const { t, admin, approver, crew } = await crewOf({ admin: 'admin', approver: 'approver', crew: 'user' });
let departmentId: number;

beforeAll(async () => {
  departmentId = (await buildDepartment(t.db, 'Deck')).id;
});

const register = (code: unknown, name: unknown = `Vessel ${code}`, who = admin) =>
  t.as(who, { method: 'POST', url: '/api/admin/vessels', payload: { code, name } });

/** Created, submitted and approved over HTTP: the version in force. */
async function publishedSop(input: { title: string; vesselCodes?: string[] }) {
  const sop = await createSopAs(t, crew, { departmentId, ...input });
  const { taskId } = await submitSopAs(t, crew, sop.id);
  expect((await t.as(approver, { method: 'PUT', url: `/api/approvals/${taskId}`, payload: { status: 'approved' } })).statusCode).toBe(200);
  return sop;
}

describe('the vessel register', () => {
  it('registers a vessel (admin), refusing a duplicate code with 409', async () => {
    const res = await register('AURORA', 'Aurora Star');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ code: 'AURORA', name: 'Aurora Star' });
    const again = await register('AURORA', 'Another Aurora');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'duplicate', message: 'A vessel with the code "AURORA" is already registered' });
    expect((await register('NORD-2', 'Nordic Dawn II')).statusCode).toBe(201);
  });

  it('takes codes of 2-16 capital letters, digits and -, and only from an admin', async () => {
    for (const code of ['A', 'aurora', 'AURORA STAR', 'ABCDEFGHIJKLMNOPQ', 'AURÖRA', '', 42]) {
      const res = await register(code);
      expect(res.statusCode, String(code)).toBe(400);
      expect(res.json().message, String(code)).toMatch(/[Cc]ode/);
    }
    expect((await register('OK-16CHARSXXXXXX')).statusCode).toBe(201);
    expect((await register('BALTIC', 'Baltic', approver)).statusCode).toBe(403);
    expect((await register('BALTIC', 'Baltic', crew)).statusCode).toBe(403);
    expect((await register('BALTIC', '')).statusCode).toBe(400);
  });
});

describe('which vessels an SOP applies to', () => {
  it('is empty (every vessel) unless given, kept on create, update, detail and list', async () => {
    const everywhere = await createSopAs(t, crew, { departmentId, title: 'Muster drill' });
    expect(everywhere.vesselCodes).toEqual([]);

    const limited = await createSopAs(t, crew, { departmentId, title: 'Tender operations', vesselCodes: ['NORD-2', 'AURORA', 'AURORA'] });
    expect(limited.vesselCodes).toEqual(['AURORA', 'NORD-2']);
    const detail: SopDetail = (await t.as(crew, { method: 'GET', url: `/api/sops/${limited.id}` })).json();
    expect(detail.vesselCodes).toEqual(['AURORA', 'NORD-2']);
    const list: SopListItem[] = (await t.as(crew, { method: 'GET', url: '/api/sops' })).json();
    expect(list.find((s) => s.id === limited.id)?.vesselCodes).toEqual(['AURORA', 'NORD-2']);
    expect(list.find((s) => s.id === everywhere.id)?.vesselCodes).toEqual([]);

    const base = { title: 'Tender operations', departmentId };
    // An update that does not name the vessels leaves them as they were.
    expect((await t.as(crew, { method: 'PUT', url: `/api/sops/${limited.id}`, payload: base })).json().vesselCodes).toEqual(['AURORA', 'NORD-2']);
    const narrowed = await t.as(crew, { method: 'PUT', url: `/api/sops/${limited.id}`, payload: { ...base, vesselCodes: ['NORD-2'] } });
    expect(narrowed.json().vesselCodes).toEqual(['NORD-2']);
    const widened = await t.as(crew, { method: 'PUT', url: `/api/sops/${limited.id}`, payload: { ...base, vesselCodes: [] } });
    expect(widened.json().vesselCodes).toEqual([]);
  });

  it('refuses a code that is not in the register with 400 and stores nothing', async () => {
    const res = await t.as(crew, { method: 'POST', url: '/api/sops', payload: { departmentId, title: 'Ghost ship drill', vesselCodes: ['AURORA', 'GHOST'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'vesselCodes', message: 'No vessel with the code "GHOST" is registered' });
    const list: SopListItem[] = (await t.as(crew, { method: 'GET', url: '/api/sops' })).json();
    expect(list.some((s) => s.title === 'Ghost ship drill')).toBe(false);
    expect((await t.as(crew, { method: 'POST', url: '/api/sops', payload: { departmentId, title: 'Bad', vesselCodes: ['aurora'] } })).statusCode).toBe(400);
  });
});

describe('the fleet seen from the office', () => {
  it('lists each vessel with its last contact and its documents (approver, admin; not a plain user)', async () => {
    const everywhere = await publishedSop({ title: 'Abandon ship' });
    const nordOnly = await publishedSop({ title: 'Ice navigation', vesselCodes: ['NORD-2'] });
    // Not in force (never approved): not a document any ship holds.
    await createSopAs(t, crew, { departmentId, title: 'Draft only' });

    const res = await t.as(approver, { method: 'GET', url: '/api/fleet/vessels' });
    expect(res.statusCode).toBe(200);
    const fleet: FleetVessel[] = res.json();
    expect(fleet.map((v) => v.code)).toEqual(['AURORA', 'NORD-2', 'OK-16CHARSXXXXXX']);
    expect(fleet[0]).toEqual({
      code: 'AURORA',
      name: 'Aurora Star',
      lastContactAt: null,
      documents: { current: 0, pending: 1 },
      problem: null,
      setAside: 0,
      lastReviewAt: null,
    });
    expect(fleet[1].documents).toEqual({ current: 0, pending: 2 });
    expect((await t.as(admin, { method: 'GET', url: '/api/fleet/vessels' })).statusCode).toBe(200);
    expect((await t.as(crew, { method: 'GET', url: '/api/fleet/vessels' })).statusCode).toBe(403);

    const docs = await t.as(approver, { method: 'GET', url: '/api/fleet/vessels/NORD-2/documents' });
    expect(docs.statusCode).toBe(200);
    const master: VesselDocument[] = docs.json();
    expect(master.map((d) => d.title)).toEqual(['Abandon ship', 'Ice navigation']);
    expect(master[1]).toEqual({
      sopId: nordOnly.id,
      title: 'Ice navigation',
      versionInForce: { id: nordOnly.latestVersionId, versionNumber: '1.0' },
      onBoard: null,
      previousWithdrawnAt: null,
      applies: true,
      state: 'pending',
    });
    expect(master[0].sopId).toBe(everywhere.id);

    const csv = await t.as(approver, { method: 'GET', url: '/api/fleet/vessels/NORD-2/documents.csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFFSOP,Title,Version in force,On board,Received on board,Previous version removed,State,Applies to this vessel');
    expect(csv.body).toContain(`${nordOnly.id},Ice navigation,1.0,,,,pending,yes`);

    expect((await t.as(approver, { method: 'GET', url: '/api/fleet/vessels/NOPE/documents' })).statusCode).toBe(404);
    expect((await t.as(crew, { method: 'GET', url: '/api/fleet/vessels/NORD-2/documents' })).statusCode).toBe(403);
  });

  it('answers the status to any signed-in user: an office without NATS has no link', async () => {
    const res = await t.as(crew, { method: 'GET', url: '/api/fleet/status' });
    expect(res.statusCode).toBe(200);
    expect(res.json() as FleetStatus).toEqual({
      role: 'office',
      vessel: null,
      connected: false,
      lastContactAt: null,
      waiting: { toSend: 0 },
      problem: null,
      link: { state: 'not_configured', since: null, error: null },
    });
    expect((await t.as(null, { method: 'GET', url: '/api/fleet/status' })).statusCode).toBe(401);
  });
});
