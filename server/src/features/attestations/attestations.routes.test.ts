import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AttestationSummary } from '../../../../common/contracts/approvals';
import { attestations, auditEvents } from '../../db/schema';
import { crewOf, type TestUser, buildDepartment, buildSop } from '../../test/factories';

const { t, approver, user, user2 } = await crewOf({ approver: 'approver', user: 'user', user2: 'user' });
let departmentId: number;

beforeAll(async () => {
  departmentId = (await buildDepartment(t.db, 'Housekeeping')).id;
});

const attest = (who: TestUser | null, versionId: number) => t.as(who, { method: 'POST', url: `/api/sop-versions/${versionId}/attestations` });
const summary = async (who: TestUser, versionId: number) => {
  const res = await t.as(who, { method: 'GET', url: `/api/sop-versions/${versionId}/attestations` });
  expect(res.statusCode).toBe(200);
  return res.json() as AttestationSummary;
};

/** A version published the real way: submitted, then approved over HTTP. */
async function publishedVersion(title: string) {
  const { sop, version, task } = await buildSop(t.db, { departmentId, ownerId: user.id, title });
  const res = await t.as(approver, { method: 'PUT', url: `/api/approvals/${task!.id}`, payload: { status: 'approved' } });
  expect(res.statusCode).toBe(200);
  return { sop, version };
}

describe('attestations', () => {
  it('records one attestation per user and version; attesting again returns the same row', async () => {
    const { sop, version } = await publishedVersion('Cabin turnover');
    expect(await summary(user, version.id)).toEqual({ versionId: version.id, count: 0, attestedByMe: false, attestedAt: null, opened: [] });

    const first = await attest(user, version.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ userId: user.id, versionId: version.id, attestedAt: expect.any(String) });

    const second = await attest(user, version.id);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());

    expect(await t.db.select().from(attestations).where(eq(attestations.versionId, version.id))).toHaveLength(1);
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'sop_attested'));
    expect(events).toEqual([
      expect.objectContaining({ actorId: user.id, entityType: 'sop', entityId: sop.id, metadata: expect.objectContaining({ title: 'Cabin turnover' }) }),
    ]);

    expect(await summary(user, version.id)).toEqual({ versionId: version.id, count: 1, attestedByMe: true, attestedAt: first.json().attestedAt, opened: [] });
    expect(await summary(user2, version.id)).toMatchObject({ count: 1, attestedByMe: false, attestedAt: null });

    expect((await attest(user2, version.id)).statusCode).toBe(201);
    expect(await summary(user2, version.id)).toMatchObject({ count: 2, attestedByMe: true });
  });

  it('refuses an unpublished version with 409 and stores nothing', async () => {
    const { version } = await buildSop(t.db, { departmentId, ownerId: user.id, title: 'Linen count' });
    const res = await attest(user, version.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a published version can be attested; version 1.0 of "Linen count" is not published');
    expect(await t.db.select().from(attestations).where(eq(attestations.versionId, version.id))).toEqual([]);
  });

  it('answers 404 for an unknown version, 400 for a malformed id and 401 signed out', async () => {
    expect((await attest(user, 999_999)).statusCode).toBe(404);
    expect((await t.as(user, { method: 'GET', url: '/api/sop-versions/999999/attestations' })).statusCode).toBe(404);
    expect((await t.as(user, { method: 'POST', url: '/api/sop-versions/nope/attestations' })).statusCode).toBe(400);
    const { version } = await publishedVersion('Pool safety');
    expect((await attest(null, version.id)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/sop-versions/${version.id}/attestations` })).statusCode).toBe(401);
  });
});
