import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SopDetail, SopListItem } from '../../../../common/contracts/sops';
import { approvalTasks, auditEvents, sops, users } from '../../db/schema';
import { crewOf, type TestUser, buildDepartment, buildSop, TEST_PASSWORD } from '../../test/factories';
import { createSopAs, submitSopAs, uploadAttachments } from '../../test/client';
import { sopRecords } from '../../test/sop-records';

/**
 * ISM 11: an obsolete procedure is withdrawn and kept, never destroyed. DELETE on an SOP that
 * has had a version in force is 409 pointing at withdrawal; withdrawal keeps every record and
 * takes the SOP out of lists and reading.
 */

const { t, owner, crew, approver, admin } = await crewOf({ owner: 'user', crew: 'user', approver: 'approver', admin: 'admin' });
let departmentId: number;

beforeAll(async () => {
  departmentId = (await buildDepartment(t.db, 'Environment')).id;
  await t.db.update(users).set({ departmentId }).where(eq(users.id, crew.id));
});

/** An SOP in force, approved over HTTP, with a file and an attestation. */
async function sopInForce(title: string) {
  const { sop, version } = await buildSop(t.db, { departmentId, ownerId: owner.id, title, submittedBy: null });
  expect((await uploadAttachments(t, owner, version.id, [{ name: 'plan.txt', data: Buffer.from('Garbage plan') }])).statusCode).toBe(201);
  const { taskId } = await submitSopAs(t, owner, sop.id);
  expect((await t.as(approver, { method: 'PUT', url: `/api/approvals/${taskId}`, payload: { status: 'approved' } })).statusCode).toBe(200);
  expect((await t.as(crew, { method: 'POST', url: `/api/sop-versions/${version.id}/attestations` })).statusCode).toBe(201);
  return { sop, version };
}

/** Everything the SOP holds, counted: nothing of it may go. */
async function records(sopId: number) {
  const { versions, files, attested } = await sopRecords(t.db, sopId);
  return { versions: versions.length, files: files.length, attested: attested.length };
}

const list = async (who: TestUser, query = '') => (await t.as(who, { method: 'GET', url: `/api/sops${query}` })).json() as SopListItem[];
const withdraw = (who: TestUser, id: number, payload: object) => t.as(who, { method: 'POST', url: `/api/sops/${id}/withdraw`, payload });

describe('an SOP that has had a version in force is never destroyed', () => {
  it('DELETE is 409 for an approver and an admin, pointing at withdrawal, and changes nothing', async () => {
    const { sop } = await sopInForce('Garbage Management Plan');
    const before = await records(sop.id);
    for (const who of [approver, admin]) {
      const res = await t.as(who, { method: 'DELETE', url: `/api/sops/${sop.id}` });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('withdraw_instead');
      expect(res.json().message).toContain(`POST /api/sops/${sop.id}/withdraw`);
    }
    expect(await records(sop.id)).toEqual(before);
    expect((await t.as(crew, { method: 'GET', url: `/api/sops/${sop.id}` })).statusCode).toBe(200);
  });

  it('withdrawal keeps every version, file and attestation, and the SOP leaves lists and reading', async () => {
    const { sop, version } = await sopInForce('Ballast water exchange');
    const before = await records(sop.id);
    expect(before).toEqual({ versions: 1, files: 1, attested: 1 });
    expect((await withdraw(crew, sop.id, { reason: 'Obsolete' })).statusCode).toBe(403);
    const missing = await withdraw(approver, sop.id, { reason: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/reason/i);
    expect((await t.db.select().from(sops).where(eq(sops.id, sop.id)))[0].withdrawnAt).toBeNull();

    const res = await withdraw(approver, sop.id, { reason: 'Replaced by the fleet-wide plan' });
    expect(res.statusCode).toBe(200);
    expect(await records(sop.id)).toEqual(before);
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'sop_withdrawn'));
    expect(event).toMatchObject({
      actorId: approver.id,
      entityId: sop.id,
      metadata: { title: 'Ballast water exchange', reason: 'Replaced by the fleet-wide plan' },
    });

    // Out of every list and of reading; the reader cannot open it at all.
    for (const who of [crew, approver, admin]) expect((await list(who)).map((s) => s.id)).not.toContain(sop.id);
    expect((await list(crew, '?search=Ballast')).map((s) => s.id)).not.toContain(sop.id);
    expect((await t.as(crew, { method: 'GET', url: `/api/sops/${sop.id}` })).statusCode).toBe(404);
    const reading = (await t.as(crew, { method: 'GET', url: '/api/reading' })).json() as { outstanding: { sopId: number }[]; done: { sopId: number }[] };
    expect([...reading.outstanding, ...reading.done].map((r) => r.sopId)).not.toContain(sop.id);

    // The archive keeps it, whole, with who withdrew it and why.
    const archived = await list(admin, '?archive=true');
    expect(archived.map((s) => s.id)).toContain(sop.id);
    expect(archived.find((s) => s.id === sop.id)?.withdrawal).toMatchObject({
      reason: 'Replaced by the fleet-wide plan',
      by: { firstName: approver.firstName },
    });
    expect(await list(crew, '?archive=true')).toEqual([]);
    const detail = (await t.as(admin, { method: 'GET', url: `/api/sops/${sop.id}` })).json() as SopDetail;
    expect(detail.withdrawal?.reason).toBe('Replaced by the fleet-wide plan');
    expect(detail.versions[0].attachments).toHaveLength(1);

    // A closed record: no new version, no attestation, no second withdrawal, still no delete.
    const edit = await t.as(admin, { method: 'POST', url: `/api/sops/${sop.id}/versions`, payload: { content: 'Revived' } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('withdrawn');
    expect((await t.as(approver, { method: 'POST', url: `/api/sop-versions/${version.id}/attestations` })).statusCode).toBe(409);
    expect((await withdraw(admin, sop.id, { reason: 'Again' })).statusCode).toBe(409);
    expect((await t.as(admin, { method: 'DELETE', url: `/api/sops/${sop.id}` })).statusCode).toBe(409);
    expect(await records(sop.id)).toEqual(before);
  });

  it('closes a review still open on the SOP', async () => {
    const { sop } = await sopInForce('Oily water separator');
    const edit = await t.as(owner, { method: 'PUT', url: `/api/sops/${sop.id}`, payload: { title: 'Oily water separator', departmentId, content: 'v2' } });
    expect(edit.statusCode).toBe(200);
    const submitted = await t.as(owner, { method: 'POST', url: `/api/sops/${sop.id}/submit` });
    expect(submitted.statusCode).toBe(200);
    expect((await withdraw(admin, sop.id, { reason: 'Equipment removed' })).statusCode).toBe(200);
    const [task] = await t.db.select().from(approvalTasks).where(eq(approvalTasks.id, submitted.json().taskId));
    expect(task.status).toBe('rejected');
  });

  it('is signed when signatures are required: without a proof it is refused and nothing changes', async () => {
    const { sop } = await sopInForce('Incinerator operation');
    expect((await t.as(admin, { method: 'PUT', url: '/api/admin/settings', payload: { requireSignatures: true } })).statusCode).toBe(200);
    try {
      const unsigned = await withdraw(approver, sop.id, { reason: 'Incinerator removed' });
      expect(unsigned.statusCode).toBe(401);
      expect((await t.db.select().from(sops).where(eq(sops.id, sop.id)))[0].withdrawnAt).toBeNull();
      const signed = await withdraw(approver, sop.id, { reason: 'Incinerator removed', signature: { password: TEST_PASSWORD } });
      expect(signed.statusCode).toBe(200);
      const events = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, sop.id));
      expect(events.find((e) => e.action === 'sop_withdrawn')?.metadata).toMatchObject({ signatureMethod: 'password' });
    } finally {
      await t.as(admin, { method: 'PUT', url: '/api/admin/settings', payload: { requireSignatures: false } });
    }
  });
});

describe('only a draft never approved is deleted, by its owner or an admin', () => {
  it('lets the owner and an admin delete a draft, and refuses an approver who does not own it', async () => {
    const mine = await createSopAs(t, owner, { departmentId, title: 'Draft of the owner' });
    expect((await t.as(owner, { method: 'DELETE', url: `/api/sops/${mine.id}` })).statusCode).toBe(200);
    const other = await createSopAs(t, owner, { departmentId, title: 'Draft for the admin' });
    const refused = await t.as(approver, { method: 'DELETE', url: `/api/sops/${other.id}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only the owner or an admin can delete this SOP');
    expect((await t.as(admin, { method: 'DELETE', url: `/api/sops/${other.id}` })).statusCode).toBe(200);
    expect(await t.db.select().from(sops).where(eq(sops.id, other.id))).toEqual([]);
  });

  it('refuses to withdraw a draft that never had a version in force', async () => {
    const draft = await createSopAs(t, owner, { departmentId });
    const res = await withdraw(admin, draft.id, { reason: 'Never mind' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/never had a version in force/);
  });
});
