import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConfirmedReview } from '../../../../common/contracts/review-loop';
import { addMonths, reviewStatusOn, utcDay } from '../../../../common/review-clock';
import { auditEvents, sopReviews, sops, sopVersions } from '../../db/schema';
import { crewOf, type TestUser, buildDepartment } from '../../test/factories';
import { createSopAs, getSop, listSops } from '../../test/client';

const { t, owner, approver, admin } = await crewOf(
  { owner: 'user', approver: { role: 'approver', firstName: 'Rita', lastName: 'Reviewer' }, admin: 'admin' },
  { jobs: 'manual' },
);
let deptId: number;

beforeAll(async () => {
  deptId = (await buildDepartment(t.db, 'Galley')).id;
});

const today = () => utcDay();
const addDays = (day: string, days: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));

const confirm = (user: TestUser | null, sopId: number, payload: object = { comments: 'Checked against the current galley layout.' }) =>
  t.as(user, { method: 'POST', url: `/api/sops/${sopId}/reviews`, payload });
const detail = (id: number) => getSop(t, owner, id);
const list = (query = '') => listSops(t, owner, query);
/** The clock as both answers carry it; they must agree. */
async function clockOf(id: number) {
  const fromDetail = await detail(id);
  const fromList = (await list()).find((s) => s.id === id)!;
  expect({ nextReviewDue: fromList.nextReviewDue, reviewStatus: fromList.reviewStatus }).toEqual({
    nextReviewDue: fromDetail.nextReviewDue,
    reviewStatus: fromDetail.reviewStatus,
  });
  return { nextReviewDue: fromDetail.nextReviewDue, reviewStatus: fromDetail.reviewStatus };
}

/** An SOP whose version 1.0 was approved at `approvedAt` (written directly: the approval flow has its own tests). */
async function approvedSop(reviewFrequency: number | null, approvedAt: Date | string = new Date()) {
  const sop = await createSopAs(t, owner, { departmentId: deptId, reviewFrequency });
  await t.db
    .update(sopVersions)
    .set({ approvedBy: approver.id, approvedAt: new Date(approvedAt) })
    .where(eq(sopVersions.id, sop.latestVersionId!));
  await t.db.update(sops).set({ status: 'published' }).where(eq(sops.id, sop.id));
  return sop;
}

describe('reviewFrequency on the SOP form', () => {
  it('takes whole months from 1 to 60, or empty for none', async () => {
    const sop = await createSopAs(t, owner, { departmentId: deptId, reviewFrequency: 60 });
    expect((await detail(sop.id)).reviewFrequency).toBe(60);
    const cleared = await t.as(owner, { method: 'PUT', url: `/api/sops/${sop.id}`, payload: { title: 'Cleared', departmentId: deptId, reviewFrequency: '' } });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().reviewFrequency).toBeNull();
    for (const bad of [0, 61, 365, 1.5, 'monthly']) {
      const res = await t.as(owner, { method: 'POST', url: '/api/sops', payload: { title: 'Bad', departmentId: deptId, reviewFrequency: bad } });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message).toContain('Review frequency must be a whole number of months from 1 to 60');
    }
  });
});

describe('the review clock: nextReviewDue and reviewStatus', () => {
  it('is null without a frequency, and null without an approved version', async () => {
    expect(await clockOf((await approvedSop(null)).id)).toEqual({ nextReviewDue: null, reviewStatus: null });
    const draft = await createSopAs(t, owner, { departmentId: deptId, reviewFrequency: 12 });
    expect(await clockOf(draft.id)).toEqual({ nextReviewDue: null, reviewStatus: null });
  });

  it.each([
    ['2024-01-31T12:00:00Z', 1, '2024-02-29'],
    ['2023-01-31T12:00:00Z', 1, '2023-02-28'],
    ['2024-02-29T08:00:00Z', 12, '2025-02-28'],
    ['2024-02-29T08:00:00Z', 48, '2028-02-29'],
    ['2023-03-31T08:00:00Z', 11, '2024-02-29'],
    ['2024-08-31T08:00:00Z', 1, '2024-09-30'],
    ['2024-12-31T08:00:00Z', 2, '2025-02-28'],
    ['2024-11-15T08:00:00Z', 3, '2025-02-15'],
    // 23:30 in New York is already the next day in UTC.
    ['2024-01-31T23:30:00-05:00', 1, '2024-03-01'],
  ])('approved %s every %i month(s): due %s, in the list and the detail alike', async (approvedAt, months, due) => {
    const sop = await approvedSop(months, approvedAt);
    expect(await clockOf(sop.id)).toEqual({ nextReviewDue: due, reviewStatus: due < today() ? 'overdue' : 'ok' });
    expect(addMonths(utcDay(new Date(approvedAt)), months)).toBe(due);
  });

  it('is ok, due_soon within 30 days, overdue after the day', async () => {
    const ok = await approvedSop(12);
    expect(await clockOf(ok.id)).toEqual({ nextReviewDue: addMonths(today(), 12), reviewStatus: 'ok' });

    // Due in about 10 days, and about 10 days ago (month ends may move the day by up to 3).
    const soon = await approvedSop(12, `${addDays(addMonths(today(), -12), 10)}T12:00:00Z`);
    const soonClock = await clockOf(soon.id);
    expect(soonClock.reviewStatus).toBe('due_soon');
    expect(reviewStatusOn(soonClock.nextReviewDue, today())).toBe('due_soon');
    const late = await approvedSop(12, `${addDays(addMonths(today(), -12), -10)}T12:00:00Z`);
    expect((await clockOf(late.id)).reviewStatus).toBe('overdue');

    // On the day itself it is still due soon, not overdue (a year back lands on today except on 29 February).
    if (!today().endsWith('-02-29')) {
      const onTheDay = await approvedSop(12, `${addMonths(today(), -12)}T12:00:00Z`);
      expect(await clockOf(onTheDay.id)).toEqual({ nextReviewDue: today(), reviewStatus: 'due_soon' });
    }

    const overdue = (await list('?review=overdue')).map((s) => s.id);
    const dueSoon = (await list('?review=due_soon')).map((s) => s.id);
    expect(overdue).toContain(late.id);
    expect(overdue).not.toContain(soon.id);
    expect(overdue).not.toContain(ok.id);
    expect(dueSoon).toContain(soon.id);
    expect(dueSoon).not.toContain(late.id);
    expect(dueSoon).not.toContain(ok.id);
    expect((await list('?review=overdue')).every((s) => s.reviewStatus === 'overdue')).toBe(true);
    expect((await list('?review=due_soon')).every((s) => s.reviewStatus === 'due_soon')).toBe(true);
  });

  it('refuses an unknown review filter with 400', async () => {
    const res = await t.as(owner, { method: 'GET', url: '/api/sops?review=ok' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Review must be due_soon or overdue');
  });

  it('counts from the later of the approval and the last confirmed review', async () => {
    const sop = await approvedSop(1, '2024-01-31T12:00:00Z');
    const [{ id: versionId }] = await t.db.select({ id: sopVersions.id }).from(sopVersions).where(eq(sopVersions.sopId, sop.id));
    await t.db.insert(sopReviews).values({ sopId: sop.id, versionId, reviewedBy: approver.id, reviewedAt: new Date('2023-06-30T12:00:00Z') });
    expect((await clockOf(sop.id)).nextReviewDue).toBe('2024-02-29');
    await t.db.insert(sopReviews).values({ sopId: sop.id, versionId, reviewedBy: approver.id, reviewedAt: new Date('2024-05-31T12:00:00Z') });
    expect((await clockOf(sop.id)).nextReviewDue).toBe('2024-06-30');
  });
});

describe('POST /api/sops/{id}/reviews', () => {
  it('lets an approver confirm the version in force: restarts the clock and writes sop_review_confirmed', async () => {
    const sop = await approvedSop(6, '2020-03-15T12:00:00Z');
    expect((await clockOf(sop.id)).reviewStatus).toBe('overdue');
    const res = await confirm(approver, sop.id);
    expect(res.statusCode).toBe(201);
    const body: ConfirmedReview = res.json();
    expect(body).toMatchObject({
      sopId: sop.id,
      versionId: sop.latestVersionId,
      versionNumber: '1.0',
      reviewedBy: { firstName: 'Rita', lastName: 'Reviewer' },
      comments: 'Checked against the current galley layout.',
      nextReviewDue: addMonths(today(), 6),
      reviewStatus: 'ok',
    });
    expect(utcDay(new Date(body.reviewedAt))).toBe(today());
    expect(await clockOf(sop.id)).toEqual({ nextReviewDue: addMonths(today(), 6), reviewStatus: 'ok' });
    const [audit] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'sop_review_confirmed'));
    expect(audit).toMatchObject({ actorId: approver.id, entityType: 'sop', entityId: sop.id });
    expect(audit.metadata).toMatchObject({ versionId: sop.latestVersionId, versionNumber: '1.0', comments: 'Checked against the current galley layout.' });
  });

  it('confirms the newest approved version while a revision is in progress, for an admin too, comments optional', async () => {
    const sop = await approvedSop(12);
    const revision = await t.as(owner, { method: 'POST', url: `/api/sops/${sop.id}/versions`, payload: { content: 'Work in progress' } });
    expect(revision.statusCode).toBe(201);
    const res = await confirm(admin, sop.id, {});
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ versionId: sop.latestVersionId, versionNumber: '1.0', comments: null });
  });

  it('refuses a user with 403 and writes nothing', async () => {
    const sop = await approvedSop(12);
    const res = await confirm(owner, sop.id);
    expect(res.statusCode).toBe(403);
    // The route's role rule answers before the SOP is read, as on every route.
    expect(res.json()).toEqual({ message: 'You do not have permission to do this', code: 'forbidden' });
    expect(await t.db.select().from(sopReviews).where(eq(sopReviews.sopId, sop.id))).toEqual([]);
  });

  it('refuses an SOP without a version in force with 409', async () => {
    const draft = await createSopAs(t, owner, { departmentId: deptId, reviewFrequency: 12 });
    const res = await confirm(approver, draft.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'This SOP has no approved version in force; a periodic review confirms the version in force',
      code: 'not_published',
    });
    expect(await t.db.select().from(sopReviews).where(eq(sopReviews.sopId, draft.id))).toEqual([]);
  });

  it('is 404 for an unknown SOP, 400 for bad comments, 401 signed out', async () => {
    const unknown = await confirm(approver, 999999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'SOP not found', code: 'not_found' });
    const sop = await approvedSop(12);
    expect((await confirm(approver, sop.id, { comments: 'x'.repeat(5001) })).statusCode).toBe(400);
    expect((await confirm(approver, sop.id, { comments: 42 })).statusCode).toBe(400);
    expect((await confirm(null, sop.id)).statusCode).toBe(401);
  });
});
