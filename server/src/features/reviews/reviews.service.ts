import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../../../common/contracts/auth';
import type {
  AnswerFindingInput,
  Review,
  ReviewSection,
  ReviewTemplate,
  ReviewTemplateInput,
  SaveReviewInput,
  SignReviewInput,
} from '../../../../common/contracts/reviews';
import { can } from '../../../../common/permissions';
import type { Db } from '../../db/client';
import { fullNameOf } from '../../db/people';
import { masterReviewFindings, masterReviews, reviewTemplate, users, vessels } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { provePassword } from '../auth/signature-proof.service';
import type { FleetInstance } from '../fleet/instance.helper';

type Out = z.output<typeof Review>;

export const REVIEW_ON_BOARD_MESSAGE = "A master's review is filled and signed on board, on the vessel's own copy";
export const REVIEW_NOT_MASTER_MESSAGE = "Only an approver assigned to this vessel fills and signs its master's review";
export const REVIEW_SIGNED_MESSAGE = 'This review is signed; it cannot change';
export const REVIEW_NOT_SIGNED_MESSAGE = "A finding is answered once the master's review is signed";
export const REVIEW_SHAPE_MESSAGE = 'Give one list of answers per section and one answer per question, in the review’s order';
export const REVIEW_NO_TEMPLATE_MESSAGE = "No review template has reached this vessel yet: the office's template comes with the next update";
export const REVIEW_NOT_FOUND_MESSAGE = 'Review not found';
export const FINDING_NOT_FOUND_MESSAGE = 'Finding not found';
export const REVIEW_VESSEL_NOT_FOUND_MESSAGE = 'Vessel not found';

/**
 * The digest a master's signature binds to: the questions and answers of each section and the
 * findings, in order, as JSON. The office recomputes it from what arrives, so a review changed
 * on the way is refused.
 */
export function reviewDigest(sections: ReviewSection[], findings: string[]): string {
  const body = JSON.stringify({
    sections: sections.map((s) => ({ title: s.title, questions: s.questions.map((q) => ({ text: q.text, answer: q.answer })) })),
    findings,
  });
  return createHash('sha256').update(body, 'utf8').digest('hex');
}

/** GET /api/review-template. */
export async function readTemplate(db: Db): Promise<z.output<typeof ReviewTemplate>> {
  const [row] = await db
    .select({ sections: reviewTemplate.sections, updatedAt: reviewTemplate.updatedAt, updatedBy: fullNameOf(users) })
    .from(reviewTemplate)
    .leftJoin(users, eq(users.id, reviewTemplate.updatedBy))
    .where(eq(reviewTemplate.id, 1));
  return row ?? { sections: [], updatedAt: null, updatedBy: null };
}

/** PUT /api/admin/review-template: replaces the template (reviews already started keep their own questions). Audited. */
export async function saveTemplate(db: Db, actor: SessionUser, input: z.output<typeof ReviewTemplateInput>) {
  await db.transaction(async (tx) => {
    await tx
      .insert(reviewTemplate)
      .values({ id: 1, sections: input.sections, updatedBy: actor.id })
      .onConflictDoUpdate({ target: reviewTemplate.id, set: { sections: input.sections, updatedBy: actor.id, updatedAt: sql`now()` } });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'review_template_saved',
      entityType: 'review_template',
      entityId: 1,
      metadata: { sections: input.sections.length, questions: input.sections.reduce((n, s) => n + s.questions.length, 0) },
    });
  });
  return readTemplate(db);
}

/** The ship's own vessel, or 409 ashore: reviews are filled on board. */
function shipVessel(instance: FleetInstance): string {
  if (instance.kind !== 'ship') throw conflict(REVIEW_ON_BOARD_MESSAGE, 'ship_only');
  return instance.vessel;
}

/** The master fills the review: an approver (or administrator) assigned to the vessel. */
async function assertMaster(db: Db, actor: SessionUser, vessel: string) {
  const [row] = await db.select({ vesselCodes: users.vesselCodes }).from(users).where(eq(users.id, actor.id));
  const assigned = !!row && (row.vesselCodes.length === 0 || row.vesselCodes.includes(vessel));
  if (!assigned || !can(actor, 'reviews.fill')) throw forbidden(REVIEW_NOT_MASTER_MESSAGE);
}

/**
 * POST /api/reviews: on board, the vessel's master starts a review from the template the office
 * sent (its questions copied into the review); a draft already started is answered instead.
 */
export async function startReview(db: Db, actor: SessionUser, instance: FleetInstance): Promise<{ review: Out; created: boolean }> {
  const vessel = shipVessel(instance);
  await assertMaster(db, actor, vessel);
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from vessels where code = ${vessel} for update`);
    const [draft] = await tx
      .select({ id: masterReviews.id })
      .from(masterReviews)
      .where(and(eq(masterReviews.vesselCode, vessel), eq(masterReviews.status, 'draft')));
    if (draft) return { id: draft.id, created: false };
    const [template] = await tx.select().from(reviewTemplate).where(eq(reviewTemplate.id, 1));
    if (!template || template.sections.length === 0) throw conflict(REVIEW_NO_TEMPLATE_MESSAGE);
    const sections = template.sections.map((s) => ({ title: s.title, questions: s.questions.map((q) => ({ text: q.text, answer: '' })) }));
    const [row] = await tx
      .insert(masterReviews)
      .values({ vesselCode: vessel, sections, templateAt: template.updatedAt, createdBy: actor.id })
      .returning({ id: masterReviews.id });
    return { id: row.id, created: true };
  });
  return { review: (await reviewsOf(db, { id: result.id }, { actor, instance }))[0], created: result.created };
}

/** A draft of this ship's vessel the caller may change, locked for the change; 404 / 403 / 409 otherwise. */
async function draftFor(tx: Db, actor: SessionUser, instance: FleetInstance, id: number) {
  const vessel = shipVessel(instance);
  const [review] = await tx
    .select()
    .from(masterReviews)
    .where(and(eq(masterReviews.id, id), eq(masterReviews.vesselCode, vessel)))
    .for('update');
  if (!review) throw notFound(REVIEW_NOT_FOUND_MESSAGE);
  await assertMaster(tx, actor, vessel);
  if (review.status !== 'draft') throw conflict(REVIEW_SIGNED_MESSAGE, 'stale_version');
  return review;
}

/** PUT /api/reviews/{id}: the draft's answers and findings (all of them, replacing those kept). */
export async function saveReview(db: Db, actor: SessionUser, instance: FleetInstance, id: number, input: z.output<typeof SaveReviewInput>) {
  await db.transaction(async (tx) => {
    const review = await draftFor(tx, actor, instance, id);
    const { sections } = review;
    if (input.answers.length !== sections.length || input.answers.some((answers, i) => answers.length !== sections[i].questions.length))
      throw badRequest(REVIEW_SHAPE_MESSAGE, undefined, 'answers');
    const answered = sections.map((s, i) => ({ title: s.title, questions: s.questions.map((q, j) => ({ text: q.text, answer: input.answers[i][j] })) }));
    await tx.update(masterReviews).set({ sections: answered, updatedAt: sql`now()` }).where(eq(masterReviews.id, id));
    await tx.delete(masterReviewFindings).where(eq(masterReviewFindings.reviewId, id));
    if (input.findings.length) await tx.insert(masterReviewFindings).values(input.findings.map((text, i) => ({ reviewId: id, position: i + 1, text })));
  });
  return (await reviewsOf(db, { id }, { actor, instance }))[0];
}

/**
 * POST /api/reviews/{id}/sign: the master signs with their password (as an approval is signed;
 * passkeys are not kept on board). The digest of its questions, answers and findings is kept;
 * from then on it cannot change, and the ship's planner sends it ashore. Audited.
 */
export async function signReview(db: Db, request: FastifyRequest, instance: FleetInstance, id: number, input: z.output<typeof SignReviewInput>) {
  const actor = request.actor;
  // Checked before the proof is: a refused review spends no signature attempt.
  await db.transaction(async (tx) => draftFor(tx, actor, instance, id));
  await provePassword(db, request, input.password);
  await db.transaction(async (tx) => {
    const review = await draftFor(tx, actor, instance, id);
    const findings = await tx
      .select({ text: masterReviewFindings.text })
      .from(masterReviewFindings)
      .where(eq(masterReviewFindings.reviewId, id))
      .orderBy(asc(masterReviewFindings.position));
    const digest = reviewDigest(
      review.sections,
      findings.map((f) => f.text),
    );
    const [signed] = await tx
      .update(masterReviews)
      .set({ status: 'signed', signedBy: actor.id, signedAt: sql`now()`, signatureMethod: 'password', contentSha256: digest, updatedAt: sql`now()` })
      .where(eq(masterReviews.id, id))
      .returning({ signedAt: masterReviews.signedAt });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'master_review_signed',
      entityType: 'master_review',
      entityId: id,
      metadata: { vessel: review.vesselCode, findings: findings.length, signatureMethod: 'password', sha256: digest, signedAt: signed.signedAt?.toISOString() },
    });
  });
  return (await reviewsOf(db, { id }, { actor, instance }))[0];
}

/**
 * PUT /api/reviews/{id}/findings/{findingId}: the office answers one finding of a signed review
 * (accepted with an action and a due day, or noted). It can be answered again; the latest answer
 * travels to the vessel. Audited.
 */
export async function answerFinding(
  db: Db,
  actor: SessionUser,
  instance: FleetInstance,
  id: number,
  findingId: number,
  input: z.output<typeof AnswerFindingInput>,
) {
  await db.transaction(async (tx) => {
    const [review] = await tx.select().from(masterReviews).where(eq(masterReviews.id, id)).for('update');
    if (!review || !(await mayRead(tx, actor, instance, review.vesselCode))) throw notFound(REVIEW_NOT_FOUND_MESSAGE);
    if (review.status !== 'signed') throw conflict(REVIEW_NOT_SIGNED_MESSAGE);
    const accepted = input.answer === 'accepted';
    const [finding] = await tx
      .update(masterReviewFindings)
      .set({
        answer: input.answer,
        action: accepted ? input.action : null,
        dueOn: accepted ? input.dueOn : null,
        note: accepted ? null : (input.note ?? null),
        answeredBy: actor.id,
        answeredAt: sql`now()`,
      })
      .where(and(eq(masterReviewFindings.id, findingId), eq(masterReviewFindings.reviewId, id)))
      .returning({ position: masterReviewFindings.position });
    if (!finding) throw notFound(FINDING_NOT_FOUND_MESSAGE);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'review_finding_answered',
      entityType: 'master_review',
      entityId: id,
      metadata: { vessel: review.vesselCode, finding: finding.position, answer: input.answer, ...(accepted ? { dueOn: input.dueOn } : {}) },
    });
  });
  return (await reviewsOf(db, { id }, { actor, instance }))[0];
}

/** Who reads a vessel's reviews: admins and approvers at the office; on board, of the ship's own vessel only. */
async function mayRead(db: Db, actor: SessionUser, instance: FleetInstance, vessel: string): Promise<boolean> {
  if (!can(actor, 'reviews.read')) return false;
  if (instance.kind === 'ship') return vessel === instance.vessel;
  const [known] = await db.select({ code: vessels.code }).from(vessels).where(eq(vessels.code, vessel));
  return !!known;
}

/** GET /api/fleet/vessels/{code}/reviews: the vessel's reviews, newest first (a draft first of all). */
export async function vesselReviews(db: Db, actor: SessionUser, instance: FleetInstance, vessel: string): Promise<Out[]> {
  if (!(await mayRead(db, actor, instance, vessel))) throw notFound(REVIEW_VESSEL_NOT_FOUND_MESSAGE);
  return reviewsOf(db, { vessel }, { actor, instance });
}

/** GET /api/reviews/{id}. */
export async function getReview(db: Db, actor: SessionUser, instance: FleetInstance, id: number): Promise<Out> {
  const [review] = await reviewsOf(db, { id }, { actor, instance });
  if (!review || !(await mayRead(db, actor, instance, review.vesselCode))) throw notFound(REVIEW_NOT_FOUND_MESSAGE);
  return review;
}

const signer = sql.raw(`coalesce(nullif(trim(coalesce(sg.first_name, '') || ' ' || coalesce(sg.last_name, '')), ''), sg.username)`);

/** Reviews by id or vessel; `viewer` says what the caller may do with each (nothing without one). */
async function reviewsOf(db: Db, where: { id?: number; vessel?: string }, viewer?: { actor: SessionUser; instance: FleetInstance }): Promise<Out[]> {
  const starter = sql.raw(`coalesce(nullif(trim(coalesce(st.first_name, '') || ' ' || coalesce(st.last_name, '')), ''), st.username)`);
  const rows = await db
    .select({
      review: masterReviews,
      vesselName: vessels.name,
      startedBy: sql<string | null>`(select ${starter} from users st where st.id = ${masterReviews.createdBy})`,
      signedBy: sql<string | null>`(select ${signer} from users sg where sg.id = ${masterReviews.signedBy})`,
    })
    .from(masterReviews)
    .innerJoin(vessels, eq(vessels.code, masterReviews.vesselCode))
    .where(where.id !== undefined ? eq(masterReviews.id, where.id) : eq(masterReviews.vesselCode, where.vessel!))
    .orderBy(sql`${masterReviews.signedAt} desc nulls first`, desc(masterReviews.id));
  if (rows.length === 0) return [];
  const findings = await db
    .select({ finding: masterReviewFindings, answeredBy: fullNameOf(users) })
    .from(masterReviewFindings)
    .leftJoin(users, eq(users.id, masterReviewFindings.answeredBy))
    .where(
      inArray(
        masterReviewFindings.reviewId,
        rows.map((r) => r.review.id),
      ),
    )
    .orderBy(asc(masterReviewFindings.position));
  const [me] = viewer ? await db.select({ vesselCodes: users.vesselCodes }).from(users).where(eq(users.id, viewer.actor.id)) : [];
  const onBoardMaster = (vessel: string) =>
    !!viewer &&
    viewer.instance.kind === 'ship' &&
    viewer.instance.vessel === vessel &&
    can(viewer.actor, 'reviews.fill') &&
    !!me &&
    (me.vesselCodes.length === 0 || me.vesselCodes.includes(vessel));
  return rows.map(({ review: r, vesselName, startedBy, signedBy }) => ({
    id: r.id,
    vesselCode: r.vesselCode,
    vesselName,
    status: r.status,
    sections: r.sections,
    findings: findings
      .filter((f) => f.finding.reviewId === r.id)
      .map(({ finding: f, answeredBy }) => ({
        id: f.id,
        position: f.position,
        text: f.text,
        answer: f.answer,
        action: f.action,
        dueOn: f.dueOn,
        note: f.note,
        answeredBy: f.answer ? answeredBy : null,
        answeredAt: f.answeredAt,
      })),
    startedBy,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    signedBy,
    signedAt: r.signedAt,
    signatureMethod: r.signatureMethod,
    contentSha256: r.contentSha256,
    canEdit: r.status === 'draft' && onBoardMaster(r.vesselCode),
    canAnswer: r.status === 'signed' && viewer?.instance.kind === 'office' && can(viewer.actor, 'reviews.answer'),
  }));
}

/**
 * The last review signed for `vesselCode`, with its findings and the office's answers, or null
 * when none is on record (for the inspection pack, and anyone else who needs it).
 */
export async function lastMasterReview(db: Db, vesselCode: string) {
  const [last] = await db
    .select({ id: masterReviews.id })
    .from(masterReviews)
    .where(and(eq(masterReviews.vesselCode, vesselCode), eq(masterReviews.status, 'signed')))
    .orderBy(desc(masterReviews.signedAt), desc(masterReviews.id))
    .limit(1);
  if (!last) return null;
  const [review] = await reviewsOf(db, { id: last.id });
  return review;
}

/** When each vessel's last review was signed (vessels with none are absent). */
export async function lastReviewDates(db: Db): Promise<Map<string, Date>> {
  const rows = await db
    .select({ vessel: masterReviews.vesselCode, at: sql<string>`max(${masterReviews.signedAt})` })
    .from(masterReviews)
    .where(eq(masterReviews.status, 'signed'))
    .groupBy(masterReviews.vesselCode);
  return new Map(rows.map((r) => [r.vessel, new Date(r.at)]));
}

/**
 * A review signed on board, as the office received and checked it (office-receive.service.ts):
 * kept with the ship's id and time, once per vessel and ship id, and audited for its signer.
 */
export async function recordReceivedReview(
  tx: Db,
  vessel: string,
  r: {
    shipRef: number;
    userId: number;
    templateAt: string;
    sections: ReviewSection[];
    findings: { position: number; text: string }[];
    signedAt: Date;
    signatureMethod: 'password' | 'passkey';
    contentSha256: string;
  },
) {
  const [row] = await tx
    .insert(masterReviews)
    .values({
      vesselCode: vessel,
      shipRef: r.shipRef,
      status: 'signed',
      sections: r.sections,
      templateAt: new Date(r.templateAt),
      createdBy: r.userId,
      createdAt: r.signedAt,
      updatedAt: r.signedAt,
      signedBy: r.userId,
      signedAt: r.signedAt,
      signatureMethod: r.signatureMethod,
      contentSha256: r.contentSha256,
    })
    .onConflictDoNothing({ target: [masterReviews.vesselCode, masterReviews.shipRef] })
    .returning({ id: masterReviews.id });
  if (!row) return;
  if (r.findings.length) await tx.insert(masterReviewFindings).values(r.findings.map((f) => ({ reviewId: row.id, position: f.position, text: f.text })));
  await recordAudit(tx, {
    actorId: r.userId,
    action: 'master_review_signed',
    entityType: 'master_review',
    entityId: row.id,
    metadata: { vessel, findings: r.findings.length, signatureMethod: r.signatureMethod, sha256: r.contentSha256, signedAt: r.signedAt.toISOString() },
  });
}
