import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry, DashboardStats } from '../../../../common/contracts/dashboard';
import { sops } from '../../db/schema';
import { buildAuditEvents, crewOf, type TestUser, buildDepartment, buildSop } from '../../test/factories';

const { t, admin, approver, user } = await crewOf({
  admin: { role: 'admin', firstName: 'Ada' },
  approver: { role: 'approver', firstName: 'Maria' },
  user: { role: 'user', firstName: 'Liam' },
});
let departmentId: number;

beforeAll(async () => {
  departmentId = (await buildDepartment(t.db, 'Engine')).id;
});

const stats = async (who: TestUser) => {
  const res = await t.as(who, { method: 'GET', url: '/api/dashboard/stats' });
  expect(res.statusCode).toBe(200);
  return res.json() as DashboardStats;
};

describe('GET /api/dashboard/stats', () => {
  it('is 401 signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/stats' })).statusCode).toBe(401);
  });

  it('counts zeros on an empty platform', async () => {
    expect(await stats(user)).toEqual({ pendingTasks: 0, mySubmissions: 0, totalSops: 0, recentEdits: 0, openSuggestions: 0, mySuggestions: 0 });
  });

  it('matches the data for each role', async () => {
    // The user's submission (decidable by the approver and the admin) and a draft of theirs.
    await buildSop(t.db, { departmentId, ownerId: user.id });
    await buildSop(t.db, { departmentId, ownerId: user.id, submittedBy: null });
    // The approver's own submission: only the admin may decide it.
    await buildSop(t.db, { departmentId, ownerId: approver.id, submittedBy: approver.id });
    // An admin SOP last edited ten days ago.
    const old = await buildSop(t.db, { departmentId, ownerId: admin.id, submittedBy: null });
    await t.db
      .update(sops)
      .set({ updatedAt: new Date(Date.now() - 10 * 24 * 3600 * 1000) })
      .where(eq(sops.id, old.sop.id));
    // A pending task whose SOP went back to draft counts for nobody.
    const stale = await buildSop(t.db, { departmentId, ownerId: admin.id });
    await t.db.update(sops).set({ status: 'draft' }).where(eq(sops.id, stale.sop.id));

    // A plain user counts the SOPs they may see: here only their own (the others are never approved).
    expect(await stats(user)).toEqual({ pendingTasks: 0, mySubmissions: 2, totalSops: 2, recentEdits: 2, openSuggestions: 0, mySuggestions: 0 });
    expect(await stats(approver)).toEqual({ pendingTasks: 1, mySubmissions: 1, totalSops: 5, recentEdits: 4, openSuggestions: 0, mySuggestions: 0 });
    expect(await stats(admin)).toEqual({ pendingTasks: 2, mySubmissions: 2, totalSops: 5, recentEdits: 4, openSuggestions: 0, mySuggestions: 0 });
  });

  it('follows a decision: the decided task no longer counts', async () => {
    const before = await stats(approver);
    const { task } = await buildSop(t.db, { departmentId, ownerId: user.id });
    expect((await stats(approver)).pendingTasks).toBe(before.pendingTasks + 1);
    const res = await t.as(approver, { method: 'PUT', url: `/api/approvals/${task!.id}`, payload: { status: 'approved' } });
    expect(res.statusCode).toBe(200);
    expect((await stats(approver)).pendingTasks).toBe(before.pendingTasks);
  });
});

describe('GET /api/dashboard/activity', () => {
  it('is 401 signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/activity' })).statusCode).toBe(401);
  });

  it('returns the newest SOP-related events first, limited to 20, in the activity shape', async () => {
    // The trail is append-only, so these events are dated after everything the file wrote before.
    const base = Date.now() + 3600_000;
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    for (let i = 0; i < 22; i++) {
      await buildAuditEvents(t.db, {
        actorId: user.id,
        action: 'sop_created',
        entityType: 'sop',
        entityId: i,
        metadata: { title: `SOP ${i}` },
        createdAt: at(i),
      });
    }
    // Not SOP-related: left out even though newest.
    await buildAuditEvents(t.db, {
      actorId: admin.id,
      action: 'department_created',
      entityType: 'department',
      metadata: { name: 'Galley' },
      createdAt: at(50),
    });
    await buildAuditEvents(t.db, { actorId: admin.id, action: 'user_created', entityType: 'user', metadata: { name: 'x' }, createdAt: at(51) });
    // Attachment events count, whatever their entity type.
    await buildAuditEvents(t.db, {
      actorId: approver.id,
      action: 'attachment_uploaded',
      entityType: 'attachment',
      metadata: { title: 'Bunkering' },
      createdAt: at(40),
    });

    // An approver sees every SOP event (a plain user only those of versions they may see: sop-visibility.routes.test.ts).
    const res = await t.as(approver, { method: 'GET', url: '/api/dashboard/activity' });
    expect(res.statusCode).toBe(200);
    const entries = res.json() as ActivityEntry[];
    expect(entries).toHaveLength(20);
    expect(entries[0]).toEqual({
      id: expect.any(Number),
      action: 'attachment_uploaded',
      createdAt: at(40).toISOString(),
      actor: { firstName: 'Maria' },
      metadata: { title: 'Bunkering' },
    });
    expect(entries.slice(1).map((e) => e.metadata.title)).toEqual(Array.from({ length: 19 }, (_, i) => `SOP ${21 - i}`));
    expect(entries.every((e) => !['department_created', 'user_created'].includes(e.action))).toBe(true);
    for (let i = 1; i < entries.length; i++) expect(entries[i - 1].createdAt >= entries[i].createdAt).toBe(true);
  });

  it("keeps a deleted actor's name, and shows a title-less event with a null title", async () => {
    const gone = await t.signedInUser('user', { firstName: 'Gone' });
    const later = Date.now() + 5 * 3600_000;
    await buildAuditEvents(t.db, {
      actorId: gone.id,
      action: 'sop_deleted',
      entityType: 'sop',
      metadata: { title: 'Old drill' },
      createdAt: new Date(later + 1000),
    });
    expect((await t.as(admin, { method: 'DELETE', url: `/api/admin/users/${gone.id}` })).statusCode).toBe(200);
    await buildAuditEvents(t.db, { actorId: admin.id, action: 'sop_submitted', entityType: 'sop', metadata: {}, createdAt: new Date(later + 2000) });
    const entries = (await t.as(admin, { method: 'GET', url: '/api/dashboard/activity' })).json() as ActivityEntry[];
    expect(entries[0]).toMatchObject({ action: 'sop_submitted', actor: { firstName: 'Ada' }, metadata: { title: null } });
    expect(entries[1]).toMatchObject({ action: 'sop_deleted', actor: { firstName: 'Gone' }, metadata: { title: 'Old drill' } });
  });
});
