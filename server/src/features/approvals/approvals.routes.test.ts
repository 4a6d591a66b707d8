import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalTask } from '../../../../common/contracts/sops';
import { approvalTasks, attachmentPreviews, attachments, auditEvents, sopVersions, sops } from '../../db/schema';
import { crewOf, type TestUser, buildDepartment, buildSop } from '../../test/factories';
import { decideTask } from '../../test/client';
import { storeFixture } from '../../test/stored-files';

const { t, admin, approver, otherApprover, author } = await crewOf({
  admin: 'admin',
  approver: { role: 'approver', firstName: 'Maria', lastName: 'Santos' },
  otherApprover: 'approver',
  author: { role: 'user', firstName: 'Liam', lastName: 'Murphy' },
});
let departmentId: number;

beforeAll(async () => {
  departmentId = (await buildDepartment(t.db, 'Deck')).id;
});

const list = (user: TestUser | null) => t.as(user, { method: 'GET', url: '/api/approvals' });
const submitted = (overrides: Partial<Parameters<typeof buildSop>[1]> = {}) => buildSop(t.db, { departmentId, ownerId: author.id, ...overrides });
const sopRow = async (id: number) => (await t.db.select().from(sops).where(eq(sops.id, id)))[0];
const versionRow = async (id: number) => (await t.db.select().from(sopVersions).where(eq(sopVersions.id, id)))[0];
const taskRow = async (id: number) => (await t.db.select().from(approvalTasks).where(eq(approvalTasks.id, id)))[0];
const auditFor = (sopId: number) => t.db.select().from(auditEvents).where(eq(auditEvents.entityId, sopId));

describe('GET /api/approvals', () => {
  it('is 401 signed out and 403 for a plain user', async () => {
    expect((await list(null)).statusCode).toBe(401);
    const res = await list(author);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have permission to do this');
  });

  it('lists pending tasks oldest first, with the version, its attachments, submitter and SOP', async () => {
    const older = await submitted({ title: 'Older task', taskCreatedAt: new Date(Date.now() - 60_000) });
    const newer = await submitted({ title: 'Newer task', content: '## Steps\n- one' });
    await t.db
      .insert(attachments)
      .values({ versionId: newer.version.id, filename: 'f.pdf', originalName: 'steps.pdf', mimeType: 'application/pdf', size: 1234 });
    const [withPreview] = await t.db
      .insert(attachments)
      .values({ versionId: newer.version.id, filename: 'g.pdf', originalName: 'plan.pdf', mimeType: 'application/pdf', size: 99 })
      .returning();
    const image = await storeFixture(t.db, Buffer.from('png'));
    await t.db.insert(attachmentPreviews).values({ attachmentId: withPreview.id, width: 10, height: 14, sha256: image.sha256 });

    const res = await list(approver);
    expect(res.statusCode).toBe(200);
    const tasks = res.json() as ApprovalTask[];
    const ids = tasks.map((task) => task.id);
    expect(ids.indexOf(older.task!.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(older.task!.id)).toBeLessThan(ids.indexOf(newer.task!.id));

    const task = tasks.find((x) => x.id === newer.task!.id)!;
    expect(task).toMatchObject({ status: 'pending', versionId: newer.version.id, approverId: null, comments: null });
    expect(task.version).toMatchObject({
      id: newer.version.id,
      versionNumber: '1.0',
      content: '## Steps\n- one',
      isPublished: false,
      submittedBy: author.id,
      submittedByUser: { firstName: 'Liam', lastName: 'Murphy' },
      sop: { id: newer.sop.id, title: 'Newer task', status: 'submitted', department: { name: 'Deck' } },
    });
    expect(task.version.attachments).toEqual([
      expect.objectContaining({ originalName: 'steps.pdf', mimeType: 'application/pdf', size: 1234, hasPreview: false }),
      expect.objectContaining({ originalName: 'plan.pdf', hasPreview: true }),
    ]);
    expect(JSON.stringify(task)).not.toContain('"data"');
    expect(typeof task.createdAt).toBe('string');
    expect(res.body).not.toContain('password');
  });

  it('hides from an approver the versions they submitted, but shows them to admins', async () => {
    const own = await submitted({ ownerId: approver.id, submittedBy: approver.id });
    const byApprover = (await list(approver)).json() as ApprovalTask[];
    expect(byApprover.some((x) => x.id === own.task!.id)).toBe(false);
    const byOther = (await list(otherApprover)).json() as ApprovalTask[];
    expect(byOther.some((x) => x.id === own.task!.id)).toBe(true);
    const byAdmin = (await list(admin)).json() as ApprovalTask[];
    expect(byAdmin.some((x) => x.id === own.task!.id)).toBe(true);
  });

  it('leaves out decided tasks', async () => {
    const { task } = await submitted();
    expect((await decideTask(t, approver, task!.id, { status: 'approved' })).statusCode).toBe(200);
    const tasks = (await list(admin)).json() as ApprovalTask[];
    expect(tasks.some((x) => x.id === task!.id)).toBe(false);
  });
});

describe('PUT /api/approvals/{taskId}', () => {
  it('approves: publishes the version, the SOP becomes published, the task records the decider', async () => {
    const { sop, version, task } = await submitted({ title: 'Lifeboat drill' });
    const res = await decideTask(t, approver, task!.id, { status: 'approved', comments: 'Looks right' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: task!.id,
      status: 'approved',
      comments: 'Looks right',
      approverId: approver.id,
      sopId: sop.id,
      sopStatus: 'published',
    });

    expect((await sopRow(sop.id)).status).toBe('published');
    const v = await versionRow(version.id);
    expect(v.isPublished).toBe(true);
    expect(v.approvedBy).toBe(approver.id);
    expect(v.approvedAt).toBeInstanceOf(Date);
    expect(await taskRow(task!.id)).toMatchObject({ status: 'approved', approverId: approver.id, comments: 'Looks right' });
    const events = await auditFor(sop.id);
    expect(events).toEqual([
      expect.objectContaining({
        action: 'sop_approved',
        entityType: 'sop',
        actorId: approver.id,
        metadata: expect.objectContaining({ title: 'Lifeboat drill' }),
      }),
    ]);
  });

  it('requests changes: the SOP becomes changes_requested, the version stays unpublished', async () => {
    const { sop, version, task } = await submitted({ title: 'Bunkering' });
    const res = await decideTask(t, approver, task!.id, { status: 'changes_requested', comments: 'Add the checklist' });
    expect(res.statusCode).toBe(200);
    expect((await sopRow(sop.id)).status).toBe('changes_requested');
    const v = await versionRow(version.id);
    expect(v.isPublished).toBe(false);
    expect(v.approvedBy).toBeNull();
    expect(await taskRow(task!.id)).toMatchObject({ status: 'changes_requested', comments: 'Add the checklist', approverId: approver.id });
    expect((await auditFor(sop.id)).map((e) => [e.action, (e.metadata as { title: string }).title])).toEqual([['sop_changes_requested', 'Bunkering']]);
  });

  it('rejects: the SOP goes back to draft', async () => {
    const { sop, version, task } = await submitted({ title: 'Tender operations' });
    const res = await decideTask(t, admin, task!.id, { status: 'rejected' });
    expect(res.statusCode).toBe(200);
    expect((await sopRow(sop.id)).status).toBe('draft');
    expect((await versionRow(version.id)).isPublished).toBe(false);
    expect(await taskRow(task!.id)).toMatchObject({ status: 'rejected', comments: null, approverId: admin.id });
    expect((await auditFor(sop.id)).map((e) => e.action)).toEqual(['sop_rejected']);
  });

  it('refuses to decide a task twice with 409, changing nothing', async () => {
    const { sop, task } = await submitted();
    expect((await decideTask(t, approver, task!.id, { status: 'changes_requested', comments: 'Name the PPE' })).statusCode).toBe(200);
    const again = await decideTask(t, otherApprover, task!.id, { status: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already decided/);
    expect((await sopRow(sop.id)).status).toBe('changes_requested');
    expect(await taskRow(task!.id)).toMatchObject({ status: 'changes_requested', approverId: approver.id });
    expect((await auditFor(sop.id)).length).toBe(1);
  });

  it('refuses an approver deciding their own submission with 403, changing nothing', async () => {
    const { sop, version, task } = await submitted({ ownerId: approver.id, submittedBy: approver.id });
    const res = await decideTask(t, approver, task!.id, { status: 'approved' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/you submitted yourself/);
    expect((await sopRow(sop.id)).status).toBe('submitted');
    expect((await versionRow(version.id)).isPublished).toBe(false);
    expect((await taskRow(task!.id)).status).toBe('pending');
    expect(await auditFor(sop.id)).toEqual([]);
  });

  it('lets an admin decide their own submission', async () => {
    const { sop, task } = await submitted({ ownerId: admin.id, submittedBy: admin.id });
    const res = await decideTask(t, admin, task!.id, { status: 'approved' });
    expect(res.statusCode).toBe(200);
    expect((await sopRow(sop.id)).status).toBe('published');
  });

  it('refuses plain users with 403 and signed-out callers with 401', async () => {
    const { sop, task } = await submitted();
    expect((await decideTask(t, author, task!.id, { status: 'approved' })).statusCode).toBe(403);
    expect((await decideTask(t, null, task!.id, { status: 'approved' })).statusCode).toBe(401);
    // Refused before the body is even validated.
    expect((await decideTask(t, author, task!.id, { status: 'nonsense' })).statusCode).toBe(403);
    expect((await decideTask(t, null, task!.id, { status: 'nonsense' })).statusCode).toBe(401);
    expect((await sopRow(sop.id)).status).toBe('submitted');
    expect((await taskRow(task!.id)).status).toBe('pending');
  });

  it('answers 400 naming the field for a status that is not a decision', async () => {
    const { task } = await submitted();
    for (const status of ['pending', 'published', '', undefined]) {
      const res = await decideTask(t, approver, task!.id, { status });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'status', message: expect.stringMatching(/^Status must be one of /) });
    }
    expect((await decideTask(t, approver, task!.id, { status: 'approved', comments: 42 })).statusCode).toBe(400);
    expect((await taskRow(task!.id)).status).toBe('pending');
  });

  it('answers 404 for an unknown task and 400 for a malformed id', async () => {
    const res = await decideTask(t, approver, 999_999, { status: 'approved' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This approval task does not exist');
    expect((await decideTask(t, approver, 'abc' as unknown as number, { status: 'approved' })).statusCode).toBe(400);
  });

  it('refuses a pending task whose SOP no longer awaits approval with 409', async () => {
    const { sop, task } = await submitted();
    await t.db.update(sops).set({ status: 'draft' }).where(eq(sops.id, sop.id));
    const res = await decideTask(t, approver, task!.id, { status: 'approved' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/no longer awaiting approval/);
    expect((await taskRow(task!.id)).status).toBe('pending');
  });
});
