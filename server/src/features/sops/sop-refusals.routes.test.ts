import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvalTasks, sops, sopVersions } from '../../db/schema';
import { crewOf, type TestUser, buildDepartment, buildSop } from '../../test/factories';
import { createSopAs, submitSopAs, uploadAttachments, decideTask } from '../../test/client';
import { sopRecords } from '../../test/sop-records';

/**
 * Every refusal of the SOP lifecycle over HTTP: the status, the exact sentence, and that
 * nothing changed. The rules themselves are unit-tested in common/sop-lifecycle.test.ts.
 */

const { t, owner, other, approver, admin } = await crewOf({ owner: 'user', other: 'user', approver: 'approver', admin: 'admin' });
let departmentId: number;

beforeAll(async () => {
  departmentId = (await buildDepartment(t.db, 'Hotel')).id;
});

/** What a refused request must leave untouched. */
const snapshot = (sopId: number) => sopRecords(t.db, sopId);

const edit = (user: TestUser, id: number, payload: object) =>
  t.as(user, { method: 'PUT', url: `/api/sops/${id}`, payload: { title: 'Renamed', departmentId, ...payload } });
const addVersion = (user: TestUser, id: number) => t.as(user, { method: 'POST', url: `/api/sops/${id}/versions`, payload: { content: 'New text' } });
const submit = (user: TestUser, id: number) => t.as(user, { method: 'POST', url: `/api/sops/${id}/submit` });
const upload = (user: TestUser, versionId: number) => {
  return uploadAttachments(t, user, versionId, [{ name: 'note.txt', data: Buffer.from('A note') }]);
};
// A request for changes says what to change (a 400 otherwise, see review-comments.routes.test.ts).
const decide = (user: TestUser, taskId: number, status = 'approved') =>
  decideTask(t, user, taskId, { status, ...(status === 'changes_requested' ? { comments: 'Name the PPE' } : {}) });

function expectRefusal(
  res: { statusCode: number; json(): unknown },
  statusCode: number,
  message: string,
  code = statusCode === 403 ? 'forbidden' : 'conflict',
) {
  expect(res.statusCode).toBe(statusCode);
  expect(res.json()).toEqual({ message, code });
}

describe('403: a plain user on an SOP they do not own', () => {
  it('refuses edit, new version, submit and files with the sentence for each, changing nothing', async () => {
    // An SOP in force, which they may read (another person's draft is 404 to them: sop-visibility.routes.test.ts).
    const sop = await createSopAs(t, owner, { departmentId });
    await t.db.update(sopVersions).set({ approvedAt: new Date(), approvedBy: approver.id }).where(eq(sopVersions.id, sop.latestVersionId!));
    await t.db.update(sops).set({ status: 'published' }).where(eq(sops.id, sop.id));
    const before = await snapshot(sop.id);
    expectRefusal(await edit(other, sop.id, { content: 'Other text' }), 403, 'Only the owner, an approver or an admin can edit this SOP');
    expectRefusal(await edit(other, sop.id, {}), 403, 'Only the owner, an approver or an admin can edit this SOP');
    expectRefusal(await addVersion(other, sop.id), 403, 'Only the owner, an approver or an admin can add a version to this SOP');
    expectRefusal(await submit(other, sop.id), 403, 'Only the owner, an approver or an admin can submit this SOP');
    expectRefusal(await upload(other, sop.latestVersionId!), 403, 'Only the owner, an approver or an admin can add attachments to this SOP');
    expect(await snapshot(sop.id)).toEqual(before);
  });

  it('refuses delete of another person’s draft, keeping it', async () => {
    const sop = await createSopAs(t, owner, { departmentId });
    // A plain user does not see another person's draft at all; an approver sees it but deletes only their own.
    expect((await t.as(other, { method: 'DELETE', url: `/api/sops/${sop.id}` })).statusCode).toBe(404);
    expectRefusal(await t.as(approver, { method: 'DELETE', url: `/api/sops/${sop.id}` }), 403, 'Only the owner or an admin can delete this SOP');
    expect((await snapshot(sop.id)).sop).toBeDefined();
  });

  it('lets an approver and an admin do all of it on someone else’s SOP', async () => {
    const sop = await createSopAs(t, owner, { departmentId });
    expect((await edit(approver, sop.id, {})).statusCode).toBe(200);
    expect((await addVersion(admin, sop.id)).statusCode).toBe(201);
    expect((await submit(approver, sop.id)).statusCode).toBe(200);
  });
});

describe('decisions', () => {
  it('refuses a plain user by the decide permission on the route, before the body is validated', async () => {
    const { task } = await buildSop(t.db, { departmentId, ownerId: owner.id, submittedBy: other.id });
    expectRefusal(await decide(owner, task!.id, 'nonsense'), 403, 'You do not have permission to do this');
    expect((await t.db.select().from(approvalTasks).where(eq(approvalTasks.id, task!.id)))[0].status).toBe('pending');
  });

  it('refuses an approver their own submission and lets an admin decide theirs', async () => {
    const mine = await buildSop(t.db, { departmentId, ownerId: approver.id, submittedBy: approver.id });
    const before = await snapshot(mine.sop.id);
    expectRefusal(
      await decide(approver, mine.task!.id),
      403,
      'You cannot decide on a version you submitted yourself; another approver or an admin must review it',
      'own_submission',
    );
    expect(await snapshot(mine.sop.id)).toEqual(before);
    const admins = await buildSop(t.db, { departmentId, ownerId: admin.id, submittedBy: admin.id });
    expect((await decide(admin, admins.task!.id, 'changes_requested')).json()).toMatchObject({ sopStatus: 'changes_requested' });
  });

  it('refuses a decided task and a task whose SOP moved on with 409, changing nothing', async () => {
    const decided = await buildSop(t.db, { departmentId, ownerId: owner.id });
    expect((await decide(approver, decided.task!.id)).statusCode).toBe(200);
    expectRefusal(await decide(admin, decided.task!.id, 'rejected'), 409, 'This approval task was already decided (approved)', 'already_decided');
    const stale = await buildSop(t.db, { departmentId, ownerId: owner.id, status: 'draft' });
    const before = await snapshot(stale.sop.id);
    expectRefusal(await decide(approver, stale.task!.id), 409, 'This SOP is no longer awaiting approval; it is draft');
    expect(await snapshot(stale.sop.id)).toEqual(before);
  });
});

describe('409: the text under review does not move', () => {
  it('refuses new text and files while waiting for a decision, but allows a field-only edit', async () => {
    const sop = await createSopAs(t, owner, { departmentId });
    await submitSopAs(t, owner, sop.id);
    const before = await snapshot(sop.id);
    const underReview = 'This SOP is waiting for approval; a new version can be added once the approver has decided';
    expectRefusal(await edit(owner, sop.id, { content: 'Changed text' }), 409, underReview, 'under_review');
    expectRefusal(await addVersion(owner, sop.id), 409, underReview, 'under_review');
    expectRefusal(
      await upload(owner, sop.latestVersionId!),
      409,
      'This SOP is waiting for approval; files can be added once the approver has decided',
      'under_review',
    );
    expectRefusal(await submit(owner, sop.id), 409, 'Only a draft or an SOP with changes requested can be submitted; this SOP is submitted');
    expect(await snapshot(sop.id)).toEqual(before);
    const fieldsOnly = await edit(owner, sop.id, { title: 'Renamed while in review' });
    expect(fieldsOnly.statusCode).toBe(200);
    expect(fieldsOnly.json()).toMatchObject({ title: 'Renamed while in review', status: 'submitted', latestVersionId: sop.latestVersionId });
  });
});

describe('version numbers', () => {
  it('numbers a version sent without one as the lifecycle module does, skipping taken numbers', async () => {
    const sop = await createSopAs(t, owner, { departmentId });
    const add = (versionNumber: string) =>
      t.as(owner, { method: 'POST', url: `/api/sops/${sop.id}/versions`, payload: { content: `Text ${versionNumber}`, versionNumber } });
    expect((await add('1.2')).statusCode).toBe(201);
    expect((await add('1.1')).statusCode).toBe(201);
    // The latest is 1.1 and 1.2 is taken: 1.3, never a 409.
    const res = await edit(owner, sop.id, { content: 'Unnumbered revision' });
    expect(res.statusCode).toBe(200);
    expect(res.json().latestVersion.versionNumber).toBe('1.3');
  });
});
