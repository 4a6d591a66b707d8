import { expect } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { MyReading, Notifications, SopCompliance } from '../../../common/contracts/reading';
import { sopVersions, users } from '../db/schema';
import type { TestContext, TestUser } from './factories';
import { createSopAs, submitSopAs } from './client';

/** Puts users in a department (or none) the way an administrator does: PATCH /api/admin/users/{id}. */
export async function placeIn(t: TestContext, admin: TestUser, departmentId: number | null, ...members: TestUser[]) {
  for (const member of members) {
    const res = await t.as(admin, { method: 'PATCH', url: `/api/admin/users/${member.id}`, payload: { departmentId } });
    expect(res.statusCode, res.body).toBe(200);
    member.departmentId = departmentId;
  }
}

/** Places many users at once straight in the database (for counts, not for the admin's rules). */
export async function placeAllIn(t: TestContext, departmentId: number | null, ids: number[]) {
  for (const id of ids) await t.db.update(users).set({ departmentId }).where(eq(users.id, id));
}

/** Submits the SOP's latest version as `author` and approves it as `approver`, over HTTP. */
export async function approveLatest(t: TestContext, author: TestUser, approver: TestUser, sopId: number) {
  const { taskId } = await submitSopAs(t, author, sopId);
  const res = await t.as(approver, { method: 'PUT', url: `/api/approvals/${taskId}`, payload: { status: 'approved' } });
  expect(res.statusCode, res.body).toBe(200);
}

/** An SOP of the department, created, submitted and approved over HTTP: version 1.0 in force. */
export async function publishedSop(t: TestContext, author: TestUser, approver: TestUser, departmentId: number, title: string) {
  const sop = await createSopAs(t, author, { departmentId, title });
  await approveLatest(t, author, approver, sop.id);
  return { id: sop.id, title, versionId: sop.latestVersionId as number };
}

/** A new version with its changelog, submitted and approved: it is the version in force. */
export async function publishNewVersion(t: TestContext, author: TestUser, approver: TestUser, sopId: number, versionNumber: string, changelog: string) {
  const res = await t.as(author, {
    method: 'POST',
    url: `/api/sops/${sopId}/versions`,
    payload: { versionNumber, content: `Revised text ${versionNumber}`, changelog },
  });
  expect(res.statusCode, res.body).toBe(201);
  await approveLatest(t, author, approver, sopId);
  return (res.json() as { id: number }).id;
}

export async function readingOf(t: TestContext, who: TestUser): Promise<MyReading> {
  const res = await t.as(who, { method: 'GET', url: '/api/reading' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function complianceOf(t: TestContext, who: TestUser, sopId: number): Promise<SopCompliance> {
  const res = await t.as(who, { method: 'GET', url: `/api/sops/${sopId}/compliance` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function notificationsOf(t: TestContext, who: TestUser): Promise<Notifications> {
  const res = await t.as(who, { method: 'GET', url: '/api/notifications' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function attestAs(t: TestContext, who: TestUser, versionId: number) {
  const res = await t.as(who, { method: 'POST', url: `/api/sop-versions/${versionId}/attestations` });
  expect(res.statusCode, res.body).toBe(201);
}

/** The day a version approved at `approvedAt` must be read by: its UTC day plus `days`, as 'YYYY-MM-DD'. */
export function dueAfter(approvedAt: string | Date, days = 14): string {
  const day = new Date(approvedAt);
  day.setUTCHours(0, 0, 0, 0);
  return new Date(day.getTime() + days * 24 * 3600_000).toISOString().slice(0, 10);
}

/** Moves the approval of every published version of the SOP `days` days into the past, as if it came into force then. */
export async function approvedDaysAgo(t: TestContext, sopId: number, days: number) {
  await t.db
    .update(sopVersions)
    .set({ approvedAt: new Date(Date.now() - days * 24 * 3600_000) })
    .where(and(eq(sopVersions.sopId, sopId), isNotNull(sopVersions.approvedAt)));
}

/** The due day of a published version as the server counts it, from its stored approval. */
export async function dueDayOf(t: TestContext, versionId: number, days = 14): Promise<string> {
  const [version] = await t.db.select({ approvedAt: sopVersions.approvedAt }).from(sopVersions).where(eq(sopVersions.id, versionId));
  expect(version?.approvedAt, `version ${versionId} is approved`).toBeTruthy();
  return dueAfter(version.approvedAt as Date, days);
}
