import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SopHistory } from '../../../../common/contracts/review-loop';
import type { SopDetail } from '../../../../common/contracts/sops';
import { users } from '../../db/schema';
import { crewOf, buildDepartment } from '../../test/factories';
import { createSopAs, submitSopAs } from '../../test/client';
import { detailsDigestOf } from '../signatures/version-digest.service';

/**
 * Issue 35, finding 9: a published SOP's title and summary changed without review and without a
 * trace a reader could see. Decision 053: a change of details of an SOP in force is recorded as
 * such, by a named person, beside the version in force, with the digest of the details after it.
 */
const { t, owner, crew, approver } = await crewOf({ owner: 'user', crew: 'user', approver: 'approver' });
let departmentId: number;

beforeAll(async () => {
  departmentId = (await buildDepartment(t.db, 'Engine')).id;
  await t.db.update(users).set({ departmentId }).where(eq(users.id, crew.id));
});

const history = async (who = crew, id: number) => (await t.as(who, { method: 'GET', url: `/api/sops/${id}/history` })).json() as SopHistory;

describe('a change of details of an SOP in force', () => {
  it('is recorded by a named person beside the version in force, with the digest of the details, and readers see it', async () => {
    const sop = await createSopAs(t, owner, { departmentId, title: 'Enclosed space entry', summary: 'Gas test before entry', content: 'Test the air.' });
    const { taskId } = await submitSopAs(t, owner, sop.id);
    expect((await t.as(approver, { method: 'PUT', url: `/api/approvals/${taskId}`, payload: { status: 'approved' } })).statusCode).toBe(200);

    const res = await t.as(owner, {
      method: 'PUT',
      url: `/api/sops/${sop.id}`,
      payload: { title: 'Enclosed space entry WITHOUT gas test', summary: 'Gas testing no longer required', departmentId, content: 'Test the air.' },
    });
    expect(res.statusCode).toBe(200);
    const detail = res.json() as SopDetail;
    expect(detail.inForce?.versionNumber).toBe('1.0');

    const [event] = (await history(crew, sop.id)).filter((e) => e.action === 'sop_details_changed');
    expect(event).toMatchObject({
      actor: { firstName: owner.firstName },
      versionNumber: '1.0',
      changes: [
        { field: 'title', from: 'Enclosed space entry', to: 'Enclosed space entry WITHOUT gas test' },
        { field: 'summary', from: 'Gas test before entry', to: 'Gas testing no longer required' },
      ],
    });
    expect(event.detailsSha256).toBe(
      detailsDigestOf({
        title: 'Enclosed space entry WITHOUT gas test',
        summary: 'Gas testing no longer required',
        category: null,
        department: 'Engine',
        vesselCodes: [],
        isConfidential: false,
      }),
    );
  });

  it('on a draft never approved, stays an ordinary edit', async () => {
    const sop = await createSopAs(t, owner, { departmentId, title: 'Draft only' });
    await t.as(owner, { method: 'PUT', url: `/api/sops/${sop.id}`, payload: { title: 'Draft renamed', departmentId } });
    const actions = (await history(approver, sop.id)).map((e) => e.action);
    expect(actions).toContain('sop_updated');
    expect(actions).not.toContain('sop_details_changed');
  });
});
