import { and, desc, eq } from 'drizzle-orm';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { z } from 'zod';
import type { ConfirmedReview } from '../../../../common/contracts/review-loop';
import { refuseReviewConfirm } from '../../../../common/sop-lifecycle';
import type { Db } from '../../db/client';
import { sopReviews, sopVersions } from '../../db/schema';
import { refuse } from '../../http/access';
import { recordAudit } from '../audit/audit.service';
import { findSopForAccess } from './sop-detail.service';
import { reviewScheduleOf } from './sop-review-schedule.service';

/** The version in force: the newest approved one, or undefined. */
async function versionInForce(db: Db, sopId: number) {
  const [row] = await db
    .select({ id: sopVersions.id, versionNumber: sopVersions.versionNumber })
    .from(sopVersions)
    .where(and(eq(sopVersions.sopId, sopId), eq(sopVersions.isPublished, true)))
    .orderBy(desc(sopVersions.id))
    .limit(1);
  return row;
}

/**
 * POST /api/sops/{id}/reviews: an approver or admin confirms the version in force is still
 * valid. The review restarts the clock (it is the newest review) and joins the audit trail
 * as `sop_review_confirmed` with its comments, which the SOP's history shows.
 */
export async function confirmReview(db: Db, actor: SessionUser, sopId: number, input: { comments: string | null }): Promise<z.output<typeof ConfirmedReview>> {
  const sop = await findSopForAccess(db, sopId);
  const inForce = await versionInForce(db, sopId);
  refuse(refuseReviewConfirm(actor, { effectiveVersionId: inForce?.id ?? null }));

  const review = await db.transaction(async (tx) => {
    const [row] = await tx.insert(sopReviews).values({ sopId, versionId: inForce!.id, reviewedBy: actor.id, comments: input.comments }).returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'sop_review_confirmed',
      entityType: 'sop',
      entityId: sopId,
      metadata: { title: sop.title, versionId: inForce!.id, versionNumber: inForce!.versionNumber, ...(input.comments ? { comments: input.comments } : {}) },
    });
    return row;
  });

  return {
    id: review.id,
    sopId,
    versionId: review.versionId,
    versionNumber: inForce!.versionNumber,
    reviewedAt: review.reviewedAt,
    reviewedBy: { firstName: actor.firstName ?? null, lastName: actor.lastName ?? null },
    comments: review.comments,
    ...(await reviewScheduleOf(db, sopId)),
  };
}
