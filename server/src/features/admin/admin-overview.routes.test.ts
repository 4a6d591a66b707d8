import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sopVersions } from '../../db/schema';
import { buildAuditEvents, buildDepartment, buildSop, crewOf } from '../../test/factories';

const { t, admin, author } = await crewOf({ admin: 'admin', author: 'user' });

const overview = async () => {
  const res = await t.as(admin, { method: 'GET', url: '/api/admin/overview' });
  expect(res.statusCode).toBe(200);
  return res.json() as { sops: { inForce: number; awaitingDecision: number }; auditEventsLastDay: number };
};

describe('GET /api/admin/overview', () => {
  it('counts SOPs in force and awaiting a decision from the records', async () => {
    const before = await overview();
    const department = await buildDepartment(t.db);
    await buildSop(t.db, { departmentId: department.id, ownerId: author.id });
    await buildSop(t.db, { departmentId: department.id, ownerId: author.id, submittedBy: null });
    const approved = await buildSop(t.db, { departmentId: department.id, ownerId: author.id, status: 'published', submittedBy: null });
    await t.db.update(sopVersions).set({ approvedAt: new Date() }).where(eq(sopVersions.id, approved.version.id));
    const archived = await buildSop(t.db, { departmentId: department.id, ownerId: author.id, status: 'archived', submittedBy: null });
    await t.db.update(sopVersions).set({ approvedAt: new Date() }).where(eq(sopVersions.id, archived.version.id));

    const after = await overview();
    expect(after.sops.awaitingDecision - before.sops.awaitingDecision).toBe(1);
    expect(after.sops.inForce - before.sops.inForce).toBe(1);
  });

  it('counts the audit events of the last 24 hours, not older ones', async () => {
    const before = await overview();
    await buildAuditEvents(t.db, [
      { action: 'user_created', entityType: 'user', actorId: admin.id },
      { action: 'user_created', entityType: 'user', actorId: admin.id, createdAt: new Date(Date.now() - 25 * 3600_000) },
    ]);
    expect((await overview()).auditEventsLastDay - before.auditEventsLastDay).toBe(1);
  });

  it.each(['approver', 'user'] as const)('is 403 for a %s', async (role) => {
    const someone = await t.signedInUser(role);
    expect((await t.as(someone, { method: 'GET', url: '/api/admin/overview' })).statusCode).toBe(403);
  });
});
