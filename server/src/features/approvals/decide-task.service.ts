import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SignatureMeaning } from '../../../../common/signature-meanings';
import type { DecidedTask } from '../../../../common/contracts/approvals';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { SignatureMethod } from '../../../../common/contracts/signatures';
import { keepsAttestations, type RevisionClass } from '../../../../common/revision-classes';
import { type Decision, DECISION_OUTCOME, OPEN_TASK_STATUS, refuseDecision } from '../../../../common/sop-lifecycle';
import type { Db } from '../../db/client';
import { approvalCoApprovers, approvalSignatures, approvalTasks, sopVersions, sops } from '../../db/schema';
import { refuse } from '../../http/access';
import { conflict, notFound } from '../../http/errors';
import { wakeJobRunners } from '../../jobs/job-queue';
import { suggestionsDoneWith } from '../suggestions/suggestion-versions.service';
import type { MailLinks } from '../mail/notify.service';
import { recordAudit } from '../audit/audit.service';
import { mailNewReading } from '../reading/reading-mail.service';
import { mailChangesRequested, mailTaskWaiting } from './approval-mail.service';
import { stepsOf } from './approval-routes.service';
import { refuseStepDecision, taskSteps } from './approval-steps.service';
import { keepDecisionComment } from './review-comments.service';
import { versionDigest } from '../signatures/version-digest.service';
import { findVersionWithSop } from '../sops/sop-version-lookup.service';

export interface DecisionInput {
  status: Decision;
  comments: string | null;
  revisionClass?: RevisionClass;
  /** How the signer proved themselves (null: no proof given, none required). */
  signatureMethod?: SignatureMethod | null;
}

/**
 * An editorial version keeps the attestations of the version it replaces (the newest other
 * published version of the SOP): each reader's is copied, naming the version it was made for.
 * Answers how many were carried.
 */
async function carryAttestations(tx: Db, sopId: number, versionId: number): Promise<number> {
  const result = (await tx.execute(sql`
    insert into attestations (user_id, version_id, attested_at, vessel_code, files, unopened_files, reading_seconds, carried_from_version_id, signature_method, content_sha256, language)
    select a.user_id, ${versionId}, a.attested_at, a.vessel_code, a.files, a.unopened_files, a.reading_seconds, a.version_id, a.signature_method, a.content_sha256, a.language
    from attestations a
    where a.version_id = (select v.id from sop_versions v where v.sop_id = ${sopId} and v.is_published and v.id <> ${versionId} order by v.id desc limit 1)
    on conflict (user_id, version_id) do nothing
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

async function findTask(db: Db, taskId: number) {
  const [task] = await db
    .select({ id: approvalTasks.id, status: approvalTasks.status, versionId: approvalTasks.versionId })
    .from(approvalTasks)
    .where(eq(approvalTasks.id, taskId));
  const version = task && (await findVersionWithSop(db, task.versionId));
  return version && { ...version, ...task };
}

/**
 * Decide a pending task, at the step of its route it has reached. Each decision is signed
 * (approval_signatures). An approval counts towards the step; the step is done when it has
 * `required` approvals and every co-approver's; then the next step opens, and after the last
 * one the version is released: published, and the SOP 'published', in the same transaction,
 * so a refused or failed decision changes nothing. A request for changes (or a rejection)
 * at any step ends the route as a single decision does. The mail each outcome sends (the
 * next step's approvers, the author, the new readers) is queued in the same transaction.
 */
export async function decideTask(
  db: Db,
  actor: SessionUser,
  taskId: number,
  input: DecisionInput,
  links: MailLinks = null,
): Promise<z.output<typeof DecidedTask>> {
  const task = await findTask(db, taskId);
  if (!task) throw notFound('This approval task does not exist');
  refuse(refuseDecision(actor, task));
  const now = new Date();

  const decided = await db.transaction(async (tx) => {
    // Decisions on one task queue here, so each sees the signatures of those before it.
    const [locked] = await tx
      .select({ status: approvalTasks.status, routeSteps: approvalTasks.routeSteps, stepIndex: approvalTasks.stepIndex })
      .from(approvalTasks)
      .where(eq(approvalTasks.id, taskId))
      .for('update');
    if (locked?.status !== OPEN_TASK_STATUS) throw conflict('This approval task was already decided', 'already_decided');
    const steps = stepsOf(locked.routeSteps);
    const step = steps[locked.stepIndex];
    const lastStep = locked.stepIndex === steps.length - 1;
    const coApprovers = (
      await tx
        .select({ userId: approvalCoApprovers.userId })
        .from(approvalCoApprovers)
        .where(and(eq(approvalCoApprovers.taskId, taskId), eq(approvalCoApprovers.stepIndex, locked.stepIndex)))
    ).map((c) => c.userId);
    // A delegate's decision counts for the absent person it is made for.
    const onBehalfOf = await refuseStepDecision(tx, actor, {
      id: taskId,
      versionId: task.versionId,
      stepIndex: locked.stepIndex,
      approverIds: step.approverIds,
      submittedBy: task.submittedBy,
    });

    const meaning: SignatureMeaning = input.status === 'approved' ? (lastStep ? 'approved' : 'reviewed') : input.status;
    await tx.insert(approvalSignatures).values({
      taskId,
      versionId: task.versionId,
      stepIndex: locked.stepIndex,
      stepName: step.name,
      userId: actor.id,
      onBehalfOf: onBehalfOf?.userId,
      meaning,
      signedAt: now,
      method: input.signatureMethod ?? null,
      contentSha256: await versionDigest(tx, task.versionId),
    });
    // What the trail records of this decision, whichever event it is.
    const decisionFacts = {
      title: task.sopTitle,
      versionNumber: task.versionNumber,
      taskId,
      ...(steps.length > 1 ? { step: step.name, stepIndex: locked.stepIndex } : {}),
      ...(input.comments ? { comments: input.comments } : {}),
      ...(onBehalfOf ? { onBehalfOfId: onBehalfOf.userId, onBehalfOf: onBehalfOf.name } : {}),
    };

    if (input.status === 'approved') {
      const signers = (
        await tx
          .select({ userId: sql<number>`coalesce(${approvalSignatures.onBehalfOf}, ${approvalSignatures.userId})` })
          .from(approvalSignatures)
          .where(and(eq(approvalSignatures.taskId, taskId), eq(approvalSignatures.stepIndex, locked.stepIndex)))
      ).map((s) => s.userId);
      // Co-approvers only add signers the step names (one added off the route before that rule waits for nobody).
      const onRoute = coApprovers.filter((id) => step.approverIds === null || step.approverIds.includes(id));
      const stepDone = signers.length >= step.required && onRoute.every((id) => signers.includes(id));
      if (!stepDone || !lastStep) {
        const [pending] = await tx
          .update(approvalTasks)
          .set({ stepIndex: stepDone ? locked.stepIndex + 1 : locked.stepIndex, updatedAt: now })
          .where(eq(approvalTasks.id, taskId))
          .returning();
        if (input.comments) await keepDecisionComment(tx, actor, task.versionId, input.status, input.comments);
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'sop_step_approved',
          entityType: 'sop',
          entityId: task.sopId,
          metadata: { ...decisionFacts, stepDone },
        });
        if (stepDone) await mailTaskWaiting(tx, links, taskId);
        return { ...pending, sopId: task.sopId, sopStatus: task.sopStatus, sopKind: task.sopKind };
      }
    }

    const outcome = DECISION_OUTCOME[input.status];
    const [final] = await tx
      .update(approvalTasks)
      .set({ status: input.status, comments: input.comments, approverId: actor.id, updatedAt: now })
      .where(eq(approvalTasks.id, taskId))
      .returning();
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
      metadata: { ...decisionFacts, ...revision },
    });
    // The suggestions this version takes up are done now it is in force (decision 079).
    if (outcome.publishesVersion) await suggestionsDoneWith(tx, links, task.versionId);
    if (outcome.publishesVersion)
      await mailNewReading(tx, links, { id: task.sopId, title: task.sopTitle }, { id: task.versionId, versionNumber: task.versionNumber });
    if (input.status === 'changes_requested') {
      await mailChangesRequested(tx, links, actor, { id: task.sopId, title: task.sopTitle, versionNumber: task.versionNumber }, input.comments);
    }
    return { ...final, sopId: task.sopId, sopStatus: outcome.sopStatus, sopKind: task.sopKind };
  });
  wakeJobRunners();
  const step = (await taskSteps(db, [taskId])).get(taskId)!;
  return { ...decided, step };
}

/** The version a task decides (0 for an unknown task: no challenge is ever bound to it, and the decision answers 404). */
export async function taskVersionId(db: Db, taskId: number): Promise<number> {
  const [row] = await db.select({ versionId: approvalTasks.versionId }).from(approvalTasks).where(eq(approvalTasks.id, taskId));
  return row?.versionId ?? 0;
}
