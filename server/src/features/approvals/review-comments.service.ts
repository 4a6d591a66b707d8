import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ReviewComment } from '../../../../common/contracts/approvals';
import type { SessionUser } from '../../../../common/contracts/auth';
import { type Decision, mayUseReviewThread } from '../../../../common/sop-lifecycle';
import type { Db } from '../../db/client';
import { reviewComments, sops, sopVersions, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';

type Comment = z.output<typeof ReviewComment>;

/** The version and its SOP, or 404 for anyone the thread is not for (they are not told it exists). */
async function threadVersion(db: Db, actor: SessionUser, versionId: number) {
  const [row] = await db
    .select({ versionId: sopVersions.id, versionNumber: sopVersions.versionNumber, sopId: sops.id, title: sops.title, ownerId: sops.ownerId })
    .from(sopVersions)
    .innerJoin(sops, eq(sops.id, sopVersions.sopId))
    .where(eq(sopVersions.id, versionId));
  if (!row || !mayUseReviewThread(actor, row)) throw notFound('Version not found');
  return row;
}

const threadColumns = {
  id: reviewComments.id,
  versionId: reviewComments.versionId,
  body: reviewComments.body,
  decision: reviewComments.decision,
  createdAt: reviewComments.createdAt,
  authorId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
};

type ThreadRow = { id: number; versionId: number; body: string; decision: Comment['decision']; createdAt: Date; authorId: number | null } & {
  firstName: string | null;
  lastName: string | null;
};

const toComment = (row: ThreadRow, versionNumber: string): Comment => ({
  id: row.id,
  versionId: row.versionId,
  versionNumber,
  body: row.body,
  decision: row.decision,
  createdAt: row.createdAt,
  author: row.authorId === null ? null : { id: row.authorId, firstName: row.firstName, lastName: row.lastName },
});

/** GET /api/sop-versions/{id}/comments: the thread, oldest first. */
export async function listReviewComments(db: Db, actor: SessionUser, versionId: number): Promise<Comment[]> {
  const version = await threadVersion(db, actor, versionId);
  const rows = await db
    .select(threadColumns)
    .from(reviewComments)
    .leftJoin(users, eq(users.id, reviewComments.authorId))
    .where(eq(reviewComments.versionId, versionId))
    .orderBy(asc(reviewComments.createdAt), asc(reviewComments.id));
  return rows.map((row) => toComment(row, version.versionNumber));
}

/** POST /api/sop-versions/{id}/comments: the comment joins the thread and the audit trail in one transaction. */
export async function postReviewComment(db: Db, actor: SessionUser, versionId: number, body: string): Promise<Comment> {
  const version = await threadVersion(db, actor, versionId);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(reviewComments).values({ versionId, authorId: actor.id, body }).returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'sop_review_comment_added',
      entityType: 'sop',
      entityId: version.sopId,
      metadata: { title: version.title, versionNumber: version.versionNumber, versionId, commentId: row.id, comments: body },
    });
    return toComment({ ...row, firstName: actor.firstName, lastName: actor.lastName }, version.versionNumber);
  });
}

/**
 * The comment a decision came with joins the version's thread, so the author reads every
 * reviewer's words in one place. The decision's own audit event already carries the words.
 */
export async function keepDecisionComment(tx: Db, actor: SessionUser, versionId: number, decision: Decision, body: string): Promise<void> {
  await tx.insert(reviewComments).values({ versionId, authorId: actor.id, body, decision });
}
