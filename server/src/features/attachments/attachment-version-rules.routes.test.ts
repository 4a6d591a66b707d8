import { beforeAll, describe, expect, it } from 'vitest';
import { attachments } from '../../db/schema';
import { crewOf, buildDepartment } from '../../test/factories';
import { createSopAs, submitSopAs, uploadAttachments } from '../../test/client';
import { makePdf } from '../../test/documents';

const { t, owner, approver } = await crewOf({ owner: 'user', approver: 'approver' });
let deptId: number;
let pdf: Buffer;

beforeAll(async () => {
  deptId = (await buildDepartment(t.db, 'Engine')).id;
  pdf = await makePdf('Checklist', ['Step one.']);
});

const attach = (versionId: number) => {
  return uploadAttachments(t, owner, versionId, [{ name: 'late.pdf', data: pdf }]);
};
const count = async () => (await t.db.select({ id: attachments.id }).from(attachments)).length;

describe('which version may take new files', () => {
  it('refuses files on a version waiting for approval, and stores nothing', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deptId });
    await submitSopAs(t, owner, sop.id);
    const before = await count();
    const res = await attach(sop.latestVersionId!);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This SOP is waiting for approval; files can be added once the approver has decided');
    expect(await count()).toBe(before);
  });

  it('refuses files on an approved version: it is a closed record', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deptId });
    const { taskId } = await submitSopAs(t, owner, sop.id);
    expect((await t.as(approver, { method: 'PUT', url: `/api/approvals/${taskId}`, payload: { status: 'approved' } })).statusCode).toBe(200);
    const res = await attach(sop.latestVersionId!);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Version 1.0 is approved and cannot change; edit the SOP to start a new version');
  });

  it('refuses files on a superseded version and accepts them on the latest draft', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deptId });
    const next = await t.as(owner, { method: 'POST', url: `/api/sops/${sop.id}/versions`, payload: { content: 'Revised.' } });
    expect(next.statusCode).toBe(201);
    const old = await attach(sop.latestVersionId!);
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toBe('Version 1.0 has been superseded; add files to the latest version');
    expect((await attach(next.json().id)).statusCode).toBe(201);
  });
});
