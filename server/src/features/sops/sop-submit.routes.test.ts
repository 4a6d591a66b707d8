import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvalTasks, auditEvents, sops, sopVersions } from '../../db/schema';
import { crewOf, type TestUser, buildDepartment } from '../../test/factories';
import { createSopAs } from '../../test/client';

const { t, approver, owner, other } = await crewOf({ approver: 'approver', owner: 'user', other: 'user' });
let departmentId: number;

beforeAll(async () => {
  departmentId = (await buildDepartment(t.db, 'Housekeeping')).id;
});

const submit = (user: TestUser | null, id: number) => t.as(user, { method: 'POST', url: `/api/sops/${id}/submit` });
const tasksOf = (versionId: number) => t.db.select().from(approvalTasks).where(eq(approvalTasks.versionId, versionId));

describe('POST /api/sops/{id}/submit', () => {
  it('moves a draft to submitted, stamps the version and opens one pending task', async () => {
    const sop = await createSopAs(t, owner, { departmentId, title: 'Cabin Turnover' });
    const before = Date.now();
    const res = await submit(owner, sop.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('submitted');
    expect(body.latestVersion).toMatchObject({ submittedBy: owner.id });
    // Stamped with the time of the submit, as an ISO timestamp.
    expect(body.latestVersion.submittedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(body.latestVersion.submittedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(body.latestVersion.submittedAt)).toBeLessThanOrEqual(Date.now());
    const tasks = await tasksOf(sop.latestVersionId!);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ status: 'pending', approverId: null });
    expect(body.pendingTaskId).toBe(tasks[0].id);
    expect(body.taskId).toBe(tasks[0].id);
    const [audit] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'sop_submitted'));
    expect(audit).toMatchObject({ actorId: owner.id, entityId: sop.id });
    expect(audit.metadata).toMatchObject({ title: 'Cabin Turnover' });
  });

  it('refuses a second submit with 409 and opens no second task', async () => {
    const sop = await createSopAs(t, owner, { departmentId });
    expect((await submit(owner, sop.id)).statusCode).toBe(200);
    const again = await submit(owner, sop.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a draft or an SOP with changes requested can be submitted; this SOP is submitted');
    expect(await tasksOf(sop.latestVersionId!)).toHaveLength(1);
  });

  it('opens only one task when two submits race', async () => {
    const sop = await createSopAs(t, owner, { departmentId });
    const answers = await Promise.all([submit(owner, sop.id), submit(owner, sop.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await tasksOf(sop.latestVersionId!)).toHaveLength(1);
  });

  it('accepts an SOP with changes requested and refuses a published one', async () => {
    const sop = await createSopAs(t, owner, { departmentId });
    await t.db.update(sops).set({ status: 'changes_requested' }).where(eq(sops.id, sop.id));
    expect((await submit(owner, sop.id)).statusCode).toBe(200);
    const published = await createSopAs(t, owner, { departmentId });
    await t.db.update(sops).set({ status: 'published' }).where(eq(sops.id, published.id));
    const res = await submit(owner, published.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('this SOP is published');
  });

  it('lets an approver submit an SOP they do not own', async () => {
    const sop = await createSopAs(t, owner, { departmentId });
    expect((await submit(approver, sop.id)).statusCode).toBe(200);
    const [version] = await t.db.select().from(sopVersions).where(eq(sopVersions.id, sop.latestVersionId!));
    expect(version.submittedBy).toBe(approver.id);
  });

  it('refuses a user who is not the owner and changes nothing', async () => {
    const sop = await createSopAs(t, owner, { departmentId });
    const res = await submit(other, sop.id);
    // Another person's draft is not theirs to see: 404 (the 403 on an SOP in force: sop-refusals.routes.test.ts).
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.select().from(sops).where(eq(sops.id, sop.id));
    expect(row.status).toBe('draft');
    expect(await tasksOf(sop.latestVersionId!)).toHaveLength(0);
  });

  it('is 404 for an unknown SOP and 401 signed out', async () => {
    expect((await submit(owner, 999999)).statusCode).toBe(404);
    expect((await submit(null, 1)).statusCode).toBe(401);
  });

  it('submits the new version after changes were requested and a revision added', async () => {
    const sop = await createSopAs(t, owner, { departmentId });
    await t.db.update(sops).set({ status: 'changes_requested' }).where(eq(sops.id, sop.id));
    const version = (await t.as(owner, { method: 'POST', url: `/api/sops/${sop.id}/versions`, payload: { content: 'fixed' } })).json();
    const [row] = await t.db.select().from(sops).where(eq(sops.id, sop.id));
    expect(row.status).toBe('draft');
    expect((await submit(owner, sop.id)).statusCode).toBe(200);
    expect(await tasksOf(version.id)).toHaveLength(1);
  });
});
