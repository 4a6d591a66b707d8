import { and, eq } from 'drizzle-orm';
import type { DecidedTask, Decision } from '../../../../common/contracts/approvals';
import type { PublicUser } from '../../../../common/contracts/auth';
import type { SopStatus } from '../../../../common/statuses';
import type { Db } from '../../db/client';
import { approvalTasks, sopVersions, sops } from '../../db/schema';
import { assertCan } from '../../http/access';
import { conflict, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { AWAITING_DECISION } from './decidable-tasks';

/** What each decision does to the SOP, and the audit action that records it. */
const OUTCOME: Record<Decision, { sopStatus: SopStatus; action: string }> = {
  approved: { sopStatus: 'published', action: 'sop_approved' },
  changes_requested: { sopStatus: 'changes_requested', action: 'sop_changes_requested' },
  rejected: { sopStatus: 'draft', action: 'sop_rejected' },
};

export interface DecisionInput {
  status: Decision;
  comments: string | null;
}

async function findTask(db: Db, taskId: number) {
  const [row] = await db
    .select({
      id: approvalTasks.id,
      status: approvalTasks.status,
      versionId: approvalTasks.versionId,
      submittedBy: sopVersions.submittedBy,
      versionNumber: sopVersions.versionNumber,
      sopId: sops.id,
      sopTitle: sops.title,
      sopStatus: sops.status,
    })
    .from(approvalTasks)
    .innerJoin(sopVersions, eq(sopVersions.id, approvalTasks.versionId))
    .innerJoin(sops, eq(sops.id, sopVersions.sopId))
    .where(eq(approvalTasks.id, taskId));
  return row;
}

/**
 * Decide a pending task. Approval is the release: the version is published and the SOP
 * becomes 'published' in the same transaction as the task, so a refused or failed decision
 * changes nothing.
 */
export async function decideTask(db: Db, actor: PublicUser, taskId: number, input: DecisionInput): Promise<DecidedTask> {
  const task = await findTask(db, taskId);
  if (!task) throw notFound('This approval task does not exist');
  assertCan(actor, 'approval.decide', { submittedBy: task.submittedBy }, 'You cannot decide on a version you submitted yourself; another approver or an admin must review it');
  if (task.status !== 'pending') throw conflict(`This approval task was already decided (${task.status.replaceAll('_', ' ')})`);
  if (!(AWAITING_DECISION as readonly string[]).includes(task.sopStatus)) {
    throw conflict(`This SOP is no longer awaiting approval; it is ${task.sopStatus.replaceAll('_', ' ')}`);
  }
  const outcome = OUTCOME[input.status];
  const now = new Date();

  return db.transaction(async (tx) => {
    // The status guard in the WHERE makes a concurrent second decision update nothing.
    const [decided] = await tx
      .update(approvalTasks)
      .set({ status: input.status, comments: input.comments, approverId: actor.id, updatedAt: now })
      .where(and(eq(approvalTasks.id, taskId), eq(approvalTasks.status, 'pending')))
      .returning();
    if (!decided) throw conflict('This approval task was already decided');
    if (input.status === 'approved') {
      await tx.update(sopVersions).set({ approvedBy: actor.id, approvedAt: now, isPublished: true }).where(eq(sopVersions.id, task.versionId));
    }
    await tx.update(sops).set({ status: outcome.sopStatus, updatedAt: now }).where(eq(sops.id, task.sopId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: outcome.action,
      entityType: 'sop',
      entityId: task.sopId,
      metadata: { title: task.sopTitle, versionNumber: task.versionNumber, taskId, ...(input.comments ? { comments: input.comments } : {}) },
    });
    return {
      ...decided,
      dueAt: decided.dueAt?.toISOString() ?? null,
      createdAt: decided.createdAt.toISOString(),
      updatedAt: decided.updatedAt.toISOString(),
      sopId: task.sopId,
      sopStatus: outcome.sopStatus,
    };
  });
}
