import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../../common/contracts/audit';
import { auditEvents, users } from '../../db/schema';
import { createTestContext, type TestContext, type TestUser } from '../../test/factory';
import { recordAudit } from './audit.service';

let t: TestContext;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signedInUser('admin', { firstName: 'Ada' });
  // Fifteen events with distinct, increasing times so the order is unambiguous.
  const base = Date.now() - 60_000;
  for (let i = 1; i <= 15; i++) {
    await t.db.insert(auditEvents).values({
      actorId: admin.id,
      action: 'sop_created',
      entityType: 'sop',
      entityId: i,
      metadata: { title: `Procedure ${i}` },
      createdAt: new Date(base + i * 1000),
    });
  }
});
afterAll(() => t.close());

const getAudit = (query = '', as: TestUser | null = admin) => t.as(as, { method: 'GET', url: `/api/audit${query}` });

describe('GET /api/audit', () => {
  it('returns the newest 10 by default, newest first, with the actor first name', async () => {
    const res = await getAudit();
    expect(res.statusCode).toBe(200);
    const events = res.json() as AuditEvent[];
    expect(events).toHaveLength(10);
    const times = events.map((e) => new Date(e.createdAt).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(events[0]).toMatchObject({ action: expect.any(String), actor: { firstName: 'Ada' } });
    const procedures = events.filter((e) => e.action === 'sop_created');
    expect(procedures[0].metadata).toEqual({ title: 'Procedure 15' });
    expect(res.body).not.toContain('$argon2');
    expect(events[0].actor).not.toHaveProperty('password');
  });

  it('honours the limit', async () => {
    const res = await getAudit('?limit=3');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(3);
    expect((await getAudit('?limit=1')).json()).toHaveLength(1);
    expect(((await getAudit('?limit=100')).json() as AuditEvent[]).length).toBeGreaterThanOrEqual(15);
  });

  it.each(['0', '101', '-5', 'abc', '2.5'])('refuses limit=%s with 400 naming the field', async (limit) => {
    const res = await getAudit(`?limit=${limit}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('limit: limit must be a whole number from 1 to 100');
  });

  it('shows events of all kinds, including the newest one just written', async () => {
    await recordAudit(t.db, { actorId: admin.id, action: 'department_created', entityType: 'department', entityId: 1, metadata: { name: 'Galley' } });
    const [first] = (await getAudit('?limit=1')).json() as AuditEvent[];
    expect(first).toMatchObject({ action: 'department_created', metadata: { name: 'Galley' }, actor: { firstName: 'Ada' } });
  });

  it('keeps events of a deleted actor, with no actor', async () => {
    const gone = await t.signedInUser('user', { firstName: 'Gone' });
    await recordAudit(t.db, { actorId: gone.id, action: 'sop_deleted', entityType: 'sop', entityId: 99, metadata: { title: 'Old' } });
    await t.db.delete(users).where(eq(users.id, gone.id));
    const [first] = (await getAudit('?limit=1')).json() as AuditEvent[];
    expect(first).toMatchObject({ action: 'sop_deleted', actorId: null, actor: null });
  });

  it.each(['approver', 'user'] as const)('is 403 for a %s', async (role) => {
    const someone = await t.signedInUser(role);
    const res = await getAudit('', someone);
    expect(res.statusCode).toBe(403);
  });

  it('is 401 when signed out', async () => {
    const res = await getAudit('', null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });
});
