import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApprovalQueue } from '../../../../common/contracts/approvals';
import { SopDetail, SopList, SopListItem } from '../../../../common/contracts/sops';
import { sops } from '../../db/schema';
import { crewOf, type TestUser, buildDepartment } from '../../test/factories';
import { createSopAs, submitSopAs } from '../../test/client';
import { listDecidableTasks } from '../approvals/list-tasks.service';
import { listSopsJson } from './sop-list.service';
import { EVERYTHING, viewOf } from './sop-visibility.service';

/**
 * The SOP list's JSON is built by PostgreSQL (json_build_object) and sent as it is, past the
 * route's serializer; this checks it against the same schema the route declares, on whichever
 * database the run uses (PGlite by default, PostgreSQL with TEST_DATABASE_URL).
 */

const { t, owner, approver } = await crewOf({ owner: { role: 'user', firstName: 'Ana', lastName: 'Silva' }, approver: 'approver' }, { jobs: 'manual' });

async function attachText(user: TestUser, versionId: number, name: string) {
  const uploadURL = (await t.as(user, { method: 'POST', url: '/api/objects/upload' })).json().uploadURL as string;
  const put = await t.as(user, {
    method: 'PUT',
    url: uploadURL,
    payload: Buffer.from(`Notes for ${name}`),
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(put.statusCode).toBe(200);
  const res = await t.as(user, { method: 'POST', url: '/api/attachments', payload: { versionId, fileURL: uploadURL, originalName: name } });
  expect(res.statusCode).toBe(201);
}

beforeAll(async () => {
  const division = await buildDepartment(t.db, 'Hotel');
  const department = await buildDepartment(t.db, 'Housekeeping', division.id);

  // Every shape a row can take: a plain draft, one with files, one awaiting a decision, a
  // published one with a newer draft, and one whose owner is gone.
  await createSopAs(t, owner, {
    departmentId: department.id,
    title: 'Linen change',
    tags: ['linen', 'cabins'],
    category: 'Cabins',
    summary: 'Daily',
    reviewFrequency: 3,
  });
  const withFiles = await createSopAs(t, owner, { departmentId: department.id, title: 'Laundry chemicals', isConfidential: true });
  await attachText(owner, withFiles.latestVersionId!, 'dosage.txt');
  await attachText(owner, withFiles.latestVersionId!, 'suppliers.txt');
  const submitted = await createSopAs(t, owner, { departmentId: division.id, title: 'Towel art' });
  await attachText(owner, submitted.latestVersionId!, 'folds.txt');
  await submitSopAs(t, owner, submitted.id);
  const published = await createSopAs(t, owner, { departmentId: division.id, title: 'Minibar restock', reviewFrequency: 12 });
  const { taskId } = await submitSopAs(t, owner, published.id);
  expect((await t.as(approver, { method: 'PUT', url: `/api/approvals/${taskId}`, payload: { status: 'approved' } })).statusCode).toBe(200);
  expect((await t.as(owner, { method: 'POST', url: `/api/sops/${published.id}/versions`, payload: { content: 'Revised steps' } })).statusCode).toBe(201);
  const orphan = await createSopAs(t, owner, { departmentId: department.id, title: 'Lost and found' });
  await t.db.update(sops).set({ ownerId: null }).where(eq(sops.id, orphan.id));
});

describe('the SOP list query answers what SopList declares', () => {
  it('parses with the list schema, every row with exactly the fields the schema names', async () => {
    const rows: unknown[] = JSON.parse(await listSopsJson(t.db, EVERYTHING));
    expect(rows).toHaveLength(5);
    const parsed = SopList.parse(rows);
    // `match` comes with search answers only (checked with the filtered lists below).
    const declared = Object.keys(SopListItem.shape)
      .filter((key) => key !== 'match')
      .sort();
    const declaredVersion = Object.keys(SopListItem.shape.latestVersion.unwrap().shape).sort();
    for (const row of rows as Record<string, unknown>[]) {
      expect(Object.keys(row).sort()).toEqual(declared);
      if (row.latestVersion) expect(Object.keys(row.latestVersion as object).sort()).toEqual(declaredVersion);
    }

    const byTitle = new Map(parsed.map((row) => [row.title, row]));
    expect(byTitle.get('Laundry chemicals')?.latestVersion).toMatchObject({ attachmentCount: 2, firstAttachmentId: expect.any(Number) });
    expect(byTitle.get('Towel art')).toMatchObject({
      status: 'submitted',
      pendingTaskId: expect.any(Number),
      latestVersion: { submittedAt: expect.any(Date), submittedBy: owner.id },
    });
    // The review clock runs from the approval of the version in force, not from the newer draft.
    const inAYear = new Date();
    inAYear.setUTCFullYear(inAYear.getUTCFullYear() + 1);
    expect(byTitle.get('Minibar restock')).toMatchObject({
      hasPublishedVersion: true,
      latestVersion: { versionNumber: '1.1', isPublished: false },
      inForce: { versionNumber: '1.0', approvedAt: expect.any(Date) },
      reviewStatus: 'ok',
    });
    expect(byTitle.get('Linen change')?.inForce).toBeNull();
    expect(Math.abs(Date.parse(byTitle.get('Minibar restock')!.nextReviewDue!) - inAYear.getTime())).toBeLessThan(3 * 86_400_000);
    expect(byTitle.get('Lost and found')).toMatchObject({ ownerId: null, owner: null });
    expect(byTitle.get('Linen change')).toMatchObject({
      tags: ['linen', 'cabins'],
      reviewFrequency: 3,
      nextReviewDue: null,
      reviewStatus: null,
      department: { name: 'Housekeeping' },
      owner: { firstName: 'Ana', lastName: 'Silva' },
    });
  });

  it('writes the same timestamps as the detail answer, which the serializer encodes', async () => {
    const list = SopList.parse((await t.as(owner, { method: 'GET', url: '/api/sops' })).json());
    for (const row of list) {
      const detail = SopDetail.parse((await t.as(owner, { method: 'GET', url: `/api/sops/${row.id}` })).json());
      expect(row.createdAt).toEqual(detail.createdAt);
      expect(row.updatedAt).toEqual(detail.updatedAt);
      expect(row.latestVersion?.createdAt).toEqual(detail.latestVersion?.createdAt);
      expect(row.latestVersion?.submittedAt ?? null).toEqual(detail.latestVersion?.submittedAt ?? null);
    }
  });

  it('parses filtered lists (a status, a division with its departments, a search) too', async () => {
    for (const query of [
      { status: 'submitted' as const },
      { departmentId: (await t.as(owner, { method: 'GET', url: '/api/departments' })).json()[0].id },
      { search: 'linen' },
    ]) {
      const raw: Record<string, unknown>[] = JSON.parse(await listSopsJson(t.db, EVERYTHING, query));
      const rows = SopList.parse(raw);
      expect(rows.length, JSON.stringify(query)).toBeGreaterThan(0);
      for (const row of raw) expect('match' in row, JSON.stringify(query)).toBe('search' in query);
    }
  });

  it('parses a plain user’s list, which holds the versions in force as that version', async () => {
    const reader = await t.signedInUser('user');
    const raw: Record<string, unknown>[] = JSON.parse(await listSopsJson(t.db, viewOf(reader)));
    const rows = SopList.parse(raw);
    for (const row of raw)
      expect(Object.keys(row).sort()).toEqual(
        Object.keys(SopListItem.shape)
          .filter((key) => key !== 'match')
          .sort(),
      );
    expect(rows.map((row) => row.title)).toEqual(['Minibar restock']);
    expect(rows[0]).toMatchObject({ status: 'published', latestVersion: { versionNumber: '1.0', isPublished: true }, inForce: { versionNumber: '1.0' } });
    expect(rows[0].latestVersionId).toBe(rows[0].inForce?.id);
  });
});

describe('response schemas strip what they do not name', () => {
  it("leaves the stored files' hashes out of the approval queue, though the query reads them", async () => {
    const res = await t.as(approver, { method: 'GET', url: '/api/approvals' });
    expect(res.statusCode).toBe(200);
    const [task] = ApprovalQueue.parse(res.json());
    expect(task.version.sop.title).toBe('Towel art');
    expect(task.version.attachments).toHaveLength(1);
    // What the handler returns does carry the hash...
    const [built] = await listDecidableTasks(t.db, approver);
    expect(Object.keys(built.version.attachments[0])).toContain('sha256');
    // ...and the answer does not.
    const raw = res.json()[0];
    expect(Object.keys(raw).sort()).toEqual(Object.keys(ApprovalQueue.element.shape).sort());
    expect(JSON.stringify(raw)).not.toContain('sha256');
  });
});
