import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AbsenceState } from '../../../../common/contracts/absences';
import type { TaskStep } from '../../../../common/contracts/approval-routes';
import type { SopHistory } from '../../../../common/contracts/review-loop';
import type { ApprovalTask } from '../../../../common/contracts/sops';
import { crewOf, type TestUser } from '../../test/factories';
import { buildDepartment } from '../../test/factories';
import { createSopAs, decideTask, submitSopAs } from '../../test/client';

/**
 * Delegation: during an absence (from..to, UTC days, both included) the delegate may decide
 * what the absent person could, recorded as 'Delegate for Absent'; before or after it they may
 * not; the delegate never decides their own submission; and a decision made for the absent
 * person is theirs, so neither decides on that version again.
 */
const { t, admin, kon, maria, dpa, author } = await crewOf({
  admin: { role: 'admin', firstName: 'Ada', lastName: 'Admin' },
  kon: { role: 'approver', firstName: 'Konstantinos', lastName: 'Papadopoulos-Andersson' },
  maria: { role: 'approver', firstName: 'Maria', lastName: 'Lopez' },
  dpa: { role: 'approver', firstName: 'Dara', lastName: 'Pa' },
  author: 'user',
});
const dept = { single: 0, pair: 0 };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const setAbsence = (who: TestUser, payload: Record<string, unknown>) => t.as(who, { method: 'PUT', url: '/api/account/absence', payload });
const absenceOf = async (who: TestUser): Promise<AbsenceState> => (await t.as(who, { method: 'GET', url: '/api/account/absence' })).json();
const queueOf = async (who: TestUser): Promise<ApprovalTask[]> => (await t.as(who, { method: 'GET', url: '/api/approvals' })).json();
const decide = (who: TestUser, taskId: number) => decideTask(t, who, taskId, { status: 'approved' });
const signaturesOn = async (taskId: number) =>
  (await t.db.execute(sql`select user_id, on_behalf_of from approval_signatures where task_id = ${taskId} order by id`)) as unknown as {
    rows: { user_id: number; on_behalf_of: number | null }[];
  };
const taskRow = async (taskId: number) =>
  (
    (await t.db.execute(sql`select status, step_index from approval_tasks where id = ${taskId}`)) as unknown as {
      rows: { status: string; step_index: number }[];
    }
  ).rows[0];

async function submitted(departmentId: number, title: string, by: TestUser = author) {
  const sop = await createSopAs(t, by, { departmentId, title });
  const { taskId } = await submitSopAs(t, by, sop.id);
  return { sopId: sop.id, taskId };
}

beforeAll(async () => {
  dept.single = (await buildDepartment(t.db, 'Deck')).id;
  dept.pair = (await buildDepartment(t.db, 'Engine')).id;
  for (const [id, steps] of [
    [dept.single, [{ name: 'Department review', approverIds: [kon.id], required: 1 }]],
    [dept.pair, [{ name: 'DPA approval', approverIds: [kon.id, dpa.id], required: 2 }]],
  ] as const) {
    const res = await t.as(admin, { method: 'PUT', url: `/api/departments/${id}/approval-route`, payload: { steps } });
    expect(res.statusCode, res.body).toBe(200);
  }
});

describe('absence on one’s account', () => {
  it('approvers and admins set, read and clear their own; the delegate is someone else who may decide', async () => {
    expect((await t.as(author, { method: 'GET', url: '/api/account/absence' })).statusCode).toBe(403);
    expect((await setAbsence(author, { from: day(0), to: day(1), delegateId: maria.id })).statusCode).toBe(403);
    expect(await absenceOf(kon)).toEqual({ absence: null, delegatedToMe: [] });

    const refusals = [
      [{ from: day(0), to: day(1), delegateId: kon.id }, 'You cannot be your own delegate; choose someone else'],
      [{ from: day(0), to: day(1), delegateId: author.id }, 'The delegate must be an active approver or administrator'],
      [{ from: day(-5), to: day(-1), delegateId: maria.id }, 'This absence has already ended; the last day must be today or later'],
      [{ from: day(2), to: day(1), delegateId: maria.id }, 'The last day cannot be before the first day'],
    ] as const;
    for (const [payload, message] of refusals) {
      const res = await setAbsence(kon, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await absenceOf(kon)).toEqual({ absence: null, delegatedToMe: [] });

    const set = await setAbsence(kon, { from: day(1), to: day(3), delegateId: maria.id });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      absence: { from: day(1), to: day(3), delegate: { userId: maria.id, name: 'Maria Lopez' }, active: false },
      delegatedToMe: [],
    });
    expect((await absenceOf(maria)).delegatedToMe).toEqual([
      { from: day(1), to: day(3), absent: { userId: kon.id, name: 'Konstantinos Papadopoulos-Andersson' }, active: false },
    ]);
    expect((await t.as(kon, { method: 'DELETE', url: '/api/account/absence' })).json()).toEqual({ absence: null, delegatedToMe: [] });
    const audit = (await t.db.execute(
      sql`select action, metadata->>'delegate' as delegate from audit_events where entity_type = 'user' and entity_id = ${kon.id} and action like 'absence%' order by id`,
    )) as unknown as { rows: { action: string; delegate: string | null }[] };
    expect(audit.rows).toEqual([
      { action: 'absence_set', delegate: 'Maria Lopez' },
      { action: 'absence_cleared', delegate: null },
    ]);
  });
});

describe('deciding as a delegate', () => {
  it('during the absence: the task is in the delegate’s queue, marked, and decided as Delegate for Absent', async () => {
    expect((await setAbsence(kon, { from: day(0), to: day(2), delegateId: maria.id })).statusCode).toBe(200);
    const { sopId, taskId } = await submitted(dept.single, 'Mooring stations');
    const [task] = (await queueOf(maria)).filter((x) => x.id === taskId);
    expect(task.decideFor).toEqual({ userId: kon.id, name: 'Konstantinos Papadopoulos-Andersson' });
    // Kon's own queue still shows it, unmarked; the dashboard counts it for Maria.
    expect((await queueOf(kon)).find((x) => x.id === taskId)?.decideFor).toBeNull();

    const res = await decide(maria, taskId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', sopStatus: 'published' });
    const step = res.json().step as TaskStep;
    expect(step.signatures).toMatchObject([{ name: 'Maria Lopez', onBehalfOf: { userId: kon.id, name: 'Konstantinos Papadopoulos-Andersson' } }]);
    const history = (await t.as(admin, { method: 'GET', url: `/api/sops/${sopId}/history` })).json() as SopHistory;
    expect(history.find((e) => e.action === 'sop_approved')).toMatchObject({
      actor: { firstName: 'Maria', lastName: 'Lopez' },
      onBehalfOf: { firstName: 'Konstantinos', lastName: 'Papadopoulos-Andersson' },
    });
    expect(history.find((e) => e.action === 'sop_submitted')?.onBehalfOf).toBeNull();
  });

  it('before the first day and after the last: 403, and nothing changes', async () => {
    await setAbsence(kon, { from: day(1), to: day(4), delegateId: maria.id });
    const { taskId } = await submitted(dept.single, 'Anchor watch');
    const refusedAndUnchanged = async () => {
      expect((await queueOf(maria)).map((x) => x.id)).not.toContain(taskId);
      const res = await decide(maria, taskId);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('not_on_step');
      expect(await taskRow(taskId)).toEqual({ status: 'pending', step_index: 0 });
      expect((await signaturesOn(taskId)).rows).toEqual([]);
    };
    await refusedAndUnchanged();
    // Time passes: the absence is over.
    await t.db.execute(sql`update absences set starts_on = ${day(-6)}, ends_on = ${day(-1)} where user_id = ${kon.id}`);
    await refusedAndUnchanged();
    expect((await decide(kon, taskId)).json()).toMatchObject({ status: 'approved' });
  });

  it('the delegate never decides their own submission, as an approver or as an admin', async () => {
    /** The delegate submits, does not see the task in their queue, and is refused deciding it. */
    const ownSubmissionRefused = async (delegate: TestUser, title: string) => {
      await setAbsence(kon, { from: day(0), to: day(1), delegateId: delegate.id });
      const own = await submitted(dept.single, title, delegate);
      expect((await queueOf(delegate)).map((x) => x.id)).not.toContain(own.taskId);
      const refused = await decide(delegate, own.taskId);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('own_submission');
      return own.taskId;
    };
    const byApprover = await ownSubmissionRefused(maria, 'Gangway');
    const byAdmin = await ownSubmissionRefused(admin, 'Bunkering');
    expect((await signaturesOn(byAdmin)).rows).toEqual([]);
    expect((await signaturesOn(byApprover)).rows).toEqual([]);
  });

  it('the absent person’s task is decided once: the decision counts for them, not for them and their delegate', async () => {
    await setAbsence(kon, { from: day(0), to: day(1), delegateId: maria.id });
    const { taskId } = await submitted(dept.pair, 'Pilot boarding');
    expect((await decide(maria, taskId)).json()).toMatchObject({ status: 'pending', step: { index: 0 } });
    // Neither Kon (back early) nor Maria again: one decision for Kon on this version.
    for (const who of [kon, maria]) {
      const again = await decide(who, taskId);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('already_signed');
    }
    expect((await queueOf(maria)).map((x) => x.id)).not.toContain(taskId);
    expect((await queueOf(kon)).map((x) => x.id)).not.toContain(taskId);
    expect((await signaturesOn(taskId)).rows).toEqual([{ user_id: maria.id, on_behalf_of: kon.id }]);
    // Two distinct people are required: Kon (through Maria) and Dara.
    expect((await decide(dpa, taskId)).json()).toMatchObject({ status: 'approved', sopStatus: 'published' });
  });
});
