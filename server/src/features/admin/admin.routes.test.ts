import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, departments, sessions, sops, users } from '../../db/schema';
import { createTestContext, crewOf, signIn, TEST_PASSWORD } from '../../test/factories';
import { deleteUser } from './admin-users.service';

const { t, admin } = await crewOf({ admin: { role: 'admin', firstName: 'Ada', lastName: 'Admiral' } });

const userCount = async () => (await t.db.select({ id: users.id }).from(users)).length;
const newUser = (overrides: Record<string, unknown> = {}) => ({
  username: `crew${Math.random().toString(36).slice(2, 8)}`,
  password: 'long-enough-pass',
  email: '',
  firstName: 'Kai',
  lastName: 'Berg',
  role: 'approver',
  ...overrides,
});

describe('GET /api/admin/users', () => {
  it('lists every user, newest first, with public fields only', async () => {
    const later = await t.signedInUser('user');
    const res = await t.as(admin, { method: 'GET', url: '/api/admin/users' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Array<{ id: number }>;
    expect(body.map((u) => u.id)).toEqual(expect.arrayContaining([admin.id, later.id]));
    expect(body.findIndex((u) => u.id === later.id)).toBeLessThan(body.findIndex((u) => u.id === admin.id));
    expect(body[0]).toHaveProperty('username');
    expect(body[0]).not.toHaveProperty('password');
    expect(res.body).not.toContain('$argon2');
  });

  it.each(['approver', 'user'] as const)('is 403 for a signed-in %s', async (role) => {
    const someone = await t.signedInUser(role);
    const res = await t.as(someone, { method: 'GET', url: '/api/admin/users' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have permission to do this');
  });

  it('is 401 when signed out', async () => {
    const res = await t.as(null, { method: 'GET', url: '/api/admin/users' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized', code: 'unauthorized' });
  });
});

describe('POST /api/admin/users', () => {
  it('creates a user with the chosen role, who can then sign in', async () => {
    const input = newUser({ email: 'kai@example.com' });
    const res = await t.as(admin, { method: 'POST', url: '/api/admin/users', payload: input });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: input.username, role: 'approver', email: 'kai@example.com', firstName: 'Kai', lastName: 'Berg' });
    expect(res.body).not.toContain('password');
    expect(res.body).not.toContain('$argon2');
    await expect(signIn(t.app, input.username, input.password)).resolves.toContain('sop.sid=');
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, res.json().id));
    expect(event).toMatchObject({ action: 'user_created', actorId: admin.id, metadata: { name: input.username } });
  });

  it('defaults the role to user and ignores a confirmPassword field', async () => {
    const { role: _role, ...input } = newUser();
    const res = await t.as(admin, { method: 'POST', url: '/api/admin/users', payload: { ...input, confirmPassword: 'whatever' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().role).toBe('user');
  });

  it('refuses a duplicate username, whatever its case, with 409', async () => {
    const input = newUser();
    await t.as(admin, { method: 'POST', url: '/api/admin/users', payload: input });
    const before = await userCount();
    const res = await t.as(admin, { method: 'POST', url: '/api/admin/users', payload: newUser({ username: input.username.toUpperCase() }) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Username already exists', code: 'duplicate' });
    expect(await userCount()).toBe(before);
  });

  it('refuses a duplicate email with 409', async () => {
    await t.as(admin, { method: 'POST', url: '/api/admin/users', payload: newUser({ email: 'purser@example.com' }) });
    const before = await userCount();
    const res = await t.as(admin, { method: 'POST', url: '/api/admin/users', payload: newUser({ email: 'Purser@Example.com' }) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Email already exists', code: 'duplicate' });
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ username: 'ab' }, ['username', 'Username must be at least 3 characters']],
    [{ password: 'short' }, ['password', 'Password must be at least 8 characters']],
    [{ email: 'not-an-email' }, ['email', 'Enter a valid email address']],
    [{ role: 'captain' }, ['role', 'Role must be user, approver or admin']],
  ])('refuses %j with 400 naming the field', async (overrides, [field, message]) => {
    const before = await userCount();
    const res = await t.as(admin, { method: 'POST', url: '/api/admin/users', payload: newUser(overrides) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field, message: expect.stringContaining(message) });
    expect(res.json().message).not.toContain(`${field}:`);
    expect(await userCount()).toBe(before);
  });

  it.each(['approver', 'user'] as const)('is 403 for a %s and creates nothing', async (role) => {
    const someone = await t.signedInUser(role);
    const before = await userCount();
    const res = await t.as(someone, { method: 'POST', url: '/api/admin/users', payload: newUser({ role: 'admin' }) });
    expect(res.statusCode).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it('is 401 when signed out and creates nothing', async () => {
    const before = await userCount();
    const res = await t.as(null, { method: 'POST', url: '/api/admin/users', payload: newUser() });
    expect(res.statusCode).toBe(401);
    expect(await userCount()).toBe(before);
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('deactivates and hides the user, ends their sessions at once, keeps what they made and audits it', async () => {
    const victim = await t.signedInUser('user', { firstName: 'Vic' });
    const [dept] = await t.db
      .insert(departments)
      .values({ name: `Deck ${victim.id}` })
      .returning();
    const [sop] = await t.db.insert(sops).values({ title: 'Mooring lines', departmentId: dept.id, ownerId: victim.id }).returning();
    expect((await t.as(victim, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);

    const res = await t.as(admin, { method: 'DELETE', url: `/api/admin/users/${victim.id}` });
    expect(res.statusCode).toBe(200);
    // The row stays (names on the record, username reserved) but is inactive and hidden.
    const [row] = await t.db.select().from(users).where(eq(users.id, victim.id));
    expect(row).toMatchObject({ active: false, username: victim.username });
    expect(row.deletedAt).toBeInstanceOf(Date);
    const list = (await t.as(admin, { method: 'GET', url: '/api/admin/users' })).json() as Array<{ id: number }>;
    expect(list.map((u) => u.id)).not.toContain(victim.id);
    const remaining = await t.db.select().from(sessions);
    expect(remaining.some((s) => (s.sess as { userId?: number }).userId === victim.id)).toBe(false);
    expect((await t.as(victim, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);

    const [kept] = await t.db.select().from(sops).where(eq(sops.id, sop.id));
    expect(kept.ownerId).toBe(victim.id);
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'user_deleted'));
    expect(event).toMatchObject({ actorId: admin.id, entityType: 'user', entityId: victim.id, metadata: { name: victim.username } });
    // Deleted is deleted: a second delete, an edit or a reset finds nothing.
    expect((await t.as(admin, { method: 'DELETE', url: `/api/admin/users/${victim.id}` })).statusCode).toBe(404);
    expect((await t.as(admin, { method: 'PATCH', url: `/api/admin/users/${victim.id}`, payload: { active: true } })).statusCode).toBe(404);
  });

  it("keeps the deleted user's username reserved", async () => {
    const victim = await t.signedInUser('user');
    await t.as(admin, { method: 'DELETE', url: `/api/admin/users/${victim.id}` });
    const res = await t.as(admin, { method: 'POST', url: '/api/admin/users', payload: newUser({ username: victim.username }) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Username already exists', code: 'duplicate' });
  });

  it('refuses to delete your own account with 400', async () => {
    const res = await t.as(admin, { method: 'DELETE', url: `/api/admin/users/${admin.id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'You cannot delete your own account', code: 'validation' });
    expect(await t.db.select().from(users).where(eq(users.id, admin.id))).toHaveLength(1);
  });

  it('lets one admin delete another admin', async () => {
    const other = await t.signedInUser('admin');
    const res = await t.as(admin, { method: 'DELETE', url: `/api/admin/users/${other.id}` });
    expect(res.statusCode).toBe(200);
  });

  it('never deletes the last admin, even for an actor demoted after the access check', async () => {
    // Two admins deleting each other at once: the second one is no longer an admin when its delete runs.
    const ctx = await createTestContext();
    try {
      const first = await ctx.signedInUser('admin');
      const second = await ctx.signedInUser('admin');
      await ctx.db.update(users).set({ role: 'user' }).where(eq(users.id, first.id));
      await expect(deleteUser(ctx.db, first, second.id)).rejects.toMatchObject({
        statusCode: 400,
        message: `Cannot delete "${second.username}": it is the last administrator account`,
      });
      expect(await ctx.db.select().from(users).where(eq(users.id, second.id))).toHaveLength(1);
    } finally {
      await ctx.close();
    }
  });

  it('is 404 for an unknown id', async () => {
    const res = await t.as(admin, { method: 'DELETE', url: '/api/admin/users/999999' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'User not found', code: 'not_found' });
  });

  it.each(['approver', 'user'] as const)('is 403 for a %s and deletes nothing', async (role) => {
    const someone = await t.signedInUser(role);
    const target = await t.signedInUser('user');
    const res = await t.as(someone, { method: 'DELETE', url: `/api/admin/users/${target.id}` });
    expect(res.statusCode).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.id, target.id))).toHaveLength(1);
    expect((await t.as(target, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });

  it('is 401 when signed out and deletes nothing', async () => {
    const target = await t.signedInUser('user');
    const res = await t.as(null, { method: 'DELETE', url: `/api/admin/users/${target.id}` });
    expect(res.statusCode).toBe(401);
    expect(await t.db.select().from(users).where(eq(users.id, target.id))).toHaveLength(1);
  });

  it('signs the deleted user out even when they use a password sign-in again', async () => {
    const victim = await t.signedInUser('user');
    await t.as(admin, { method: 'DELETE', url: `/api/admin/users/${victim.id}` });
    await expect(signIn(t.app, victim.username, TEST_PASSWORD)).rejects.toThrow(/401/);
  });
});
