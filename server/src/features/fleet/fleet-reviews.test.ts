import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FleetVessel } from '../../../../common/contracts/fleet';
import type { Review } from '../../../../common/contracts/reviews';
import type { Rows } from '../../db/rows';
import { auditEvents, masterReviewFindings, masterReviews, reviewTemplate } from '../../db/schema';
import { TEST_PASSWORD } from '../../test/factories';
import { addShip, eventually, signInOnBoard, startFleet } from '../../test/fleet/fleet-harness';

/**
 * The master's review over a real fleet link (decision 080): the office's template reaches the
 * ship, the master fills and signs the review on board, it arrives ashore once, the office answers
 * its findings, and the answers reach that vessel and no other.
 */
const fleet = await startFleet('ORCA');
const { office, officeLink, ship } = fleet;
const admin = await office.signedInUser('admin');
const approver = await office.signedInUser('approver');
const master = await office.signedInUser('approver', { firstName: 'Magnus', lastName: 'Master' });
for (const [code, name] of [
  ['ORCA', 'Orca Spirit'],
  ['SKUA', 'Skua Wind'],
]) {
  expect((await office.as(admin, { method: 'POST', url: '/api/admin/vessels', payload: { code, name } })).statusCode).toBe(201);
}
const skua = await addShip(fleet, 'SKUA');
expect((await office.as(admin, { method: 'PATCH', url: `/api/admin/users/${master.id}`, payload: { vesselCodes: ['ORCA'] } })).statusCode).toBe(200);

const sections = [
  { title: 'Safety and environmental policy', questions: [{ text: 'Is the policy known on board?' }, { text: 'What proved hard to apply?' }] },
  { title: 'Emergency preparedness', questions: [{ text: 'Were drills held as planned?' }] },
];

describe("the master's review over the fleet link", () => {
  it('is filled and signed on board, answered ashore, and the answers reach that vessel only', async () => {
    const saved = await office.as(admin, { method: 'PUT', url: '/api/admin/review-template', payload: { sections } });
    expect(saved.statusCode, saved.body).toBe(200);
    const [ashoreTemplate] = await office.db.select().from(reviewTemplate);
    // The template reaches every ship, with the office's date.
    for (const s of [ship, skua]) {
      const arrived = await eventually(async () => {
        await officeLink.tick();
        const [row] = await s.database.db.select().from(reviewTemplate);
        return row?.updatedAt.getTime() === ashoreTemplate.updatedAt.getTime() && row;
      }, 30_000);
      expect(arrived.sections).toEqual(sections);
    }

    const cookie = await signInOnBoard({ app: ship.app, db: ship.database.db }, master);
    const onBoard = (method: string, url: string, payload?: object) => ship.app.inject({ method: method as 'GET', url, payload, headers: { cookie } });
    const started = await onBoard('POST', '/api/reviews');
    expect(started.statusCode, started.body).toBe(201);
    const draft = started.json() as Review;
    expect(draft.sections.map((s) => s.title)).toEqual(sections.map((s) => s.title));
    const filled = await onBoard('PUT', `/api/reviews/${draft.id}`, {
      answers: [['Yes, at every crew change.', 'Garbage segregation in port.'], ['Yes; the abandon-ship drill in Bergen was cut short.']],
      findings: ['The garbage plan names bins the vessel no longer has.', 'The rescue boat davit needs a new wire.'],
    });
    expect(filled.statusCode, filled.body).toBe(200);
    const signed = await onBoard('POST', `/api/reviews/${draft.id}/sign`, { password: TEST_PASSWORD });
    expect(signed.statusCode, signed.body).toBe(200);
    const onBoardReview = signed.json() as Review;

    // It arrives ashore once, with the ship's id and time, and the digest signed.
    const received = await eventually(async () => {
      const [row] = await office.db.select().from(masterReviews).where(eq(masterReviews.shipRef, draft.id));
      return row;
    }, 30_000);
    expect(received).toMatchObject({ vesselCode: 'ORCA', status: 'signed', signedBy: master.id, contentSha256: onBoardReview.contentSha256 });
    expect(received.signedAt?.toISOString()).toBe(onBoardReview.signedAt);
    const listed = (await office.as(approver, { method: 'GET', url: '/api/fleet/vessels/ORCA/reviews' })).json() as Review[];
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ signedBy: 'Magnus Master', canAnswer: true, sections: onBoardReview.sections });
    expect(listed[0].findings.map((f) => f.text)).toEqual(onBoardReview.findings.map((f) => f.text));
    const fleetList = (await office.as(admin, { method: 'GET', url: '/api/fleet/vessels' })).json() as FleetVessel[];
    expect(fleetList.find((v) => v.code === 'ORCA')?.lastReviewAt).toBe(onBoardReview.signedAt);
    expect(fleetList.find((v) => v.code === 'SKUA')?.lastReviewAt).toBeNull();
    const events = await office.db.select().from(auditEvents).where(eq(auditEvents.action, 'master_review_signed'));
    expect(events).toEqual([expect.objectContaining({ actorId: master.id, metadata: expect.objectContaining({ vessel: 'ORCA', findings: 2 }) })]);

    // The office answers each finding.
    const [garbage, davit] = listed[0].findings;
    const accepted = await office.as(approver, {
      method: 'PUT',
      url: `/api/reviews/${listed[0].id}/findings/${garbage.id}`,
      payload: { answer: 'accepted', action: 'Revise the garbage management plan.', dueOn: '2027-02-28' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const noted = await office.as(approver, {
      method: 'PUT',
      url: `/api/reviews/${listed[0].id}/findings/${davit.id}`,
      payload: { answer: 'noted', note: 'Ordered.' },
    });
    expect(noted.statusCode, noted.body).toBe(200);

    // The answers reach the ship and the master reads them there.
    await eventually(async () => {
      await officeLink.tick();
      const rows = await ship.database.db.select().from(masterReviewFindings).where(eq(masterReviewFindings.reviewId, draft.id));
      return rows.length === 2 && rows.every((f) => f.answer !== null);
    }, 30_000);
    const seen = (await onBoard('GET', '/api/fleet/vessels/ORCA/reviews')).json() as Review[];
    expect(seen[0].findings).toEqual([
      expect.objectContaining({
        position: 1,
        answer: 'accepted',
        action: 'Revise the garbage management plan.',
        dueOn: '2027-02-28',
        answeredBy: expect.any(String),
      }),
      expect.objectContaining({ position: 2, answer: 'noted', note: 'Ordered.' }),
    ]);
    // Signed, it stays as signed on board.
    expect(seen[0].contentSha256).toBe(onBoardReview.contentSha256);

    // No other vessel is sent them.
    const sentToSkua = (await office.db.execute(
      sql`select 1 from fleet_sent where vessel_code = 'SKUA' and kind = 'review_answers'`,
    )) as unknown as Rows<unknown>;
    expect(sentToSkua.rows).toEqual([]);
    expect(await skua.database.db.select().from(masterReviews)).toEqual([]);
    // Received once: the office holds one review for the ship's id.
    expect(await office.db.select().from(masterReviews).where(eq(masterReviews.vesselCode, 'ORCA'))).toHaveLength(1);
  });
});
