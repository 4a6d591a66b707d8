import { and, eq, inArray } from 'drizzle-orm';
import type { PublicUser } from '../../../../common/contracts/auth';
import type { Db } from '../../db/client';
import { approvalTasks, sops, sopVersions } from '../../db/schema';
import { assertCan } from '../../http/access';
import { conflict } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { findSopForAccess } from './sop-detail.service';

const SUBMITTABLE = ['draft', 'changes_requested'] as const;

const STATUS_WORDS: Record<string, string> = {
  submitted: 'submitted',
  in_review: 'in review',
  approved: 'approved',
  published: 'published',
  archived: 'archived',
};

/**
 * Sends the latest version for approval: the SOP becomes `submitted`, the version gets
 * its submitter stamps and one pending approval task is opened for it.
 */
export async function submitSop(db: Db, actor: PublicUser, id: number): Promise<{ sopId: number; versionId: number; taskId: number }> {
  const sop = await findSopForAccess(db, id);
  assertCan(actor, 'sop.submit', { ownerId: sop.ownerId }, 'Only the owner, an approver or an admin can submit this SOP');
  const refusal = () =>
    conflict(`Only a draft or an SOP with changes requested can be submitted; this SOP is ${STATUS_WORDS[sop.status] ?? sop.status}`);
  if (!(SUBMITTABLE as readonly string[]).includes(sop.status)) throw refusal();
  if (!sop.latestVersionId) throw conflict('This SOP has no version to submit');
  const versionId = sop.latestVersionId;

  return db.transaction(async (tx) => {
    const now = new Date();
    // Conditional on the status, so two submits racing each other open only one task.
    const moved = await tx
      .update(sops)
      .set({ status: 'submitted', updatedAt: now })
      .where(and(eq(sops.id, id), inArray(sops.status, [...SUBMITTABLE])))
      .returning({ id: sops.id });
    if (moved.length === 0) throw refusal();
    await tx.update(sopVersions).set({ submittedBy: actor.id, submittedAt: now }).where(eq(sopVersions.id, versionId));
    const [task] = await tx.insert(approvalTasks).values({ versionId, status: 'pending' }).returning({ id: approvalTasks.id });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'sop_submitted',
      entityType: 'sop',
      entityId: id,
      metadata: { title: sop.title, versionId, taskId: task.id },
    });
    return { sopId: id, versionId, taskId: task.id };
  });
}
