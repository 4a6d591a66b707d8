import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, departments, sops } from '../../db/schema';
import { crewOf, type TestUser } from '../../test/factories';

const { t, admin, approver, crew } = await crewOf({ admin: 'admin', approver: 'approver', crew: 'user' });

let seq = 0;
const unique = (base: string) => `${base} ${++seq}`;
const create = (payload: Record<string, unknown>, as: TestUser | null = admin) => t.as(as, { method: 'POST', url: '/api/departments', payload });
const update = (id: number, payload: Record<string, unknown>, as: TestUser | null = admin) =>
  t.as(as, { method: 'PUT', url: `/api/departments/${id}`, payload });
const remove = (id: number, as: TestUser | null = admin) => t.as(as, { method: 'DELETE', url: `/api/departments/${id}` });
const rowsNamed = (name: string) => t.db.select().from(departments).where(eq(departments.name, name));
const rowOf = async (id: number) => (await t.db.select().from(departments).where(eq(departments.id, id)))[0];
const rowsOf = (ids: number[]) => t.db.select().from(departments).where(inArray(departments.id, ids));

async function division(name = unique('Marine')) {
  const res = await create({ name });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; name: string };
}
async function department(parentId: number, name = unique('Deck')) {
  const res = await create({ name, parentId });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; name: string };
}
const addSop = (departmentId: number, title = 'Mooring') => t.db.insert(sops).values({ title, departmentId, ownerId: admin.id });

describe('POST /api/departments', () => {
  it('creates a division and a department under it, audited with the name', async () => {
    const res = await create({ name: '  Hotel Ops  ', description: 'Guest-facing teams' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Hotel Ops', description: 'Guest-facing teams', parentId: null, sopCount: 0 });
    const child = await create({ name: 'Housekeeping', parentId: res.json().id, description: '' });
    expect(child.statusCode).toBe(201);
    expect(child.json()).toMatchObject({ parentId: res.json().id, description: null });
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'department_created'));
    expect(events.map((e) => e.metadata)).toEqual(expect.arrayContaining([{ name: 'Hotel Ops' }, { name: 'Housekeeping' }]));
    expect(events.every((e) => e.actorId === admin.id)).toBe(true);
  });

  it('lists the new items through GET /api/departments with the existing shape', async () => {
    const parent = await division();
    await department(parent.id);
    const res = await t.as(crew, { method: 'GET', url: '/api/departments' });
    expect(res.statusCode).toBe(200);
    const found = (res.json() as Array<Record<string, unknown>>).find((d) => d.id === parent.id);
    expect(found).toMatchObject({ id: parent.id, name: parent.name, parentId: null, sopCount: 0 });
  });

  it('refuses a third level: a department cannot be a parent', async () => {
    const parent = await division();
    const child = await department(parent.id);
    const name = unique('Bridge');
    const res = await create({ name, parentId: child.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Only a top-level division can be a parent', code: 'validation' });
    expect(await rowsNamed(name)).toHaveLength(0);
  });

  it('refuses a parent that does not exist', async () => {
    const name = unique('Orphan');
    const res = await create({ name, parentId: 999999 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'parentId', message: 'The chosen parent division does not exist' });
    expect(await rowsNamed(name)).toHaveLength(0);
  });

  it('refuses a duplicate name under the same parent, whatever its case, with 409', async () => {
    const parent = await division();
    await department(parent.id, 'Engine');
    const res = await create({ name: 'ENGINE', parentId: parent.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'A department named "ENGINE" already exists in this division', code: 'duplicate' });
    // The same name under another division is fine.
    const other = await division();
    expect((await create({ name: 'Engine', parentId: other.id })).statusCode).toBe(201);
  });

  it('refuses a duplicate division name with 409', async () => {
    const first = await division();
    const res = await create({ name: first.name });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`A division named "${first.name}" already exists`);
  });

  it('refuses a missing name with 400 naming the field', async () => {
    const res = await create({ name: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'name', message: 'Name is required' });
  });

  it.each([
    ['approver', () => approver],
    ['user', () => crew],
  ])('is 403 for a %s and creates nothing', async (_role, who) => {
    const name = unique('Forbidden');
    const res = await create({ name }, who());
    expect(res.statusCode).toBe(403);
    expect(await rowsNamed(name)).toHaveLength(0);
  });

  it('is 401 when signed out and creates nothing', async () => {
    const name = unique('Anonymous');
    const res = await create({ name }, null);
    expect(res.statusCode).toBe(401);
    expect(await rowsNamed(name)).toHaveLength(0);
  });
});

describe('PUT /api/departments/:id', () => {
  it('renames and moves a department between divisions, audited', async () => {
    const a = await division();
    const b = await division();
    const dept = await department(a.id);
    const res = await update(dept.id, { name: 'Deck Operations', description: 'Seamanship', parentId: b.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: dept.id, name: 'Deck Operations', description: 'Seamanship', parentId: b.id });
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'department_updated'));
    expect(events.find((e) => e.entityId === dept.id)).toMatchObject({ actorId: admin.id, metadata: { name: 'Deck Operations' } });
    expect((await rowOf(dept.id)).parentId).toBe(b.id);
  });

  it('refuses to make an item its own parent', async () => {
    const parent = await division();
    const res = await update(parent.id, { name: parent.name, parentId: parent.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'A department cannot be its own parent', code: 'validation' });
    expect((await rowOf(parent.id)).parentId).toBeNull();
  });

  it('refuses to move a department under a department (third level)', async () => {
    const parent = await division();
    const one = await department(parent.id);
    const two = await department(parent.id);
    const res = await update(two.id, { name: two.name, parentId: one.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Only a top-level division can be a parent', code: 'validation' });
    expect((await rowOf(two.id)).parentId).toBe(parent.id);
  });

  it('refuses to put a division that has departments under another division', async () => {
    const parent = await division('Hotel Services');
    await department(parent.id);
    const other = await division();
    const res = await update(parent.id, { name: parent.name, parentId: other.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('"Hotel Services" is a division with 1 department; move or delete them before placing it under another division');
    expect((await rowOf(parent.id)).parentId).toBeNull();
  });

  it('lets an empty division become a department', async () => {
    const lonely = await division();
    const other = await division();
    const res = await update(lonely.id, { name: lonely.name, parentId: other.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().parentId).toBe(other.id);
  });

  it('refuses a rename onto a sibling name with 409 and changes nothing', async () => {
    const parent = await division();
    await department(parent.id, 'Galley');
    const dept = await department(parent.id, 'Pantry');
    const res = await update(dept.id, { name: 'galley', parentId: parent.id });
    expect(res.statusCode).toBe(409);
    expect((await rowOf(dept.id)).name).toBe('Pantry');
  });

  it('is 404 for an unknown id', async () => {
    const res = await update(999999, { name: 'Nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Department not found', code: 'not_found' });
  });

  it.each([
    ['approver', () => approver],
    ['user', () => crew],
  ])('is 403 for a %s and changes nothing', async (_role, who) => {
    const dept = await division();
    const res = await update(dept.id, { name: 'Hijacked' }, who());
    expect(res.statusCode).toBe(403);
    expect((await rowOf(dept.id)).name).toBe(dept.name);
  });

  it('is 401 when signed out and changes nothing', async () => {
    const dept = await division();
    const res = await update(dept.id, { name: 'Hijacked' }, null);
    expect(res.statusCode).toBe(401);
    expect((await rowOf(dept.id)).name).toBe(dept.name);
  });
});

describe('DELETE /api/departments/:id', () => {
  it('deletes a division together with its departments, audited with the name', async () => {
    const parent = await division();
    const one = await department(parent.id);
    const two = await department(parent.id);
    const res = await remove(parent.id);
    expect(res.statusCode).toBe(200);
    expect(await rowsOf([parent.id, one.id, two.id])).toHaveLength(0);
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'department_deleted'));
    expect(events.find((e) => e.entityId === parent.id)?.metadata).toMatchObject({ name: parent.name });
  });

  it('deletes a single department and leaves its division', async () => {
    const parent = await division();
    const dept = await department(parent.id);
    expect((await remove(dept.id)).statusCode).toBe(200);
    expect(await rowOf(dept.id)).toBeUndefined();
    expect(await rowOf(parent.id)).toMatchObject({ id: parent.id });
  });

  it('refuses with 409 while SOPs remain in the department, saying how many must move', async () => {
    const parent = await division();
    const dept = await department(parent.id, 'Deck');
    await addSop(dept.id, 'A');
    await addSop(dept.id, 'B');
    await addSop(dept.id, 'C');
    const res = await remove(dept.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Cannot delete "Deck": 3 SOPs must be moved to another department first', code: 'conflict' });
    expect(await rowOf(dept.id)).toMatchObject({ id: dept.id });
  });

  it('refuses to delete a division while any of its departments holds SOPs, and deletes none of them', async () => {
    const parent = await division('Engineering');
    const empty = await department(parent.id);
    const full = await department(parent.id);
    await addSop(full.id);
    const res = await remove(parent.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Cannot delete "Engineering": 1 SOP in this division and its departments must be moved to another department first',
      code: 'conflict',
    });
    expect(await rowsOf([parent.id, empty.id, full.id])).toHaveLength(3);
  });

  it('is 404 for an unknown id', async () => {
    const res = await remove(999999);
    expect(res.statusCode).toBe(404);
  });

  it.each([
    ['approver', () => approver],
    ['user', () => crew],
  ])('is 403 for a %s and deletes nothing', async (_role, who) => {
    const parent = await division();
    const res = await remove(parent.id, who());
    expect(res.statusCode).toBe(403);
    expect(await rowOf(parent.id)).toMatchObject({ id: parent.id });
  });

  it('is 401 when signed out and deletes nothing', async () => {
    const parent = await division();
    const res = await remove(parent.id, null);
    expect(res.statusCode).toBe(401);
    expect(await rowOf(parent.id)).toMatchObject({ id: parent.id });
  });
});
