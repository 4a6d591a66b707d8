import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DecidedTask } from '../../../../common/contracts/approvals';
import type { SessionUser } from '../../../../common/contracts/auth';
import { keepsAttestations, type RevisionClass } from '../../../../common/revision-classes';
import { type Decision, DECISION_OUTCOME, OPEN_TASK_STATUS, refuseDecision } from '../../../../common/sop-lifecycle';
import type { Db } from '../../db/client';
import { approvalTasks, sopVersions, sops } from '../../db/schema';
import { refuse } from '../../http/access';
import { conflict, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { keepDecisionComment } from './review-comments.service';

export interface DecisionInput {
  status: Decision;
  comments: string | null;
  revisionClass?: RevisionClass;
}

/**
 * An editorial version keeps the attestations of the version it replaces (the newest other
 * published version of the SOP): each reader's is copied, naming the version it was made for.
 * Answers how many were carried.
 */
async function carryAttestations(tx: Db, sopId: number, versionId: number): Promise<number> {
  const result = (await tx.execute(sql`
    insert into attestations (user_id, version_id, attested_at, vessel_code, files, unopened_files, reading_seconds, carried_from_version_id)
    select a.user_id, ${versionId}, a.attested_at, a.vessel_code, a.files, a.unopened_files, a.reading_seconds, a.version_id
    from attestations a
    where a.version_id = (select v.id from sop_versions v where v.sop_id = ${sopId} and v.is_published and v.id <> ${versionId} order by v.id desc limit 1)
    on conflict (user_id, version_id) do nothing
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
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
export async function decideTask(db: Db, actor: SessionUser, taskId: number, input: DecisionInput): Promise<z.output<typeof DecidedTask>> {
  const task = await findTask(db, taskId);
  if (!task) throw notFound('This approval task does not exist');
  refuse(refuseDecision(actor, task));
  const outcome = DECISION_OUTCOME[input.status];
  const now = new Date();

  return db.transaction(async (tx) => {
    // The status guard in the WHERE makes a concurrent second decision update nothing.
    const [decided] = await tx
      .update(approvalTasks)
      .set({ status: input.status, comments: input.comments, approverId: actor.id, updatedAt: now })
      .where(and(eq(approvalTasks.id, taskId), eq(approvalTasks.status, OPEN_TASK_STATUS)))
      .returning();
    if (!decided) throw conflict('This approval task was already decided', 'already_decided');
    let revision: { revisionClass: RevisionClass; carriedAttestations?: number } | undefined;
    if (outcome.publishesVersion) {
      const [published] = await tx
        .update(sopVersions)
        .set({ approvedBy: actor.id, approvedAt: now, ...(input.revisionClass ? { revisionClass: input.revisionClass } : {}) })
        .where(eq(sopVersions.id, task.versionId))
        .returning({ revisionClass: sopVersions.revisionClass });
      revision = { revisionClass: published.revisionClass };
      if (keepsAttestations(published.revisionClass)) revision.carriedAttestations = await carryAttestations(tx, task.sopId, task.versionId);
    }
    await tx.update(sops).set({ status: outcome.sopStatus, updatedAt: now }).where(eq(sops.id, task.sopId));
    if (input.comments) await keepDecisionComment(tx, actor, task.versionId, input.status, input.comments);
    await recordAudit(tx, {
      actorId: actor.id,
      action: `sop_${input.status}`,
      entityType: 'sop',
      entityId: task.sopId,
      metadata: {
        title: task.sopTitle,
        versionNumber: task.versionNumber,
        taskId,
        ...revision,
        ...(input.comments ? { comments: input.comments } : {}),
      },
    });
    return {
      ...decided,
      sopId: task.sopId,
      sopStatus: outcome.sopStatus,
    };
  });
}
