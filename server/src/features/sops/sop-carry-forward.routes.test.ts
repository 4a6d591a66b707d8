import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SopDetail } from '../../../../common/contracts/sops';
import { attachments } from '../../db/schema';
import { crewOf, buildDepartment } from '../../test/factories';
import { createSopAs, uploadAttachments, getSop } from '../../test/client';
import { makePdf } from '../../test/documents';

const { t, owner } = await crewOf({ owner: 'user' });
let deptId: number;

beforeAll(async () => {
  deptId = (await buildDepartment(t.db, 'Deck')).id;
});

/** An SOP whose version 1.0 holds two PDFs. */
async function sopWithTwoFiles(): Promise<{ sop: SopDetail; ids: number[] }> {
  const sop = await createSopAs(t, owner, { departmentId: deptId, title: 'Anchoring' });
  const res = await uploadAttachments(t, owner, sop.latestVersionId, [
    { name: 'anchoring.pdf', data: await makePdf('Anchoring', ['Let go the anchor.']) },
    { name: 'checklist.pdf', data: await makePdf('Checklist', ['Tick every box.']) },
  ]);
  expect(res.statusCode).toBe(201);
  return { sop, ids: (res.json() as { id: number }[]).map((a) => a.id) };
}

const detail = (id: number) => getSop(t, owner, id);
const edit = (id: number, payload: Record<string, unknown>) =>
  t.as(owner, { method: 'PUT', url: `/api/sops/${id}`, payload: { title: 'Anchoring', departmentId: deptId, content: 'Revised steps.', ...payload } });

describe('attachments when an edit adds a version', () => {
  it('carries every file forward by default, as copies, and leaves the old version whole', async () => {
    const { sop, ids } = await sopWithTwoFiles();
    expect((await edit(sop.id, {})).statusCode).toBe(200);
    const after = await detail(sop.id);
    expect(after.latestVersion!.versionNumber).toBe('1.1');
    expect(after.latestVersion!.attachments.map((a) => a.originalName).sort()).toEqual(['anchoring.pdf', 'checklist.pdf']);
    expect(after.latestVersion!.attachments.every((a) => !ids.includes(a.id))).toBe(true);
    const old = after.versions.find((v) => v.versionNumber === '1.0')!;
    expect(old.attachments.map((a) => a.id).sort()).toEqual([...ids].sort());

    const copy = after.latestVersion!.attachments.find((a) => a.originalName === 'anchoring.pdf')!;
    const download = await t.as(owner, { method: 'GET', url: `/api/attachments/${copy.id}/download` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('keeps only the files named in keepAttachmentIds; an empty list keeps none', async () => {
    const { sop, ids } = await sopWithTwoFiles();
    expect((await edit(sop.id, { keepAttachmentIds: [ids[1]] })).statusCode).toBe(200);
    expect((await detail(sop.id)).latestVersion!.attachments.map((a) => a.originalName)).toEqual(['checklist.pdf']);

    const latestIds = (await detail(sop.id)).latestVersion!.attachments.map((a) => a.id);
    expect(latestIds).toHaveLength(1);
    expect((await edit(sop.id, { keepAttachmentIds: [] })).statusCode).toBe(200);
    expect((await detail(sop.id)).latestVersion!.attachments).toEqual([]);
  });

  it('refuses an attachment that is not on the current version and changes nothing', async () => {
    const { sop } = await sopWithTwoFiles();
    const { ids: foreign } = await sopWithTwoFiles();
    const before = await t.db.select({ id: attachments.id }).from(attachments);
    const res = await edit(sop.id, { keepAttachmentIds: [foreign[0]] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('is not on the current version');
    const after = await detail(sop.id);
    expect(after.versions).toHaveLength(1);
    expect(await t.db.select({ id: attachments.id }).from(attachments)).toHaveLength(before.length);
  });

  it('applies to POST /api/sops/{id}/versions too', async () => {
    const { sop, ids } = await sopWithTwoFiles();
    const res = await t.as(owner, { method: 'POST', url: `/api/sops/${sop.id}/versions`, payload: { content: 'New text', keepAttachmentIds: [ids[0]] } });
    expect(res.statusCode).toBe(201);
    const rows = await t.db.select().from(attachments).where(eq(attachments.versionId, res.json().id));
    expect(rows.map((r) => r.originalName)).toEqual(['anchoring.pdf']);
  });
});
