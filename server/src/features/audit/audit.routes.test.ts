import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../../common/contracts/audit';
import { auditEvents, users } from '../../db/schema';
import { buildAuditEvents, crewOf, type TestUser } from '../../test/factories';
import { recordAudit } from './audit.service';
import { ADMIN_ACTIONS } from '../../../../common/audit-actions';

const { t, admin } = await crewOf({ admin: { role: 'admin', firstName: 'Ada' } });
beforeAll(async () => {
  // Fifteen events with distinct, increasing times so the order is unambiguous.
  const base = Date.now() - 60_000;
  for (let i = 1; i <= 15; i++) {
    await buildAuditEvents(t.db, {
      actorId: admin.id,
      action: 'sop_created',
      entityType: 'sop',
      entityId: i,
      metadata: { title: `Procedure ${i}` },
      createdAt: new Date(base + i * 1000),
    });
  }
});

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
    expect(res.json()).toMatchObject({ field: 'limit', message: 'limit must be a whole number from 1 to 100' });
  });

  it('shows events of all kinds, including the newest one just written', async () => {
    await recordAudit(t.db, { actorId: admin.id, action: 'department_created', entityType: 'department', entityId: 1, metadata: { name: 'Galley' } });
    const [first] = (await getAudit('?limit=1')).json() as AuditEvent[];
    expect(first).toMatchObject({ action: 'department_created', metadata: { name: 'Galley' }, actor: { firstName: 'Ada' } });
  });

  it("keeps events of a deleted actor, with the actor's name", async () => {
    const gone = await t.signedInUser('user', { firstName: 'Gone', lastName: 'Away' });
    await recordAudit(t.db, { actorId: gone.id, action: 'sop_deleted', entityType: 'sop', entityId: 99, metadata: { title: 'Old' } });
    expect((await t.as(admin, { method: 'DELETE', url: `/api/admin/users/${gone.id}` })).statusCode).toBe(200);
    const [, second] = (await getAudit('?limit=2')).json() as AuditEvent[];
    expect(second).toMatchObject({ action: 'sop_deleted', actorId: gone.id, actor: { firstName: 'Gone', lastName: 'Away' } });
  });

  it.each(['approver', 'user'] as const)('is 403 for a %s', async (role) => {
    const someone = await t.signedInUser(role);
    const res = await getAudit('', someone);
    expect(res.statusCode).toBe(403);
  });

  it('is 401 when signed out', async () => {
    const res = await getAudit('', null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized', code: 'unauthorized' });
  });
});

describe('GET /api/audit paging and filters', () => {
  it('pages with before: each page continues where the last ended, with no event twice', async () => {
    const first = (await getAudit('?limit=5')).json() as AuditEvent[];
    const next = (await getAudit(`?limit=5&before=${first[4].id}`)).json() as AuditEvent[];
    const all = (await getAudit('?limit=10')).json() as AuditEvent[];
    expect([...first, ...next].map((e) => e.id)).toEqual(all.map((e) => e.id));
  });

  it('filters by action, entity type, actor and time range (bounds included)', async () => {
    const procedures = (await getAudit('?limit=100&action=sop_created')).json() as AuditEvent[];
    expect(procedures.length).toBe(15);
    expect((await getAudit('?limit=100&entityType=department')).json().every((e: AuditEvent) => e.entityType === 'department')).toBe(true);
    const other = await t.signedInUser('user');
    const mine = (await getAudit(`?limit=100&actorId=${other.id}`)).json() as AuditEvent[];
    expect(mine.map((e) => e.action)).toEqual(['user_registered']);
    const [p3, p5] = [procedures.find((e) => e.entityId === 3)!, procedures.find((e) => e.entityId === 5)!];
    const range = (await getAudit(`?limit=100&action=sop_created&from=${p3.createdAt}&to=${p5.createdAt}`)).json() as AuditEvent[];
    expect(range.map((e) => e.entityId)).toEqual([5, 4, 3]);
  });

  it("scope=admin keeps administrators' actions and leaves out the crew's work on procedures", async () => {
    await buildAuditEvents(t.db, [
      { actorId: admin.id, action: 'department_updated', entityType: 'department', metadata: { name: 'Deck' } },
      { actorId: admin.id, action: 'sop_attested', entityType: 'sop', entityId: 1, metadata: { title: 'Procedure 1' } },
      { actorId: admin.id, action: 'registration_opened', entityType: 'settings', metadata: { name: 'registration' } },
    ]);
    const all = (await getAudit('?limit=100')).json() as AuditEvent[];
    expect(all.map((e) => e.action)).toContain('sop_attested');
    const adminOnly = (await getAudit('?limit=100&scope=admin')).json() as AuditEvent[];
    expect(adminOnly.map((e) => e.action).slice(0, 2)).toEqual(['registration_opened', 'department_updated']);
    for (const event of adminOnly) expect(ADMIN_ACTIONS as readonly string[], event.action).toContain(event.action);
    expect((await getAudit('?scope=crew')).statusCode).toBe(400);
  });

  it.each([
    ['before=abc', 'before'],
    ['actorId=-1', 'actorId'],
    ['from=yesterday', 'from'],
    ['from=2026-02-01&to=2026-01-01', 'from must not be after to'],
    ['action=', 'action'],
  ])('refuses %s with 400 naming the field', async (query, message) => {
    const res = await getAudit(`?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe('the audit table is append-only in the database', () => {
  it.each([
    ['UPDATE', sql`update audit_events set action = 'rewritten'`],
    ['DELETE', sql`delete from audit_events`],
    ['TRUNCATE', sql`truncate audit_events`],
  ])('refuses %s', async (_verb, statement) => {
    const before = await t.db.select().from(auditEvents);
    await expect(t.db.execute(statement)).rejects.toThrow();
    expect(await t.db.select().from(auditEvents)).toEqual(before);
  });

  it('refuses to remove a user the trail names instead of blanking the actor', async () => {
    await expect(t.db.delete(users).where(eq(users.id, admin.id))).rejects.toThrow();
    const [first] = (await getAudit('?limit=1')).json() as AuditEvent[];
    expect(first.actor).not.toBeNull();
  });
});
