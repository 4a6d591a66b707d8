import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../db/schema';
import { createTestContext, crewOf, signIn, TEST_PASSWORD, type TestUser, buildDepartment, buildSop } from '../../test/factories';

const { t, admin } = await crewOf({ admin: { role: 'admin', firstName: 'Ada', lastName: 'Admiral' } });

const patch = (id: number, payload: unknown, as: TestUser | null = admin) =>
  t.as(as, { method: 'PATCH', url: `/api/admin/users/${id}`, payload: payload as object });
const rowOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

describe('PATCH /api/admin/users/:id', () => {
  it('changes names, email and department, answers the public user and audits it', async () => {
    const crew = await t.signedInUser('user');
    const deck = await buildDepartment(t.db);
    const res = await patch(crew.id, { firstName: ' Rhea ', lastName: 'Quist', email: 'rhea@example.com', departmentId: deck.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: crew.id, firstName: 'Rhea', lastName: 'Quist', email: 'rhea@example.com', departmentId: deck.id, active: true });
    expect(res.body).not.toContain('$argon2');
    // The department travels wherever the user does.
    expect((await t.as(crew, { method: 'GET', url: '/api/user' })).json()).toMatchObject({ departmentId: deck.id });
    const list = (await t.as(admin, { method: 'GET', url: '/api/admin/users' })).json() as Array<{ id: number; departmentId: number | null }>;
    expect(list.find((u) => u.id === crew.id)?.departmentId).toBe(deck.id);
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'user_updated'));
    expect(event).toMatchObject({ actorId: admin.id, entityId: crew.id, metadata: { name: crew.username } });

    const cleared = await patch(crew.id, { departmentId: null, email: '' });
    expect(cleared.json()).toMatchObject({ departmentId: null, email: null, firstName: 'Rhea' });
  });

  it('accepts a division as the department, and a deleted department leaves the user with none', async () => {
    const crew = await t.signedInUser('user');
    const division = await buildDepartment(t.db, `Hotel ${crew.id}`);
    expect((await patch(crew.id, { departmentId: division.id })).json().departmentId).toBe(division.id);
    expect((await t.as(admin, { method: 'DELETE', url: `/api/departments/${division.id}` })).statusCode).toBeLessThan(300);
    expect((await rowOf(crew.id)).departmentId).toBeNull();
  });

  it('applies a new role on the next request, without signing in again', async () => {
    const crew = await t.signedInUser('user');
    expect((await t.as(crew, { method: 'GET', url: '/api/approvals' })).statusCode).toBe(403);
    expect((await patch(crew.id, { role: 'approver' })).json().role).toBe('approver');
    expect((await t.as(crew, { method: 'GET', url: '/api/approvals' })).statusCode).toBe(200);
    await patch(crew.id, { role: 'user' });
    expect((await t.as(crew, { method: 'GET', url: '/api/approvals' })).statusCode).toBe(403);
  });

  it('deactivating ends the sessions and stops sign-in; reactivating lets the user back in', async () => {
    const crew = await t.signedInUser('user');
    const res = await patch(crew.id, { active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().active).toBe(false);
    expect((await t.as(crew, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    await expect(signIn(t.app, crew.username, TEST_PASSWORD)).rejects.toThrow(/401/);
    // Still listed (unlike a deleted account), shown as inactive.
    const list = (await t.as(admin, { method: 'GET', url: '/api/admin/users' })).json() as Array<{ id: number; active: boolean }>;
    expect(list.find((u) => u.id === crew.id)?.active).toBe(false);
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'user_deactivated'));
    expect(event).toMatchObject({ entityId: crew.id });

    expect((await patch(crew.id, { active: true })).json().active).toBe(true);
    await expect(signIn(t.app, crew.username, TEST_PASSWORD)).resolves.toContain('sop.sid=');
  });

  it('refuses to deactivate your own account, and to demote or deactivate the last active admin', async () => {
    const self = await patch(admin.id, { active: false });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: 'You cannot deactivate your own account', code: 'validation' });

    const ctx = await createTestContext();
    try {
      const only = await ctx.signedInUser('admin');
      const other = await ctx.signedInUser('admin');
      await ctx.as(only, { method: 'PATCH', url: `/api/admin/users/${other.id}`, payload: { active: false } });
      const demote = await ctx.as(only, { method: 'PATCH', url: `/api/admin/users/${only.id}`, payload: { role: 'user' } });
      expect(demote.statusCode).toBe(400);
      expect(demote.json()).toEqual({ message: `Cannot change the role of "${only.username}": it is the last administrator account`, code: 'validation' });
      expect((await ctx.db.select().from(users).where(eq(users.id, only.id)))[0].role).toBe('admin');
    } finally {
      await ctx.close();
    }
  }, 120_000);

  it.each([
    [{}, [undefined, 'Nothing to change: send at least one field']],
    [{ role: 'captain' }, ['role', 'Role must be user, approver or admin']],
    [{ email: 'not-an-email' }, ['email', 'Enter a valid email address']],
    [{ active: 'no' }, ['active', 'active must be true or false']],
    [{ departmentId: 'deck' }, ['departmentId', 'Choose a department or none']],
    [{ departmentId: 999999 }, ['departmentId', 'No such department']],
    [{ firstName: 'x'.repeat(101) }, ['firstName', 'First name must be at most 100 characters']],
  ])('refuses %j with 400 naming the field, changing nothing', async (payload, [field, message]) => {
    const crew = await t.signedInUser('user');
    const before = await rowOf(crew.id);
    const res = await patch(crew.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(res.json().field).toBe(field);
    expect(await rowOf(crew.id)).toEqual(before);
  });

  it('refuses an email another account has with 409', async () => {
    await t.signedInUser('user', { email: 'taken@example.com' });
    const crew = await t.signedInUser('user');
    const res = await patch(crew.id, { email: 'TAKEN@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Email already exists', code: 'duplicate' });
  });

  it('is 404 for an unknown user, 403 for approvers and users, 401 signed out', async () => {
    const unknown = await patch(999999, { role: 'user' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'User not found', code: 'not_found' });
    const target = await t.signedInUser('user');
    for (const role of ['approver', 'user'] as const) {
      const someone = await t.signedInUser(role);
      expect((await patch(target.id, { role: 'admin' }, someone)).statusCode).toBe(403);
    }
    expect((await patch(target.id, { role: 'admin' }, null)).statusCode).toBe(401);
    expect((await rowOf(target.id)).role).toBe('user');
  });
});

describe('POST /api/admin/users with a department', () => {
  it('creates the user in that department, and refuses an unknown one', async () => {
    const deck = await buildDepartment(t.db);
    const input = { username: `deck${deck.id}`, password: 'long-enough-pass', role: 'user', departmentId: deck.id };
    const res = await t.as(admin, { method: 'POST', url: '/api/admin/users', payload: input });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ departmentId: deck.id, active: true });
    const bad = await t.as(admin, { method: 'POST', url: '/api/admin/users', payload: { ...input, username: `extra${deck.id}`, departmentId: 999999 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'No such department', code: 'validation', field: 'departmentId' });
  });
});

describe('the record outlives its people', () => {
  it('an approval, a submission and an SOP keep the names of a deleted approver and author', async () => {
    const author = await t.signedInUser('user', { firstName: 'Ola', lastName: 'Nordmann' });
    const approver = await t.signedInUser('approver', { firstName: 'Maria', lastName: 'Santos' });
    const deck = await buildDepartment(t.db);
    const { sop, task } = await buildSop(t.db, { departmentId: deck.id, ownerId: author.id });
    const decided = await t.as(approver, { method: 'PUT', url: `/api/approvals/${task!.id}`, payload: { status: 'approved' } });
    expect(decided.statusCode).toBe(200);

    for (const gone of [approver, author]) expect((await t.as(admin, { method: 'DELETE', url: `/api/admin/users/${gone.id}` })).statusCode).toBe(200);

    const detail = (await t.as(admin, { method: 'GET', url: `/api/sops/${sop.id}` })).json();
    expect(detail.owner).toEqual({ firstName: 'Ola', lastName: 'Nordmann' });
    expect(JSON.stringify(detail)).toContain('Santos');
    const list = (await t.as(admin, { method: 'GET', url: '/api/sops' })).json() as Array<{ id: number; owner: unknown }>;
    expect(list.find((s) => s.id === sop.id)?.owner).toEqual({ firstName: 'Ola', lastName: 'Nordmann' });
    const audit = (await t.as(admin, { method: 'GET', url: `/api/audit?actorId=${approver.id}` })).json() as Array<{ actor: unknown }>;
    expect(audit.length).toBeGreaterThan(0);
    expect(audit.every((e) => JSON.stringify(e.actor) === JSON.stringify({ firstName: 'Maria', lastName: 'Santos' }))).toBe(true);
  });
});
