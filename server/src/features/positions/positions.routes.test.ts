import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Behind, ComplianceList, PeopleCompliance, SopReading } from '../../../../common/contracts/reading';
import type { Position } from '../../../../common/contracts/positions';
import { auditEvents, sopVersions, users, vessels } from '../../db/schema';
import { createSopAs } from '../../test/client';
import { buildMarineAndHotel, crewOf, type TestUser } from '../../test/factories';
import { attestAs, complianceOf, dueAfter, placeIn, publishedSop, readingOf } from '../../test/reading';

/** Positions: managed by administrators, held by people, named in an SOP's audience, counted in compliance. */
const { t, admin, approver, author, bosun, deckhand, steward, newcomer } = await crewOf({
  admin: 'admin',
  approver: 'approver',
  author: 'user',
  bosun: { role: 'user', firstName: 'Bo', lastName: 'Sun' },
  deckhand: { role: 'user', firstName: 'Dag', lastName: 'Hand' },
  steward: { role: 'user', firstName: 'Stu', lastName: 'Ward' },
  newcomer: { role: 'user', firstName: 'Nia', lastName: 'Comer' },
});
const dept = { marine: 0, deck: 0, engine: 0, hotel: 0 };

const create = (payload: Record<string, unknown>, as: TestUser = admin) => t.as(as, { method: 'POST', url: '/api/positions', payload });
const update = (id: number, payload: Record<string, unknown>, as: TestUser = admin) => t.as(as, { method: 'PUT', url: `/api/positions/${id}`, payload });
const setUser = (who: TestUser, payload: Record<string, unknown>) => t.as(admin, { method: 'PATCH', url: `/api/admin/users/${who.id}`, payload });
async function position(name: string, departmentId: number): Promise<Position & { id: number }> {
  const res = await create({ name, departmentId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function give(who: TestUser, positionId: number | null) {
  const res = await setUser(who, { positionId });
  expect(res.statusCode, res.body).toBe(200);
}
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** Moves a version's coming into force `days` back, as if approved then. */
const approvedDaysAgo = (versionId: number, days: number) =>
  t.db
    .update(sopVersions)
    .set({ approvedAt: new Date(Date.now() - days * 86_400_000) })
    .where(eq(sopVersions.id, versionId));

beforeAll(async () => {
  Object.assign(dept, await buildMarineAndHotel(t.db));
  await placeIn(t, admin, dept.deck, bosun, deckhand);
  await placeIn(t, admin, dept.hotel, steward, newcomer);
});

describe('GET/POST/PUT /api/positions', () => {
  it('creates, lists and renames a position, audited with its department', async () => {
    const made = await position('  Chief Officer ', dept.deck);
    expect(made).toMatchObject({ name: 'Chief Officer', departmentId: dept.deck, holders: 0 });
    const listed = await t.as(steward, { method: 'GET', url: '/api/positions' });
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as Position[]).find((p) => p.id === made.id)).toMatchObject({ name: 'Chief Officer', department: { name: expect.any(String) } });

    const renamed = await update(made.id, { name: 'First Officer', departmentId: dept.marine });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: made.id, name: 'First Officer', departmentId: dept.marine });
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.entityType, 'position'));
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['position_created', 'position_updated']));
    const edit = events.find((e) => e.action === 'position_updated')?.metadata as { changes: { field: string }[] } | undefined;
    expect(edit?.changes.map((c) => c.field)).toEqual(['name', 'department']);
  });

  it('refuses non-administrators, duplicates, unknown departments and unknown positions', async () => {
    expect((await create({ name: 'Purser', departmentId: dept.hotel }, approver)).statusCode).toBe(403);
    expect((await create({ name: 'Purser', departmentId: dept.hotel }, steward)).statusCode).toBe(403);
    await position('Purser', dept.hotel);
    const duplicate = await create({ name: 'PURSER', departmentId: dept.deck });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ message: 'A position named "PURSER" already exists' });
    const unknownDepartment = await create({ name: 'Cadet', departmentId: 999_999 });
    expect(unknownDepartment.statusCode).toBe(400);
    expect(unknownDepartment.json()).toMatchObject({ message: 'No such department', field: 'departmentId' });
    expect((await create({ name: ' ', departmentId: dept.deck })).statusCode).toBe(400);
    const missing = await update(999_999, { name: 'Ghost', departmentId: dept.deck });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Position not found' });
  });

  it('gives a person a position, shown in user management; an unknown position is refused', async () => {
    const carpenter = await position('Carpenter', dept.deck);
    await give(deckhand, carpenter.id);
    const list = (await t.as(admin, { method: 'GET', url: '/api/admin/users' })).json() as { id: number; positionId: number | null }[];
    expect(list.find((u) => u.id === deckhand.id)?.positionId).toBe(carpenter.id);
    const refused = await setUser(deckhand, { positionId: 999_999 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'No such position', field: 'positionId' });
    const trail = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, deckhand.id));
    expect(trail.some((e) => JSON.stringify(e.metadata).includes('"to":"Carpenter"'))).toBe(true);
  });
});

describe('positions in the audience and in compliance', () => {
  it('makes an SOP required reading for holders of its positions in any department, and only for them', async () => {
    const chief = await position('Chief Steward', dept.hotel);
    const sop = await createSopAs(t, author, { departmentId: dept.deck, title: 'Gangway rigging', readingPositionIds: [chief.id] });
    expect(sop.readingPositionIds).toEqual([chief.id]);
    await give(steward, chief.id);
    const published = await publishedSop(t, author, approver, dept.deck, 'Unrelated deck SOP');
    const { approveLatest } = await import('../../test/reading');
    await approveLatest(t, author, approver, sop.id);

    expect((await readingOf(t, steward)).outstanding.map((i) => i.title)).toContain('Gangway rigging');
    expect((await readingOf(t, steward)).outstanding.map((i) => i.title)).not.toContain(published.title);
    expect((await readingOf(t, newcomer)).outstanding.map((i) => i.title)).not.toContain('Gangway rigging');
    const own = (await t.as(steward, { method: 'GET', url: `/api/sops/${sop.id}/reading` })).json() as SopReading;
    expect(own.required).toBe(true);

    // Per SOP: the deck's members and the position's holder, each once.
    const compliance = await complianceOf(t, approver, sop.id);
    expect(compliance.positions).toEqual([{ id: chief.id, name: 'Chief Steward', required: 1, attested: 0 }]);
    expect(compliance.outstanding.map((p) => p.id)).toEqual(expect.arrayContaining([steward.id, bosun.id, deckhand.id]));
    const before = compliance.required;
    await attestAs(t, steward, sop.latestVersionId as number);
    const after = await complianceOf(t, approver, sop.id);
    expect(after).toMatchObject({ required: before, attested: compliance.attested + 1, positions: [{ required: 1, attested: 1 }] });

    // The SOP list counts the holder outside the department too.
    const list = (await t.as(approver, { method: 'GET', url: '/api/compliance' })).json() as { sopId: number; required: number; attested: number }[];
    expect(list.find((r) => r.sopId === sop.id)).toMatchObject({ required: before, attested: compliance.attested + 1 });
  });

  it('refuses an SOP naming a position that does not exist', async () => {
    const res = await t.as(author, {
      method: 'POST',
      url: '/api/sops',
      payload: { title: 'Ghost reading', departmentId: dept.deck, readingPositionIds: [999_999] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'No such position', field: 'readingPositionIds' });
  });

  it('carries the position in people compliance, groups people by position, and writes a Position column', async () => {
    const bosunPosition = await position('Bosun', dept.deck);
    await give(bosun, bosunPosition.id);
    const deck = (await t.as(approver, { method: 'GET', url: `/api/compliance/people?departmentId=${dept.deck}` })).json() as PeopleCompliance;
    expect(deck.find((p) => p.id === bosun.id)?.position).toEqual({ id: bosunPosition.id, name: 'Bosun' });
    const holders = await t.as(approver, { method: 'GET', url: `/api/compliance/people?positionId=${bosunPosition.id}` });
    expect(holders.statusCode, holders.body).toBe(200);
    expect((holders.json() as PeopleCompliance).map((p) => p.id)).toEqual([bosun.id]);
    expect((await t.as(approver, { method: 'GET', url: '/api/compliance/people' })).statusCode).toBe(400);

    const csv = await t.as(approver, { method: 'GET', url: `/api/compliance/people.csv?departmentId=${dept.deck}` });
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const columns = header.split(',');
    expect(columns.slice(0, 5)).toEqual(['Person', 'Last name', 'First name', 'Department', 'Position']);
    expect(rows.find((r) => r.startsWith('Bo Sun'))?.split(',')[4]).toBe('Bosun');
  });
});

describe('a holder of a position in no department', () => {
  it('is counted by position, and named among who is behind with their position and no department', async () => {
    const masterPosition = await position('Master', dept.marine);
    const master = await t.signedInUser('user', { firstName: 'Konstantinos', lastName: 'Papadopoulos-Andersson' });
    await give(master, masterPosition.id);
    await t.db.insert(vessels).values({ code: 'POS-M', name: 'Marina Star' });
    expect((await setUser(master, { vesselCodes: ['POS-M'] })).statusCode).toBe(200);
    // In the position (and on board) for two months.
    await t.db
      .update(users)
      .set({ positionSince: new Date(Date.now() - 60 * 86_400_000) })
      .where(eq(users.id, master.id));
    const sop = await createSopAs(t, author, { departmentId: dept.hotel, title: "Master's standing orders", readingPositionIds: [masterPosition.id] });
    const { approveLatest } = await import('../../test/reading');
    await approveLatest(t, author, approver, sop.id);
    await approvedDaysAgo(sop.latestVersionId as number, 30);

    const holders = (await t.as(approver, { method: 'GET', url: `/api/compliance/people?positionId=${masterPosition.id}` })).json() as PeopleCompliance;
    expect(holders).toEqual([
      expect.objectContaining({ id: master.id, department: null, position: { id: masterPosition.id, name: 'Master' }, required: 1, attested: 0, overdue: 1 }),
    ]);
    const behind = (await t.as(approver, { method: 'GET', url: '/api/compliance/behind' })).json() as Behind;
    expect(behind.people.find((p) => p.id === master.id)).toMatchObject({ department: null, position: { name: 'Master' }, overdue: 1 });
    const csv = await t.as(approver, { method: 'GET', url: '/api/compliance/behind.csv' });
    expect(csv.statusCode, csv.body).toBe(200);
    const row = csv.body.split(/\r?\n/).find((r) => r.includes('Papadopoulos-Andersson'));
    expect(row?.split(',').slice(0, 2)).toEqual(['Konstantinos Papadopoulos-Andersson', '']);

    // Assigned to the vessel, the master counts among its people, behind.
    const fleet = (await t.as(approver, { method: 'GET', url: '/api/compliance/vessels' })).json() as { code: string; people: number; behind: number }[];
    expect(fleet.find((v) => v.code === 'POS-M')).toMatchObject({ people: 1, behind: 1 });
  });
});

describe('a new position or a new vessel', () => {
  it("makes the position's reading outstanding at once, due counting from the change", async () => {
    const engineer = await position('Second Engineer', dept.engine);
    const sop = await createSopAs(t, author, { departmentId: dept.hotel, title: 'Laundry boiler checks', readingPositionIds: [engineer.id] });
    const { approveLatest } = await import('../../test/reading');
    await approveLatest(t, author, approver, sop.id);
    const versionId = sop.latestVersionId as number;
    await approvedDaysAgo(versionId, 30);

    // The department's members read it from its approval: 30 days ago, overdue.
    const hotel = (await readingOf(t, steward)).outstanding.find((i) => i.sopId === sop.id);
    expect(hotel).toMatchObject({ dueDate: daysFromToday(-16), overdue: true });

    // Given the position today, the deckhand must read it, due 14 days from now.
    expect((await readingOf(t, deckhand)).outstanding.some((i) => i.sopId === sop.id)).toBe(false);
    await give(deckhand, engineer.id);
    const mine = (await readingOf(t, deckhand)).outstanding.find((i) => i.sopId === sop.id);
    expect(mine).toMatchObject({ dueDate: daysFromToday(14), overdue: false });
    const people = (await t.as(approver, { method: 'GET', url: `/api/compliance/people?positionId=${engineer.id}` })).json() as PeopleCompliance;
    expect(people[0].outstanding.find((o) => o.sopId === sop.id)).toMatchObject({ dueDate: daysFromToday(14), overdue: false });
    // The compliance list counts the department's readers late from the version's due day, the
    // new holder from their own: everyone outstanding but the deckhand.
    const listRow = async () => ((await t.as(approver, { method: 'GET', url: '/api/compliance' })).json() as ComplianceList).find((r) => r.sopId === sop.id)!;
    const early = await listRow();
    expect(early.required - early.attested).toBeGreaterThan(1);
    expect(early.overdue).toBe(early.required - early.attested - 1);

    // Long in the position, they would be overdue; joining a new vessel starts the count again.
    await t.db
      .update(users)
      .set({ positionSince: new Date(Date.now() - 60 * 86_400_000) })
      .where(eq(users.id, deckhand.id));
    expect((await readingOf(t, deckhand)).outstanding.find((i) => i.sopId === sop.id)).toMatchObject({
      dueDate: dueAfter(new Date(Date.now() - 30 * 86_400_000)),
      overdue: true,
    });
    const late = await listRow();
    expect(late.overdue).toBe(late.required - late.attested);
    await t.db.insert(vessels).values({ code: 'POS-1', name: 'Aurora' });
    const joined = await setUser(deckhand, { vesselCodes: ['POS-1'] });
    expect(joined.statusCode, joined.body).toBe(200);
    expect((await readingOf(t, deckhand)).outstanding.find((i) => i.sopId === sop.id)).toMatchObject({ dueDate: daysFromToday(14), overdue: false });
  });
});
