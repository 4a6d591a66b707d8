import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SopDetail, SopListItem } from '../../../../common/contracts/sops';
import { crewOf, type TestUser, buildDepartment } from '../../test/factories';
import { createSopAs, submitSopAs, uploadAttachments } from '../../test/client';

/** GET /api/sops and /api/sops/{id}: ETag from the database's data version, 304, one build per version. */
// The reader reads other people's drafts and superseded versions: an approver may (a plain user
// sees only the version in force; sop-visibility.routes.test.ts).
const { t, admin, author, approver, reader } = await crewOf({ admin: 'admin', author: 'user', approver: 'approver', reader: 'approver' });
let department: { id: number; name: string };
let sop: SopDetail;

beforeAll(async () => {
  department = await buildDepartment(t.db, 'Deck');
  sop = await createSopAs(t, author, { departmentId: department.id, title: 'Mooring line handling' });
});

const LIST = '/api/sops';
const detailUrl = () => `/api/sops/${sop.id}`;

async function get(url: string, headers: Record<string, string> = {}, user: TestUser = reader) {
  return t.as(user, { method: 'GET', url, headers });
}

async function tagOf(url: string): Promise<string> {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  // The data version, the (UTC) day the review statuses were computed for and whose view it is
  // (`all` for approvers and admins; a plain user's own answer is named by their id).
  expect(res.headers.etag).toMatch(new RegExp(`^"v\\d+-${new Date().toISOString().slice(0, 10)}-all-identity"$`));
  return res.headers.etag as string;
}

describe('the ETag of the SOP answers', () => {
  it.each([LIST, `${LIST}?status=draft`, `${LIST}?search=mooring`, `${LIST}?departmentId=1&status=all`, '/api/sops/DETAIL'])(
    '%s answers If-None-Match with its current tag by a bodiless 304',
    async (template) => {
      const url = template.replace('DETAIL', String(sop.id));
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      expect(first.headers.vary).toMatch(/Accept-Encoding/i);
      const etag = first.headers.etag as string;

      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('private, no-cache');
      expect((await get(url, { 'if-none-match': `W/${etag}, "other"` })).statusCode).toBe(304);

      const stale = await get(url, { 'if-none-match': '"v0-identity"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(first.body);
    },
  );

  it('sends the cached answer compressed as the client accepts, with a tag per encoding', async () => {
    await createSopAs(t, author, { departmentId: department.id, content: 'Long enough to compress. '.repeat(80) });
    const plain = await get(LIST);
    const br = await get(LIST, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get(LIST, { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    const revalidated = await get(LIST, { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': br.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
  });

  it('is not sent to a signed-out caller, who gets 401 without a tag', async () => {
    const res = await t.as(null, { method: 'GET', url: LIST, headers: { 'if-none-match': await tagOf(LIST) } });
    expect(res.statusCode).toBe(401);
    expect(res.headers.etag).toBeUndefined();
  });
});

describe('every write that changes an answer changes its tag', () => {
  /** Runs a write and checks both tags moved and a revalidating client gets the new data. */
  async function expectNewTags(write: () => Promise<{ statusCode: number }>, expectedStatus = 200) {
    const listTag = await tagOf(LIST);
    const detailTag = await tagOf(detailUrl());
    expect((await write()).statusCode).toBe(expectedStatus);
    const list = await get(LIST, { 'if-none-match': listTag });
    const detail = await get(detailUrl(), { 'if-none-match': detailTag });
    expect(list.statusCode).toBe(200);
    expect(list.headers.etag).not.toBe(listTag);
    expect(detail.statusCode).not.toBe(304);
    if (detail.statusCode === 200) expect(detail.headers.etag).not.toBe(detailTag);
    return { list: list.json() as SopListItem[], detail: detail.statusCode === 200 ? (detail.json() as SopDetail) : null };
  }

  it('create', async () => {
    const { list } = await expectNewTags(async () => {
      await createSopAs(t, author, { departmentId: department.id, title: 'Gangway watch' });
      return { statusCode: 200 };
    });
    expect(list.some((s) => s.title === 'Gangway watch')).toBe(true);
  });

  it('edit', async () => {
    const { detail } = await expectNewTags(() =>
      t.as(author, {
        method: 'PUT',
        url: detailUrl(),
        payload: { title: 'Mooring line handling (revised)', departmentId: department.id, content: 'Step one, revised' },
      }),
    );
    expect(detail?.title).toBe('Mooring line handling (revised)');
  });

  it('attach a file', async () => {
    const versionId = (await get(detailUrl())).json().latestVersionId as number;
    const { detail } = await expectNewTags(
      () => uploadAttachments(t, author, versionId, [{ name: 'checklist.txt', data: Buffer.from('Check the bitts\n') }]),
      201,
    );
    expect(detail?.latestVersion?.attachments.map((a) => a.originalName)).toContain('checklist.txt');
  });

  it('submit', async () => {
    const { detail } = await expectNewTags(async () => {
      await submitSopAs(t, author, sop.id);
      return { statusCode: 200 };
    });
    expect(detail?.status).toBe('submitted');
    expect(detail?.pendingTaskId).not.toBeNull();
  });

  it('decide', async () => {
    const taskId = (await get(detailUrl())).json().pendingTaskId as number;
    const { detail } = await expectNewTags(() => t.as(approver, { method: 'PUT', url: `/api/approvals/${taskId}`, payload: { status: 'approved' } }));
    expect(detail?.status).toBe('published');
  });

  it('attest', async () => {
    const versionId = (await get(detailUrl())).json().latestVersionId as number;
    await expectNewTags(() => t.as(reader, { method: 'POST', url: `/api/sop-versions/${versionId}/attestations` }), 201);
  });

  it('department rename', async () => {
    const { list } = await expectNewTags(() => t.as(admin, { method: 'PUT', url: `/api/departments/${department.id}`, payload: { name: 'Deck & Mooring' } }));
    expect(list.find((s) => s.id === sop.id)?.department?.name).toBe('Deck & Mooring');
  });

  it('withdrawal (an SOP in force is never deleted)', async () => {
    const { list, detail } = await expectNewTags(() => t.as(admin, { method: 'POST', url: `${detailUrl()}/withdraw`, payload: { reason: 'Obsolete' } }));
    expect(detail?.withdrawal?.reason).toBe('Obsolete');
    expect(list.some((s) => s.id === sop.id)).toBe(false);
  });
});
