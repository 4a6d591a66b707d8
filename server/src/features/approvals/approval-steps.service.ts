import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PersonRef } from '../../../../common/contracts/absences';
import type { z } from 'zod';
import type { TaskStep as TaskStepSchema } from '../../../../common/contracts/approval-routes';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { Db } from '../../db/client';
import { OPEN_TASK_STATUS } from '../../../../common/sop-lifecycle';
import { approvalCoApprovers, approvalSignatures, approvalTasks, sopVersions, users } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { wakeJobRunners } from '../../jobs/job-queue';
import type { MailLinks } from '../mail/notify.service';
import { recordAudit } from '../audit/audit.service';
import { mailTaskWaiting } from './approval-mail.service';
import { DECIDING_ROLES, stepsOf } from './approval-routes.service';
import { fullNameOf } from '../../db/people';
import { absentPersonToDecideFor } from './delegation.service';

const fullName = fullNameOf(users);
const absent = alias(users, 'absent');

type TaskStep = z.output<typeof TaskStepSchema>;

/** The signatures of decisions `where` selects, oldest first, with the signer's name and the absent person's a delegate decided for. */
export function signatureRows(db: Pick<Db, 'select'>, where: SQL) {
  return db
    .select({
      taskId: approvalSignatures.taskId,
      userId: approvalSignatures.userId,
      name: fullName,
      meaning: approvalSignatures.meaning,
      stepName: approvalSignatures.stepName,
      at: approvalSignatures.signedAt,
      absentId: absent.id,
      absentName: fullNameOf(absent),
      method: approvalSignatures.method,
      sha256: approvalSignatures.contentSha256,
    })
    .from(approvalSignatures)
    .innerJoin(users, eq(users.id, approvalSignatures.userId))
    .leftJoin(absent, eq(absent.id, approvalSignatures.onBehalfOf))
    .where(where)
    .orderBy(asc(approvalSignatures.signedAt), asc(approvalSignatures.id));
}

/** Where each task stands on its route: the current step, its co-approvers and every signature so far. */
export async function taskSteps(db: Db, taskIds: number[]): Promise<Map<number, TaskStep>> {
  const result = new Map<number, TaskStep>();
  if (!taskIds.length) return result;
  const [tasks, signatures, coApprovers] = await Promise.all([
    db
      .select({ id: approvalTasks.id, routeSteps: approvalTasks.routeSteps, stepIndex: approvalTasks.stepIndex })
      .from(approvalTasks)
      .where(inArray(approvalTasks.id, taskIds)),
    signatureRows(db, inArray(approvalSignatures.taskId, taskIds)),
    db
      .select({ taskId: approvalCoApprovers.taskId, stepIndex: approvalCoApprovers.stepIndex, userId: approvalCoApprovers.userId, name: fullName })
      .from(approvalCoApprovers)
      .innerJoin(users, eq(users.id, approvalCoApprovers.userId))
      .where(inArray(approvalCoApprovers.taskId, taskIds))
      .orderBy(asc(approvalCoApprovers.addedAt)),
  ]);
  for (const task of tasks) {
    const steps = stepsOf(task.routeSteps);
    const index = Math.min(task.stepIndex, steps.length - 1);
    const step = steps[index];
    result.set(task.id, {
      index,
      count: steps.length,
      name: step.name,
      required: step.required,
      approverIds: step.approverIds,
      coApprovers: coApprovers.filter((c) => c.taskId === task.id && c.stepIndex === index).map(({ userId, name }) => ({ userId, name })),
      signatures: signatures
        .filter((s) => s.taskId === task.id)
        .map(({ taskId: _taskId, absentId, absentName, ...s }) => ({ ...s, onBehalfOf: absentId === null ? null : { userId: absentId, name: absentName } })),
    });
  }
  return result;
}

/**
 * Within the deciding transaction, after the task row is locked: the actor must not have
 * decided on this version before, in any capacity (nobody decides twice), and must be on the
 * current step, or be the delegate of an absent person who is. Answers that person, or null
 * when the actor decides for themselves.
 */
export async function refuseStepDecision(
  tx: Db,
  actor: SessionUser,
  task: { id: number; versionId: number; stepIndex: number; approverIds: number[] | null; submittedBy: number | null },
): Promise<PersonRef | null> {
  const [signed] = await tx
    .select({ meaning: approvalSignatures.meaning })
    .from(approvalSignatures)
    .where(and(eq(approvalSignatures.versionId, task.versionId), or(eq(approvalSignatures.userId, actor.id), eq(approvalSignatures.onBehalfOf, actor.id))));
  if (signed) throw conflict('You have already decided on this version; each person decides once', 'already_signed');
  // Only the route names who decides a step; adding a co-approver never puts anyone on it.
  const named = task.approverIds === null || task.approverIds.includes(actor.id);
  return named ? null : absentPersonToDecideFor(tx, actor, task);
}

/**
 * 'Add Co-Approver': an approver or admin adds another signer to the current step of a pending
 * task: one of the people the step names (any approver or admin when it names none), not the
 * submitter, not someone who already decided. It only ever raises what the step requires: the
 * step is then done once they have approved too. Nobody adds themselves, and the submitter
 * never adds anyone (an approver could otherwise pick who approves their own SOP). The added
 * person is mailed. Answers the task's step.
 */
export async function addCoApprover(
  db: Db,
  actor: SessionUser,
  taskId: number,
  userId: number,
  links: MailLinks = null,
): Promise<z.output<typeof TaskStepSchema>> {
  await db.transaction(async (tx) => {
    const [task] = await tx
      .select({
        status: approvalTasks.status,
        stepIndex: approvalTasks.stepIndex,
        routeSteps: approvalTasks.routeSteps,
        versionId: approvalTasks.versionId,
        submittedBy: sopVersions.submittedBy,
        sopId: sopVersions.sopId,
      })
      .from(approvalTasks)
      .innerJoin(sopVersions, eq(sopVersions.id, approvalTasks.versionId))
      .where(eq(approvalTasks.id, taskId))
      .for('update', { of: approvalTasks });
    if (!task) throw notFound('This approval task does not exist');
    if (actor.id === task.submittedBy) throw forbidden('You submitted this version, so you cannot add co-approvers to its review', 'own_submission');
    if (userId === actor.id) throw forbidden('You cannot add yourself as a co-approver; the route decides who may approve');
    if (task.status !== OPEN_TASK_STATUS) throw conflict('This approval task was already decided', 'already_decided');
    const [person] = await tx
      .select({ id: users.id, name: fullName })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.active, true), inArray(users.role, DECIDING_ROLES)));
    if (!person) throw badRequest('A co-approver must be an active approver or administrator');
    if (userId === task.submittedBy) throw badRequest('The submitter cannot approve their own submission');
    const step = stepsOf(task.routeSteps)[task.stepIndex];
    if (step.approverIds !== null && !step.approverIds.includes(userId)) {
      throw badRequest(`${person.name} is not an approver of the step "${step.name}"; a co-approver must be one of the people this step of the route names`);
    }
    const [signed] = await tx
      .select({ id: approvalSignatures.id })
      .from(approvalSignatures)
      .where(and(eq(approvalSignatures.versionId, task.versionId), or(eq(approvalSignatures.userId, userId), eq(approvalSignatures.onBehalfOf, userId))));
    if (signed) throw conflict(`${person.name} has already decided on this version`, 'already_signed');
    const added = await tx
      .insert(approvalCoApprovers)
      .values({ taskId, stepIndex: task.stepIndex, userId, addedBy: actor.id })
      .onConflictDoNothing()
      .returning();
    if (added.length) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'co_approver_added',
        entityType: 'sop',
        entityId: task.sopId,
        metadata: { taskId, coApproverId: userId, coApprover: person.name, stepIndex: task.stepIndex },
      });
      // Their approval is now required, not merely possible: they are told.
      await mailTaskWaiting(tx, links, taskId, [userId]);
    }
  });
  wakeJobRunners();
  return (await taskSteps(db, [taskId])).get(taskId)!;
}

/** The active approvers and admins, by name: who may be named on a step or added as a co-approver. */
export async function listApprovers(db: Db) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(and(eq(users.active, true), inArray(users.role, DECIDING_ROLES)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}
