import { beforeAll, describe, expect, it } from 'vitest';
import type { AttestationSummary } from '../../../../common/contracts/approvals';
import type { DashboardStats } from '../../../../common/contracts/dashboard';
import type { ApprovalTask, SopDetail } from '../../../../common/contracts/sops';
import { crewOf, type TestUser, buildDepartment } from '../../test/factories';
import { createSopAs, submitSopAs, decideTask } from '../../test/client';

/** The whole review cycle over HTTP only, through the SOP endpoints and this feature's. */

const { t, approver, author } = await crewOf({ approver: 'approver', author: 'user' });
let departmentId: number;

beforeAll(async () => {
  departmentId = (await buildDepartment(t.db, 'Engine')).id;
});

const get = async <T>(who: TestUser, url: string) => {
  const res = await t.as(who, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const pendingFor = async (who: TestUser, sopId: number) => (await get<ApprovalTask[]>(who, '/api/approvals')).filter((task) => task.version.sop.id === sopId);

describe('submit, request changes, revise, resubmit, approve, attest', () => {
  it('walks every step and refuses the out-of-order ones', async () => {
    const sop = await createSopAs(t, author, { departmentId, title: 'Purifier cleaning', content: '# Steps\n- Isolate' });
    expect(await get<DashboardStats>(author, '/api/dashboard/stats')).toMatchObject({ mySubmissions: 1, totalSops: 1 });

    // Nothing to decide before a submit.
    expect(await pendingFor(approver, sop.id)).toEqual([]);
    const submitted = await submitSopAs(t, author, sop.id);
    expect((await get<DashboardStats>(approver, '/api/dashboard/stats')).pendingTasks).toBe(1);
    expect((await get<DashboardStats>(author, '/api/dashboard/stats')).pendingTasks).toBe(0);

    const [first] = await pendingFor(approver, sop.id);
    expect(first.id).toBe(submitted.taskId);
    expect(first.version).toMatchObject({ versionNumber: '1.0', submittedBy: author.id, sop: { title: 'Purifier cleaning', status: 'submitted' } });

    // Submitting again while it waits is the wrong status.
    expect((await t.as(author, { method: 'POST', url: `/api/sops/${sop.id}/submit` })).statusCode).toBe(409);

    const changes = await decideTask(t, approver, first.id, { status: 'changes_requested', comments: 'Add the isolation checklist' });
    expect(changes.statusCode).toBe(200);
    expect((await get<SopDetail>(author, `/api/sops/${sop.id}`)).status).toBe('changes_requested');
    expect((await get<DashboardStats>(approver, '/api/dashboard/stats')).pendingTasks).toBe(0);
    expect(await pendingFor(approver, sop.id)).toEqual([]);

    // The author revises into 1.1 and resubmits.
    const revised = await t.as(author, {
      method: 'POST',
      url: `/api/sops/${sop.id}/versions`,
      payload: { versionNumber: '1.1', content: '# Steps\n- Isolate\n- Checklist', changelog: 'Isolation checklist' },
    });
    expect(revised.statusCode, revised.body).toBe(201);
    const resubmitted = await submitSopAs(t, author, sop.id);
    const [second] = await pendingFor(approver, sop.id);
    expect(second.id).toBe(resubmitted.taskId);
    expect(second.version).toMatchObject({ versionNumber: '1.1', changelog: 'Isolation checklist' });

    // An unpublished version cannot be attested.
    expect((await t.as(author, { method: 'POST', url: `/api/sop-versions/${second.versionId}/attestations` })).statusCode).toBe(409);

    expect((await decideTask(t, approver, second.id, { status: 'approved' })).statusCode).toBe(200);
    expect((await decideTask(t, approver, second.id, { status: 'approved' })).statusCode).toBe(409);
    const published = await get<SopDetail>(author, `/api/sops/${sop.id}`);
    expect(published.status).toBe('published');
    expect(published.latestVersion).toMatchObject({ versionNumber: '1.1', isPublished: true, approvedBy: approver.id });
    expect(published.effectiveVersionId).toBe(second.versionId);

    // A published SOP is not submitted again without a new version.
    expect((await t.as(author, { method: 'POST', url: `/api/sops/${sop.id}/submit` })).statusCode).toBe(409);

    expect((await t.as(author, { method: 'POST', url: `/api/sop-versions/${second.versionId}/attestations` })).statusCode).toBe(201);
    expect(await get<AttestationSummary>(author, `/api/sop-versions/${second.versionId}/attestations`)).toMatchObject({ count: 1, attestedByMe: true });

    const activity = await get<{ action: string; metadata: { title: string | null } }[]>(author, '/api/dashboard/activity');
    expect(activity.slice(0, 3).map((e) => e.action)).toEqual(['sop_attested', 'sop_approved', 'sop_submitted']);
    expect(activity.every((e) => e.metadata.title === 'Purifier cleaning')).toBe(true);
  });
});
