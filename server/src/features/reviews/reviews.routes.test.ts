import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FleetVessel } from '../../../../common/contracts/fleet';
import type { Review, ReviewTemplate } from '../../../../common/contracts/reviews';
import type { App } from '../../app';
import { auditEvents, masterReviewFindings, masterReviews, reviewTemplate, users, vessels } from '../../db/schema';
import { crewOf, signIn, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { lastMasterReview, reviewDigest } from './reviews.service';

/** The master's review (decision 080): filled and signed on board, its findings answered at the office. */
const { t, admin, approver, master, otherMaster, crew } = await crewOf({
  admin: 'admin',
  approver: 'approver',
  master: { role: 'approver', firstName: 'Magnus', lastName: 'Master' },
  otherMaster: { role: 'approver', firstName: 'Olaf', lastName: 'Other' },
  crew: { role: 'user', firstName: 'Cruz', lastName: 'Deck' },
});
await t.db.insert(vessels).values([
  { code: 'AURORA', name: 'Aurora Star' },
  { code: 'BOREAS', name: 'Boreas Wind' },
]);
await t.db
  .update(users)
  .set({ vesselCodes: ['AURORA'] })
  .where(eq(users.id, master.id));
await t.db
  .update(users)
  .set({ vesselCodes: ['AURORA'] })
  .where(eq(users.id, crew.id));
await t.db
  .update(users)
  .set({ vesselCodes: ['BOREAS'] })
  .where(eq(users.id, otherMaster.id));

// A ship's app over the same database stands for the copy on board (the journey over a real link is fleet-reviews.test.ts).
let ship: App;
const cookies = new Map<TestUser, string>();
beforeAll(async () => {
  ship = (await t.anotherInstance({ instance: { kind: 'ship', vessel: 'AURORA', natsUrl: 'nats://127.0.0.1:1' } })).app;
  for (const who of [admin, master, otherMaster, crew]) cookies.set(who, await signIn(ship, who.username, TEST_PASSWORD));
});
const onBoard = (who: TestUser, method: string, url: string, payload?: unknown) =>
  ship.inject({ method: method as 'GET', url, payload: payload as object, headers: { cookie: cookies.get(who)! } }) as Promise<LightMyRequestResponse>;
const ashore = (who: TestUser, method: string, url: string, payload?: unknown) => t.as(who, { method: method as 'GET', url, payload: payload as object });
const tally = async () => ({
  reviews: (await t.db.select({ n: count() }).from(masterReviews))[0].n,
  findings: (await t.db.select({ n: count() }).from(masterReviewFindings))[0].n,
  audit: (await t.db.select({ n: count() }).from(auditEvents))[0].n,
});
const template = async () => (await ashore(approver, 'GET', '/api/review-template')).json() as ReviewTemplate;

describe('the review template', () => {
  it('starts as the ISM elements and is read by approvers and administrators, not crew', async () => {
    const kept = await template();
    expect(kept.sections.map((s) => s.title)).toEqual([
      'Safety and environmental policy',
      'Responsibilities and authority',
      "Master's responsibility and authority",
      'Resources and personnel',
      'Shipboard operations',
      'Emergency preparedness',
      'Non-conformities, accidents and hazardous occurrences',
      'Maintenance of the ship and equipment',
      'Documentation',
    ]);
    expect((await ashore(crew, 'GET', '/api/review-template')).statusCode).toBe(403);
  });

  it('is changed by an administrator only, validated, audited; refused changes leave it as it was', async () => {
    const before = await template();
    expect((await ashore(approver, 'PUT', '/api/admin/review-template', { sections: [{ title: 'A', questions: [{ text: 'Q?' }] }] })).statusCode).toBe(403);
    for (const [sections, message] of [
      [[], 'The template needs at least one section'],
      [[{ title: 'Policy', questions: [] }], 'A section needs at least one question'],
      [[{ title: ' ', questions: [{ text: 'Q?' }] }], 'A section needs a title'],
      [[{ title: 'Policy', questions: [{ text: 'x'.repeat(1001) }] }], 'A question must be at most 1000 characters'],
      [Array.from({ length: 21 }, () => ({ title: 'S', questions: [{ text: 'Q?' }] })), 'The template has at most 20 sections'],
    ] as const) {
      const res = await ashore(admin, 'PUT', '/api/admin/review-template', { sections });
      expect(res.statusCode, JSON.stringify(sections).slice(0, 80)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    // On board the template is the office's.
    expect((await onBoard(admin, 'PUT', '/api/admin/review-template', { sections: before.sections })).statusCode).toBe(409);
    expect(await template()).toEqual(before);

    const sections = [...before.sections.slice(0, 2), { title: 'Crew welfare', questions: [{ text: 'Are rest hours kept?' }] }];
    const saved = await ashore(admin, 'PUT', '/api/admin/review-template', { sections });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ sections, updatedBy: expect.any(String) });
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'review_template_saved'));
    expect(event).toMatchObject({ actorId: admin.id, metadata: { sections: 3, questions: 5 } });
  });
});

let review: Review;

describe('filling the review on board', () => {
  it('is refused at the office, to crew, and to an approver of another vessel, changing nothing', async () => {
    const before = await tally();
    const office = await ashore(master, 'POST', '/api/reviews');
    expect(office.statusCode).toBe(409);
    expect(office.json()).toMatchObject({ code: 'ship_only', message: "A master's review is filled and signed on board, on the vessel's own copy" });
    expect((await onBoard(crew, 'POST', '/api/reviews')).statusCode).toBe(403);
    const stranger = await onBoard(otherMaster, 'POST', '/api/reviews');
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe("Only an approver assigned to this vessel fills and signs its master's review");
    expect(await tally()).toEqual(before);
  });

  it('starts from the template with its questions copied, once: a draft open is answered again', async () => {
    const started = await onBoard(master, 'POST', '/api/reviews');
    expect(started.statusCode, started.body).toBe(201);
    review = started.json() as Review;
    const kept = await template();
    expect(review).toMatchObject({
      vesselCode: 'AURORA',
      vesselName: 'Aurora Star',
      status: 'draft',
      startedBy: 'Magnus Master',
      canEdit: true,
      canAnswer: false,
    });
    expect(review.sections).toEqual(kept.sections.map((s) => ({ title: s.title, questions: s.questions.map((q) => ({ text: q.text, answer: '' })) })));
    const again = await onBoard(master, 'POST', '/api/reviews');
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(review.id);
  });

  it('saves answers and findings while a draft, checking their shape', async () => {
    const answers = review.sections.map((s, i) => s.questions.map((_, j) => `Answer ${i + 1}.${j + 1}`));
    const wrongShape = await onBoard(master, 'PUT', `/api/reviews/${review.id}`, { answers: answers.slice(1), findings: [] });
    expect(wrongShape.statusCode).toBe(400);
    expect(wrongShape.json()).toMatchObject({ field: 'answers' });
    expect((await onBoard(master, 'PUT', `/api/reviews/${review.id}`, { answers, findings: [''] })).statusCode).toBe(400);
    expect((await onBoard(master, 'PUT', `/api/reviews/${review.id}`, { answers, findings: Array(51).fill('x') })).statusCode).toBe(400);
    expect((await onBoard(crew, 'PUT', `/api/reviews/${review.id}`, { answers, findings: [] })).statusCode).toBe(403);

    const first = await onBoard(master, 'PUT', `/api/reviews/${review.id}`, { answers, findings: ['Draft finding'] });
    expect(first.statusCode, first.body).toBe(200);
    const saved = await onBoard(master, 'PUT', `/api/reviews/${review.id}`, {
      answers,
      findings: ['The bunkering procedure names a valve the vessel no longer has.', 'Rest hours were broken twice in port.'],
    });
    expect(saved.statusCode).toBe(200);
    review = saved.json() as Review;
    expect(review.sections[0].questions[0].answer).toBe('Answer 1.1');
    expect(review.findings.map((f) => [f.position, f.text, f.answer])).toEqual([
      [1, 'The bunkering procedure names a valve the vessel no longer has.', null],
      [2, 'Rest hours were broken twice in port.', null],
    ]);
  });

  it('is signed with the master’s password; a wrong one signs nothing', async () => {
    const wrong = await onBoard(master, 'POST', `/api/reviews/${review.id}/sign`, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('signature_failed');
    expect((await onBoard(master, 'POST', `/api/reviews/${review.id}/sign`, {})).statusCode).toBe(400);
    expect((await onBoard(master, 'GET', `/api/reviews/${review.id}`)).json().status).toBe('draft');

    const signed = await onBoard(master, 'POST', `/api/reviews/${review.id}/sign`, { password: TEST_PASSWORD });
    expect(signed.statusCode, signed.body).toBe(200);
    review = signed.json() as Review;
    expect(review).toMatchObject({ status: 'signed', signedBy: 'Magnus Master', signatureMethod: 'password', canEdit: false });
    expect(review.contentSha256).toBe(
      reviewDigest(
        review.sections,
        review.findings.map((f) => f.text),
      ),
    );
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'master_review_signed'));
    expect(event).toMatchObject({ actorId: master.id, entityId: review.id, metadata: { vessel: 'AURORA', findings: 2, sha256: review.contentSha256 } });
  });

  it('cannot change once signed, nor be signed again, nor be rewritten by a later template', async () => {
    const before = await tally();
    const answers = review.sections.map((s) => s.questions.map(() => 'Changed'));
    const changed = await onBoard(master, 'PUT', `/api/reviews/${review.id}`, { answers, findings: [] });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe('This review is signed; it cannot change');
    expect((await onBoard(master, 'POST', `/api/reviews/${review.id}/sign`, { password: TEST_PASSWORD })).statusCode).toBe(409);
    expect((await ashore(admin, 'PUT', '/api/admin/review-template', { sections: [{ title: 'New', questions: [{ text: 'New?' }] }] })).statusCode).toBe(200);
    const read = (await onBoard(master, 'GET', `/api/reviews/${review.id}`)).json() as Review;
    expect(read.sections).toEqual(review.sections);
    expect(read.contentSha256).toBe(review.contentSha256);
    expect((await tally()).reviews).toBe(before.reviews);
  });
});

describe('answering the findings at the office', () => {
  it('is refused on board, to crew, without an action, and on a draft, changing nothing', async () => {
    const finding = review.findings[0];
    const url = `/api/reviews/${review.id}/findings/${finding.id}`;
    const before = await tally();
    const answersBefore = await t.db.select().from(masterReviewFindings).orderBy(masterReviewFindings.id);
    expect((await onBoard(master, 'PUT', url, { answer: 'noted' })).statusCode).toBe(409);
    expect((await ashore(crew, 'PUT', url, { answer: 'noted' })).statusCode).toBe(403);
    const noAction = await ashore(approver, 'PUT', url, { answer: 'accepted', dueOn: '2027-01-31' });
    expect(noAction.statusCode).toBe(400);
    expect((await ashore(approver, 'PUT', url, { answer: 'accepted', action: 'Revise', dueOn: '31/01/2027' })).statusCode).toBe(400);
    expect((await ashore(approver, 'PUT', url, { answer: 'maybe' })).statusCode).toBe(400);
    expect((await ashore(approver, 'PUT', `/api/reviews/${review.id}/findings/999999`, { answer: 'noted' })).statusCode).toBe(404);
    expect((await ashore(approver, 'PUT', `/api/reviews/999999/findings/${finding.id}`, { answer: 'noted' })).statusCode).toBe(404);
    // A draft has nothing to answer yet.
    const draft = (await onBoard(master, 'POST', '/api/reviews')).json() as Review;
    const answers = draft.sections.map((s) => s.questions.map(() => ''));
    const withFinding = (await onBoard(master, 'PUT', `/api/reviews/${draft.id}`, { answers, findings: ['Open point'] })).json() as Review;
    const onDraft = await ashore(approver, 'PUT', `/api/reviews/${draft.id}/findings/${withFinding.findings[0].id}`, { answer: 'noted' });
    expect(onDraft.statusCode).toBe(409);
    expect(onDraft.json().message).toBe("A finding is answered once the master's review is signed");
    await t.db.delete(masterReviews).where(eq(masterReviews.id, draft.id));
    expect((await tally()).audit).toBe(before.audit);
    expect(await t.db.select().from(masterReviewFindings).orderBy(masterReviewFindings.id)).toEqual(answersBefore);
  });

  it('accepts a finding with an action and a due day, notes another, and audits each', async () => {
    const [first, second] = review.findings;
    const accepted = await ashore(approver, 'PUT', `/api/reviews/${review.id}/findings/${first.id}`, {
      answer: 'accepted',
      action: 'Revise the bunkering procedure for the new manifold.',
      dueOn: '2027-01-31',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const noted = await ashore(admin, 'PUT', `/api/reviews/${review.id}/findings/${second.id}`, { answer: 'noted', note: 'Port calls were unusually short.' });
    expect(noted.statusCode).toBe(200);
    const answered = noted.json() as Review;
    expect(answered.canAnswer).toBe(true);
    expect(answered.findings).toEqual([
      expect.objectContaining({ answer: 'accepted', action: 'Revise the bunkering procedure for the new manifold.', dueOn: '2027-01-31', note: null }),
      expect.objectContaining({ answer: 'noted', action: null, dueOn: null, note: 'Port calls were unusually short.', answeredBy: expect.any(String) }),
    ]);
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'review_finding_answered')).orderBy(auditEvents.id);
    expect(events.map((e) => e.metadata)).toEqual([
      { vessel: 'AURORA', finding: 1, answer: 'accepted', dueOn: '2027-01-31' },
      { vessel: 'AURORA', finding: 2, answer: 'noted' },
    ]);
  });
});

describe("a vessel's reviews", () => {
  it('are listed at the office for admins and approvers, on board for the own vessel only', async () => {
    const listed = await ashore(approver, 'GET', '/api/fleet/vessels/AURORA/reviews');
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as Review[]).map((r) => [r.id, r.status])).toEqual([[review.id, 'signed']]);
    expect((await ashore(crew, 'GET', '/api/fleet/vessels/AURORA/reviews')).statusCode).toBe(403);
    expect((await ashore(approver, 'GET', '/api/fleet/vessels/NOPE/reviews')).statusCode).toBe(404);
    expect((await ashore(approver, 'GET', '/api/fleet/vessels/bad code/reviews')).statusCode).toBe(400);
    expect((await ashore(approver, 'GET', '/api/fleet/vessels/BOREAS/reviews')).json()).toEqual([]);
    const own = await onBoard(master, 'GET', '/api/fleet/vessels/AURORA/reviews');
    expect(own.statusCode).toBe(200);
    expect((own.json() as Review[])[0].findings[0].answer).toBe('accepted');
    expect((await onBoard(master, 'GET', '/api/fleet/vessels/BOREAS/reviews')).statusCode).toBe(404);
  });

  it('give the fleet list each vessel’s last review date (null: none on record)', async () => {
    const fleet = (await ashore(admin, 'GET', '/api/fleet/vessels')).json() as FleetVessel[];
    expect(fleet.find((v) => v.code === 'AURORA')?.lastReviewAt).toBe(review.signedAt);
    expect(fleet.find((v) => v.code === 'BOREAS')?.lastReviewAt).toBeNull();
  });

  it('give the inspection pack the last signed review with its answers, or null', async () => {
    const last = await lastMasterReview(t.db, 'AURORA');
    expect(last).toMatchObject({ id: review.id, status: 'signed', signedBy: 'Magnus Master', canEdit: false, canAnswer: false });
    expect(last?.findings.map((f) => f.answer)).toEqual(['accepted', 'noted']);
    expect(await lastMasterReview(t.db, 'BOREAS')).toBeNull();
    expect((await t.db.select().from(reviewTemplate)).length).toBe(1);
  });
});
