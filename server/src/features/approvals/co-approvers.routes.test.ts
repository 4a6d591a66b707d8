import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvalCoApprovers, approvalSignatures } from '../../db/schema';
import { crewOf, type TestUser, buildMarineAndHotel } from '../../test/factories';
import { createSopAs, decideTask, setApprovalRouteAs, submitSopAs } from '../../test/client';

/**
 * Issue 35, finding 1: a co-approver only adds a signer the route already names. Nobody adds
 * themselves, the submitter never adds anyone, and a decision by someone the route does not
 * name is 403 whatever was added.
 */
const { t, admin, erik, anna, ben, fiona, gus, author } = await crewOf({
  admin: 'admin',
  erik: { role: 'approver', firstName: 'Erik' },
  anna: { role: 'approver', firstName: 'Anna' },
  ben: { role: 'approver', firstName: 'Ben' },
  fiona: { role: 'approver', firstName: 'Fiona' },
  gus: { role: 'approver', firstName: 'Gus' },
  author: 'user',
});
const dept = { marine: 0, deck: 0, engine: 0, hotel: 0 };

beforeAll(async () => {
  Object.assign(dept, await buildMarineAndHotel(t.db));
  // Deck: one step, Erik alone. Engine: Erik, then one of Fiona and Gus.
  await setApprovalRouteAs(t, admin, dept.deck, [{ name: 'Chief officer', approverIds: [erik.id], required: 1 }]);
  await setApprovalRouteAs(t, admin, dept.engine, [
    { name: 'Chief officer', approverIds: [erik.id], required: 1 },
    { name: 'Chief engineer', approverIds: [fiona.id, gus.id], required: 1 },
  ]);
});

const decide = (who: TestUser, taskId: number) => decideTask(t, who, taskId, { status: 'approved' });
const addCoApprover = (who: TestUser, taskId: number, userId: number) =>
  t.as(who, { method: 'POST', url: `/api/approvals/${taskId}/co-approvers`, payload: { userId } });
const sopStatus = async (id: number) => ((await t.as(admin, { method: 'GET', url: `/api/sops/${id}` })).json() as { status: string }).status;
const recorded = async (taskId: number) => ({
  coApprovers: await t.db.select().from(approvalCoApprovers).where(eq(approvalCoApprovers.taskId, taskId)),
  signatures: await t.db.select().from(approvalSignatures).where(eq(approvalSignatures.taskId, taskId)),
});

describe('co-approvers cannot skip or lower the route', () => {
  it('one-step route: an approver refused at the step cannot add himself or a colleague and decide after all', async () => {
    const sop = await createSopAs(t, author, { departmentId: dept.deck, title: 'Enclosed space entry' });
    const { taskId } = await submitSopAs(t, author, sop.id);
    expect((await decide(anna, taskId)).json()).toMatchObject({ code: 'not_on_step' });

    const self = await addCoApprover(anna, taskId, anna.id);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot add yourself as a co-approver; the route decides who may approve');
    const colleague = await addCoApprover(anna, taskId, ben.id);
    expect(colleague.statusCode).toBe(400);
    expect(colleague.json().message).toMatch(/not an approver of the step "Chief officer"/);
    // Even an admin cannot put someone off the route on the step.
    expect((await addCoApprover(admin, taskId, ben.id)).statusCode).toBe(400);

    expect((await decide(anna, taskId)).statusCode).toBe(403);
    expect((await decide(ben, taskId)).statusCode).toBe(403);
    expect(await recorded(taskId)).toEqual({ coApprovers: [], signatures: [] });
    expect(await sopStatus(sop.id)).toBe('submitted');
    expect((await decide(erik, taskId)).json()).toMatchObject({ status: 'approved', sopStatus: 'published', sopKind: 'sop' });
  });

  it('the submitter never adds anyone, so an approver cannot pick who approves her own SOP', async () => {
    const sop = await createSopAs(t, anna, { departmentId: dept.deck, title: 'Hot work permit' });
    const { taskId } = await submitSopAs(t, anna, sop.id);
    const res = await addCoApprover(anna, taskId, erik.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'own_submission', message: 'You submitted this version, so you cannot add co-approvers to its review' });
    expect((await decide(ben, taskId)).statusCode).toBe(403);
    expect(await recorded(taskId)).toEqual({ coApprovers: [], signatures: [] });
    expect(await sopStatus(sop.id)).toBe('submitted');
  });

  it('two-step route: a later step’s approver is not added to the first; a co-approver raises a step, never lowers it', async () => {
    const sop = await createSopAs(t, author, { departmentId: dept.engine, title: 'Bunkering' });
    const { taskId } = await submitSopAs(t, author, sop.id);
    expect((await addCoApprover(admin, taskId, fiona.id)).statusCode).toBe(400);
    expect((await decide(fiona, taskId)).statusCode).toBe(403);
    expect((await decide(erik, taskId)).json()).toMatchObject({ status: 'pending', step: { index: 1 } });

    // Step 2 needs one of Fiona and Gus; with Gus added it needs both.
    expect((await addCoApprover(erik, taskId, gus.id)).statusCode).toBe(200);
    expect((await decide(anna, taskId)).statusCode).toBe(403);
    expect((await decide(fiona, taskId)).json()).toMatchObject({ status: 'pending', sopStatus: 'submitted', step: { index: 1 } });
    expect((await decide(gus, taskId)).json()).toMatchObject({ status: 'approved', sopStatus: 'published' });
  });
});
