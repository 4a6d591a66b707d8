import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MyReading } from '../../../../common/contracts/reading';
import { positions, sops, users } from '../../db/schema';
import { buildDepartment, signIn, TEST_PASSWORD } from '../../test/factories';
import { createSopAs, submitSopAs } from '../../test/client';
import { eventually, startFleet } from '../../test/fleet/fleet-harness';

/** Positions travel to ships as departments do (decision 074): the crew's position reading is the same on board. */
const { office, officeLink, ship } = await startFleet('ORCA');
const admin = await office.signedInUser('admin');
const approver = await office.signedInUser('approver');
const author = await office.signedInUser('user');
const bosun = await office.signedInUser('user', { firstName: 'Bo', lastName: 'Sun' });
const deck = (await buildDepartment(office.db, 'Deck')).id;
const engine = (await buildDepartment(office.db, 'Engine')).id;

describe('positions on board', () => {
  it("sends positions, a person's position and an SOP's reading positions; on board the holder must read it, due as ashore", async () => {
    expect((await office.as(admin, { method: 'POST', url: '/api/admin/vessels', payload: { code: 'ORCA', name: 'Orca Spirit' } })).statusCode).toBe(201);
    const made = await office.as(admin, { method: 'POST', url: '/api/positions', payload: { name: 'Bosun', departmentId: deck } });
    expect(made.statusCode, made.body).toBe(201);
    const position = made.json() as { id: number };
    const given = await office.as(admin, {
      method: 'PATCH',
      url: `/api/admin/users/${bosun.id}`,
      payload: { departmentId: deck, positionId: position.id, vesselCodes: ['ORCA'] },
    });
    expect(given.statusCode, given.body).toBe(200);

    const sop = await createSopAs(office, author, { departmentId: engine, title: 'Bunkering watch', readingPositionIds: [position.id] });
    const { taskId } = await submitSopAs(office, author, sop.id);
    expect((await office.as(approver, { method: 'PUT', url: `/api/approvals/${taskId}`, payload: { status: 'approved' } })).statusCode).toBe(200);

    await eventually(async () => {
      await officeLink.tick();
      return (await ship.database.db.select().from(sops).where(eq(sops.id, sop.id))).length === 1;
    });
    expect(await ship.database.db.select({ id: positions.id, name: positions.name }).from(positions)).toEqual([{ id: position.id, name: 'Bosun' }]);
    const [onBoard] = await ship.database.db.select({ positionId: users.positionId, since: users.positionSince }).from(users).where(eq(users.id, bosun.id));
    const [ashore] = await office.db.select({ positionId: users.positionId, since: users.positionSince }).from(users).where(eq(users.id, bosun.id));
    expect(onBoard).toEqual(ashore);
    expect((await ship.database.db.select({ ids: sops.readingPositionIds }).from(sops).where(eq(sops.id, sop.id)))[0].ids).toEqual([position.id]);

    const officeReading = (await office.as(bosun, { method: 'GET', url: '/api/reading' })).json() as MyReading;
    const cookie = await signIn(ship.app, bosun.username, TEST_PASSWORD);
    const shipReading = (await ship.app.inject({ method: 'GET', url: '/api/reading', headers: { cookie } })).json() as MyReading;
    const item = officeReading.outstanding.find((i) => i.sopId === sop.id);
    expect(item).toBeDefined();
    expect(shipReading.outstanding.find((i) => i.sopId === sop.id)).toMatchObject({ title: 'Bunkering watch', dueDate: item?.dueDate });
  });
});
