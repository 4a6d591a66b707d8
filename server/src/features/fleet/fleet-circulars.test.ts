import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Circular } from '../../../../common/contracts/circulars';
import type { MyReading } from '../../../../common/contracts/reading';
import type { SopDetail } from '../../../../common/contracts/sops';
import { auditEvents, circularAcknowledgements, circulars, sops } from '../../db/schema';
import { buildDepartment } from '../../test/factories';
import { eventually, signInOnBoard, startFleet } from '../../test/fleet/fleet-harness';

/** Circulars travel to ships like SOPs; the master's acknowledgement for the vessel travels ashore (decision 078). */
const { office, officeLink, ship } = await startFleet('ORCA');
const admin = await office.signedInUser('admin');
const approver = await office.signedInUser('approver');
const master = await office.signedInUser('approver', { firstName: 'Magnus', lastName: 'Master' });
const engineer = await office.signedInUser('user', { firstName: 'Erik', lastName: 'Engine' });
const engine = (await buildDepartment(office.db, 'Engine')).id;
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('circulars on board', () => {
  it('reach the ship with their number and days, are read there, and the vessel acknowledgement reaches the office', async () => {
    expect((await office.as(admin, { method: 'POST', url: '/api/admin/vessels', payload: { code: 'ORCA', name: 'Orca Spirit' } })).statusCode).toBe(201);
    for (const [who, departmentId] of [
      [master, null],
      [engineer, engine],
    ] as const) {
      const res = await office.as(admin, { method: 'PATCH', url: `/api/admin/users/${who.id}`, payload: { departmentId, vesselCodes: ['ORCA'] } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const made = await office.as(admin, {
      method: 'POST',
      url: '/api/circulars',
      payload: {
        title: 'Fuel changeover in ECA',
        content: 'Change over to 0.1% sulphur fuel before entry.',
        vesselCodes: ['ORCA'],
        departmentIds: [engine],
        dueDate: daysFromToday(5),
        expiresAt: daysFromToday(30),
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const sop = made.json() as SopDetail;
    const submitted = await office.as(admin, { method: 'POST', url: `/api/sops/${sop.id}/submit`, payload: {} });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await office.as(approver, { method: 'PUT', url: `/api/approvals/${submitted.json().taskId}`, payload: { status: 'approved' } })).statusCode).toBe(
      200,
    );

    await eventually(async () => {
      await officeLink.tick();
      return (await ship.database.db.select().from(circulars).where(eq(circulars.sopId, sop.id))).length === 1;
    });
    const [onBoard] = await ship.database.db.select().from(circulars).where(eq(circulars.sopId, sop.id));
    const [ashore] = await office.db.select().from(circulars).where(eq(circulars.sopId, sop.id));
    expect(onBoard).toEqual(ashore);
    expect((await ship.database.db.select({ kind: sops.kind }).from(sops).where(eq(sops.id, sop.id)))[0].kind).toBe('circular');

    // The engineer reads it on board, due the circular's day.
    const engineerOnBoard = await signInOnBoard({ app: ship.app, db: ship.database.db }, engineer);
    const reading = (await ship.app.inject({ method: 'GET', url: '/api/reading', headers: { cookie: engineerOnBoard } })).json() as MyReading;
    expect(reading.outstanding.find((i) => i.sopId === sop.id)).toMatchObject({ dueDate: daysFromToday(5) });
    // A plain crew member cannot acknowledge for the vessel.
    expect(
      (await ship.app.inject({ method: 'POST', url: `/api/circulars/${sop.id}/vessel-acknowledgement`, headers: { cookie: engineerOnBoard } })).statusCode,
    ).toBe(403);

    // The master acknowledges for the vessel on board; a second time answers the same acknowledgement.
    const masterOnBoard = await signInOnBoard({ app: ship.app, db: ship.database.db }, master);
    const acknowledged = await ship.app.inject({ method: 'POST', url: `/api/circulars/${sop.id}/vessel-acknowledgement`, headers: { cookie: masterOnBoard } });
    expect(acknowledged.statusCode, acknowledged.body).toBe(201);
    expect(acknowledged.json()).toMatchObject({ circularId: sop.id, vesselCode: 'ORCA', acknowledgedBy: 'Magnus Master' });
    const again = await ship.app.inject({ method: 'POST', url: `/api/circulars/${sop.id}/vessel-acknowledgement`, headers: { cookie: masterOnBoard } });
    expect(again.statusCode).toBe(200);
    expect(again.json().acknowledgedAt).toBe(acknowledged.json().acknowledgedAt);
    const shipRegister = (await ship.app.inject({ method: 'GET', url: '/api/circulars', headers: { cookie: masterOnBoard } })).json() as Circular[];
    expect(shipRegister.find((c) => c.id === sop.id)?.vessels).toEqual([expect.objectContaining({ vesselCode: 'ORCA', acknowledgedBy: 'Magnus Master' })]);

    const received = await eventually(async () => {
      const [row] = await office.db.select().from(circularAcknowledgements).where(eq(circularAcknowledgements.sopId, sop.id));
      return row;
    });
    expect(received).toMatchObject({ vesselCode: 'ORCA', userId: master.id, versionId: sop.latestVersionId });
    expect(received.acknowledgedAt.toISOString()).toBe(acknowledged.json().acknowledgedAt);
    const register = (await office.as(approver, { method: 'GET', url: '/api/circulars' })).json() as Circular[];
    expect(register.find((c) => c.id === sop.id)?.vessels).toEqual([
      expect.objectContaining({ vesselCode: 'ORCA', vesselName: 'Orca Spirit', readers: 1, read: 0, acknowledgedBy: 'Magnus Master' }),
    ]);
    const events = await office.db.select().from(auditEvents).where(eq(auditEvents.action, 'circular_acknowledged'));
    expect(events).toEqual([expect.objectContaining({ actorId: master.id, entityId: sop.id, metadata: expect.objectContaining({ vessel: 'ORCA' }) })]);
  });
});
