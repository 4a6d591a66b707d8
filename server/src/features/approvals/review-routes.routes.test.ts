import { beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalRoute, TaskStep } from '../../../../common/contracts/approval-routes';
import type { ApprovalTask } from '../../../../common/contracts/sops';
import { crewOf, type TestUser, buildMarineAndHotel } from '../../test/factories';
import { createSopAs, submitSopAs, decideTask } from '../../test/client';

/**
 * Review routes: ordered steps, each needing `required` approvals from distinct people of its
 * set; the version stays submitted until the last step approves; request changes ends the
 * route; nobody decides twice, the submitter never; a department without a route uses its
 * division's; 'Add Co-Approver' adds a person who must sign the current step.
 */
const { t, admin, head, dpa1, dpa2, dpa3, other, author } = await crewOf({
  admin: 'admin',
  head: { role: 'approver', firstName: 'Hana', lastName: 'Head' },
  dpa1: { role: 'approver', firstName: 'Dara', lastName: 'One' },
  dpa2: { role: 'approver', firstName: 'Dev', lastName: 'Two' },
  dpa3: { role: 'approver', firstName: 'Dot', lastName: 'Three' },
  other: { role: 'approver', firstName: 'Otto' },
  author: 'user',
});
const dept = { marine: 0, deck: 0, engine: 0, hotel: 0 };

beforeAll(async () => {
  Object.assign(dept, await buildMarineAndHotel(t.db));
  const res = await putRoute(dept.deck, [
    { name: 'Department review', approverIds: [head.id], required: 1 },
    { name: 'DPA approval', approverIds: [dpa1.id, dpa2.id, dpa3.id], required: 2 },
  ]);
  expect(res.statusCode, res.body).toBe(200);
});

function putRoute(departmentId: number, steps: unknown[], as: TestUser = admin) {
  return t.as(as, { method: 'PUT', url: `/api/departments/${departmentId}/approval-route`, payload: { steps } });
}
const decide = (who: TestUser, taskId: number, payload: Record<string, unknown> = { status: 'approved' }) => decideTask(t, who, taskId, payload);
const queueOf = async (who: TestUser): Promise<ApprovalTask[]> => (await t.as(who, { method: 'GET', url: '/api/approvals' })).json();
const sopStatus = async (id: number) =>
  (await t.as(admin, { method: 'GET', url: `/api/sops/${id}` })).json() as { status: string; latestVersion: { isPublished: boolean } };

async function submitted(departmentId: number, title: string) {
  const sop = await createSopAs(t, author, { departmentId, title });
  const { taskId } = await submitSopAs(t, author, sop.id);
  return { sopId: sop.id, taskId };
}

describe('review routes', () => {
  it('GET and PUT the route: admins set it, approvers read it, bad steps are refused', async () => {
    const route = (await t.as(head, { method: 'GET', url: `/api/departments/${dept.deck}/approval-route` })).json() as ApprovalRoute;
    expect(route.steps.map((s) => s.name)).toEqual(['Department review', 'DPA approval']);
    expect(route.effective.inheritedFrom).toBe(dept.deck);
    expect((await putRoute(dept.deck, [], head)).statusCode).toBe(403);
    expect((await t.as(author, { method: 'GET', url: `/api/departments/${dept.deck}/approval-route` })).statusCode).toBe(403);
    expect((await putRoute(dept.engine, [{ name: 'Too many', approverIds: [dpa1.id], required: 2 }])).statusCode).toBe(400);
    expect((await putRoute(dept.engine, [{ name: 'Crew', approverIds: [author.id], required: 1 }])).statusCode).toBe(400);
    expect((await putRoute(999999, [])).statusCode).toBe(404);
  });

  it('passes a two-step route in order, 2 of 3 at the second step, nobody twice', async () => {
    const { sopId, taskId } = await submitted(dept.deck, 'Mooring stations');
    // Step 1 is the head of department's alone.
    expect((await queueOf(dpa1)).map((task) => task.id)).not.toContain(taskId);
    expect((await decide(dpa1, taskId)).json()).toMatchObject({ code: 'not_on_step' });
    const [task] = (await queueOf(head)).filter((x) => x.id === taskId);
    expect(task.step).toMatchObject({ index: 0, count: 2, name: 'Department review', required: 1, signatures: [] });

    const first = await decide(head, taskId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'pending', sopStatus: 'submitted', step: { index: 1, name: 'DPA approval', required: 2 } });
    expect((await sopStatus(sopId)).status).toBe('submitted');
    // The head decided once: not again at step 2, even were they named there.
    expect((await queueOf(head)).map((x) => x.id)).not.toContain(taskId);
    expect((await decide(head, taskId)).json()).toMatchObject({ code: 'already_signed' });
    expect((await queueOf(dpa2)).map((x) => x.id)).toContain(taskId);

    expect((await decide(dpa1, taskId)).json()).toMatchObject({ status: 'pending', step: { index: 1 } });
    expect((await sopStatus(sopId)).latestVersion.isPublished).toBe(false);
    const again = await decide(dpa1, taskId);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_signed');

    const last = await decide(dpa3, taskId);
    expect(last.json()).toMatchObject({ status: 'approved', sopStatus: 'published' });
    const step = last.json().step as TaskStep;
    expect(step.signatures.map((s) => [s.name, s.meaning, s.stepName])).toEqual([
      ['Hana Head', 'reviewed', 'Department review'],
      ['Dara One', 'approved', 'DPA approval'],
      ['Dot Three', 'approved', 'DPA approval'],
    ]);
    expect(await sopStatus(sopId)).toMatchObject({ status: 'published', latestVersion: { isPublished: true } });
  });

  it('request changes at step 2 ends the route and the comment reaches the author', async () => {
    const { sopId, taskId } = await submitted(dept.deck, 'Anchor watch');
    await decide(head, taskId);
    const res = await decide(dpa2, taskId, { status: 'changes_requested', comments: 'Name the anchor party.' });
    expect(res.json()).toMatchObject({ status: 'changes_requested', sopStatus: 'changes_requested' });
    expect((await sopStatus(sopId)).status).toBe('changes_requested');
    expect((await decide(dpa1, taskId)).statusCode).toBe(409);
    const thread = (await t.as(author, { method: 'GET', url: `/api/sops/${sopId}` })).json();
    const comments = (await t.as(author, { method: 'GET', url: `/api/sop-versions/${thread.latestVersionId}/comments` })).json() as { body: string }[];
    expect(comments.map((c) => c.body)).toContain('Name the anchor party.');
  });

  it("a department without a route follows its division's; one with none at all, the single step", async () => {
    expect((await putRoute(dept.marine, [{ name: 'Marine superintendent', approverIds: [dpa1.id], required: 1 }])).statusCode).toBe(200);
    const route = (await t.as(admin, { method: 'GET', url: `/api/departments/${dept.engine}/approval-route` })).json() as ApprovalRoute;
    expect(route).toMatchObject({ steps: [], effective: { inheritedFrom: dept.marine } });
    const { taskId } = await submitted(dept.engine, 'Bunkering');
    expect((await decide(other, taskId)).statusCode).toBe(403);
    expect((await decide(dpa1, taskId)).json()).toMatchObject({ status: 'approved' });

    const single = await submitted(dept.hotel, 'Linen count');
    const [task] = (await queueOf(other)).filter((x) => x.id === single.taskId);
    expect(task.step).toMatchObject({ index: 0, count: 1, approverIds: null, required: 1 });
    expect((await decide(other, single.taskId)).json()).toMatchObject({ status: 'approved', sopStatus: 'published' });
  });

  it('the submitter never decides, even when named on the step', async () => {
    await putRoute(dept.hotel, [{ name: 'Hotel director', approverIds: [head.id, dpa2.id], required: 1 }]);
    const sop = await createSopAs(t, head, { departmentId: dept.hotel, title: 'Cabin inspection' });
    const { taskId } = await submitSopAs(t, head, sop.id);
    expect((await decide(head, taskId)).json().code).toBe('own_submission');
    expect((await queueOf(head)).map((x) => x.id)).not.toContain(taskId);
    expect((await decide(dpa2, taskId)).json()).toMatchObject({ status: 'approved' });
    await putRoute(dept.hotel, []);
  });

  it('Add Co-Approver: the added person must sign the current step too', async () => {
    const { taskId } = await submitted(dept.hotel, 'Pool safety');
    const added = await t.as(dpa1, { method: 'POST', url: `/api/approvals/${taskId}/co-approvers`, payload: { userId: dpa2.id } });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ coApprovers: [{ userId: dpa2.id, name: 'Dev Two' }] });
    expect((await t.as(dpa1, { method: 'POST', url: `/api/approvals/${taskId}/co-approvers`, payload: { userId: author.id } })).statusCode).toBe(400);
    expect((await t.as(author, { method: 'POST', url: `/api/approvals/${taskId}/co-approvers`, payload: { userId: dpa3.id } })).statusCode).toBe(403);

    // One approval would do for the default step, but the co-approver has not signed yet.
    expect((await decide(other, taskId)).json()).toMatchObject({ status: 'pending', sopStatus: 'submitted' });
    expect((await decide(dpa2, taskId)).json()).toMatchObject({ status: 'approved', sopStatus: 'published' });
    // Someone off the route is never added, nor decides: co-approvers.routes.test.ts.
  });

  it('two approvals of the last step sent at once publish exactly once', async () => {
    const { sopId, taskId } = await submitted(dept.deck, 'Pilot boarding');
    await decide(head, taskId);
    await decide(dpa1, taskId);
    const results = await Promise.all([decide(dpa2, taskId), decide(dpa3, taskId)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await sopStatus(sopId)).status).toBe('published');
  });
});
