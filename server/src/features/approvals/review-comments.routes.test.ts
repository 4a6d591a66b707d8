import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReviewComment } from '../../../../common/contracts/approvals';
import type { ApprovalTask, SopDetail } from '../../../../common/contracts/sops';
import { approvalTasks, auditEvents, reviewComments, sops } from '../../db/schema';
import { crewOf, type TestUser, buildDepartment } from '../../test/factories';
import { createSopAs, submitSopAs, decideTask } from '../../test/client';

/** The review thread of a version, and the rules that keep reviewers' words from getting lost. */

const { t, approver, admin, author, crew } = await crewOf({
  approver: { role: 'approver', firstName: 'Ines', lastName: 'Reviewer' },
  admin: 'admin',
  author: { role: 'user', firstName: 'Lena', lastName: 'Novak' },
  crew: 'user',
});
let departmentId: number;

beforeAll(async () => {
  departmentId = (await buildDepartment(t.db, 'Deck')).id;
});

const thread = (who: TestUser | null, versionId: number) => t.as(who, { method: 'GET', url: `/api/sop-versions/${versionId}/comments` });
const post = (who: TestUser | null, versionId: number, payload: unknown) =>
  t.as(who, { method: 'POST', url: `/api/sop-versions/${versionId}/comments`, payload: payload as object });
const submitted = async (title: string) => {
  const sop = await createSopAs(t, author, { departmentId, title, content: '# Steps\n- Check the lines' });
  const { taskId } = await submitSopAs(t, author, sop.id);
  return { sop, taskId, versionId: sop.latestVersionId! };
};

describe('GET/POST /api/sop-versions/:id/comments', () => {
  it('keeps the reviewer and author comments in order, names their authors and audits each one', async () => {
    const { sop, versionId } = await submitted('Mooring stations');
    const first = await post(approver, versionId, { body: '  Step 3 needs the winch brake check.  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      versionId,
      versionNumber: '1.0',
      body: 'Step 3 needs the winch brake check.',
      decision: null,
      author: { id: approver.id, firstName: 'Ines', lastName: 'Reviewer' },
    });
    expect((await post(author, versionId, { body: 'Added in the next version.' })).statusCode).toBe(201);

    for (const who of [author, approver, admin]) {
      const res = await thread(who, versionId);
      expect(res.statusCode).toBe(200);
      expect((res.json() as ReviewComment[]).map((c) => [c.author?.id, c.body])).toEqual([
        [approver.id, 'Step 3 needs the winch brake check.'],
        [author.id, 'Added in the next version.'],
      ]);
    }

    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'sop_review_comment_added'), eq(auditEvents.entityId, sop.id)));
    expect(events.map((e) => [e.actorId, (e.metadata as { comments: string }).comments])).toEqual([
      [approver.id, 'Step 3 needs the winch brake check.'],
      [author.id, 'Added in the next version.'],
    ]);
    expect(events[0].metadata).toMatchObject({ title: 'Mooring stations', versionNumber: '1.0', versionId });
  });

  it('is 404 for a crew member who does not own the SOP, 401 signed out, and posts nothing for them', async () => {
    const { versionId } = await submitted('Anchor watch');
    expect((await thread(crew, versionId)).statusCode).toBe(404);
    expect((await post(crew, versionId, { body: 'Let me in' })).statusCode).toBe(404);
    expect((await thread(null, versionId)).statusCode).toBe(401);
    expect((await thread(approver, 999999)).statusCode).toBe(404);
    expect(await t.db.select().from(reviewComments).where(eq(reviewComments.versionId, versionId))).toEqual([]);
  });

  it('refuses an empty or blank comment with 400 naming the field', async () => {
    const { versionId } = await submitted('Gangway');
    for (const body of ['', '   \n ']) {
      const res = await post(approver, versionId, { body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'body', message: expect.not.stringMatching(/^body: /) });
    }
    expect((await post(approver, versionId, {})).statusCode).toBe(400);
  });

  it('puts the comment of a decision into the thread, with the decision', async () => {
    const { versionId, taskId } = await submitted('Bunkering');
    expect((await decideTask(t, approver, taskId, { status: 'changes_requested', comments: 'Name the fuel grade' })).statusCode).toBe(200);
    const [entry] = (await thread(author, versionId)).json() as ReviewComment[];
    expect(entry).toMatchObject({ body: 'Name the fuel grade', decision: 'changes_requested', author: { id: approver.id } });
  });
});

describe('Request Changes needs a comment', () => {
  it.each([
    ['no comment', {}],
    ['an empty comment', { comments: '' }],
    ['a blank comment', { comments: '  \n\t ' }],
  ])('is 400 naming comments with %s, and changes nothing', async (_, extra) => {
    const { sop, taskId } = await submitted(`Lifeboat drill ${Math.random()}`);
    const res = await decideTask(t, approver, taskId, { status: 'changes_requested', ...extra });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'comments', message: 'A comment is required to request changes: say what the author should change' });
    const [task] = await t.db.select().from(approvalTasks).where(eq(approvalTasks.id, taskId));
    expect(task.status).toBe('pending');
    const [row] = await t.db.select().from(sops).where(eq(sops.id, sop.id));
    expect(row.status).toBe('submitted');
  });

  it('still approves without a comment', async () => {
    const { taskId } = await submitted('Pilot boarding');
    expect((await decideTask(t, approver, taskId, { status: 'approved' })).statusCode).toBe(200);
  });
});

describe('resubmitting after changes were requested', () => {
  it('is 409 with a sentence until a new version is saved, then goes to the approver', async () => {
    const { sop, taskId } = await submitted('Tender operations');
    await decideTask(t, approver, taskId, { status: 'changes_requested', comments: 'Add the sea-state limit' });
    const again = await t.as(author, { method: 'POST', url: `/api/sops/${sop.id}/submit` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'new_version_needed',
      message:
        'Changes were requested on this version, so it cannot be submitted again as it is; edit the SOP and save your changes as a new version, then submit that',
    });
    expect(await t.db.select().from(approvalTasks).where(eq(approvalTasks.versionId, sop.latestVersionId!))).toHaveLength(1);

    // Saving the same text is not a new version: still refused.
    const body = { title: sop.title, departmentId, tags: [], content: '# Steps\n- Check the lines' };
    const same = await t.as(author, { method: 'PUT', url: `/api/sops/${sop.id}`, payload: body });
    expect(same.json()).toMatchObject({ versionAdded: false, status: 'changes_requested' });
    expect((await t.as(author, { method: 'POST', url: `/api/sops/${sop.id}/submit` })).statusCode).toBe(409);

    const revised = await t.as(author, { method: 'PUT', url: `/api/sops/${sop.id}`, payload: { ...body, content: `${body.content}\n- Sea state 4 or less` } });
    expect(revised.json()).toMatchObject({ versionAdded: true, message: 'Saved as version 1.1', status: 'draft' });
    const resubmitted = await t.as(author, { method: 'POST', url: `/api/sops/${sop.id}/submit` });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect((resubmitted.json() as SopDetail).latestVersion?.versionNumber).toBe('1.1');
  });

  it('names the version sent back on the resubmission’s task, the newest one each round', async () => {
    const { sop, taskId } = await submitted('Crane operations');
    const queue = async () => (await t.as(approver, { method: 'GET', url: '/api/approvals' })).json() as ApprovalTask[];
    expect((await queue()).find((task) => task.id === taskId)?.sentBack).toBeNull();
    const first = sop.latestVersionId!;
    await decideTask(t, approver, taskId, { status: 'changes_requested', comments: 'Name the signaller' });
    const body = { title: sop.title, departmentId, tags: [] };
    let content = '# Steps\n- Check the lines';
    const resubmit = async (line: string) => {
      content += `\n- ${line}`;
      expect((await t.as(author, { method: 'PUT', url: `/api/sops/${sop.id}`, payload: { ...body, content } })).statusCode).toBe(200);
      const res = await t.as(author, { method: 'POST', url: `/api/sops/${sop.id}/submit` });
      expect(res.statusCode, res.body).toBe(200);
      return (await queue()).find((task) => task.version.sop.id === sop.id)!;
    };
    const second = await resubmit('The bosun signals');
    expect(second.sentBack).toEqual({ versionId: first, versionNumber: '1.0' });
    await decideTask(t, approver, second.id, { status: 'changes_requested', comments: 'And the radio channel' });
    const third = await resubmit('On channel 12');
    expect(third.version.versionNumber).toBe('1.2');
    expect(third.sentBack).toEqual({ versionId: second.versionId, versionNumber: '1.1' });
  });
});
