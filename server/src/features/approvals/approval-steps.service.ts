import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TaskStep as TaskStepSchema } from '../../../../common/contracts/approval-routes';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { Actor } from '../../../../common/permissions';
import type { Db } from '../../db/client';
import { OPEN_TASK_STATUS } from '../../../../common/sop-lifecycle';
import { approvalCoApprovers, approvalSignatures, approvalTasks, sopVersions, users } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { DECIDING_ROLES, stepsOf } from './approval-routes.service';

const fullName = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.username})`;

type TaskStep = z.output<typeof TaskStepSchema>;

/** Where each task stands on its route: the current step, its co-approvers and every signature so far. */
export async function taskSteps(db: Db, taskIds: number[]): Promise<Map<number, TaskStep>> {
  const result = new Map<number, TaskStep>();
  if (!taskIds.length) return result;
  const [tasks, signatures, coApprovers] = await Promise.all([
    db
      .select({ id: approvalTasks.id, routeSteps: approvalTasks.routeSteps, stepIndex: approvalTasks.stepIndex })
      .from(approvalTasks)
      .where(inArray(approvalTasks.id, taskIds)),
    db
      .select({
        taskId: approvalSignatures.taskId,
        userId: approvalSignatures.userId,
        name: fullName,
        meaning: approvalSignatures.meaning,
        stepName: approvalSignatures.stepName,
        at: approvalSignatures.signedAt,
        method: approvalSignatures.method,
        sha256: approvalSignatures.contentSha256,
      })
      .from(approvalSignatures)
      .innerJoin(users, eq(users.id, approvalSignatures.userId))
      .where(inArray(approvalSignatures.taskId, taskIds))
      .orderBy(asc(approvalSignatures.signedAt), asc(approvalSignatures.id)),
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
      signatures: signatures.filter((s) => s.taskId === task.id).map(({ taskId: _taskId, ...s }) => s),
    });
  }
  return result;
}

/**
 * SQL: the pending task `t` (version `v`) is at a step the actor may decide (named on it, any
 * approver, or added as a co-approver) and the actor has not yet decided on that version.
 */
export function onCurrentStep(actor: Actor) {
  const step = sql`t.route_steps -> t.step_index`;
  return sql`not exists (select 1 from approval_signatures g where g.version_id = t.version_id and g.user_id = ${actor.id})
    and (t.route_steps is null
      or jsonb_typeof(${step} -> 'approverIds') = 'null'
      or (${step} -> 'approverIds') @> to_jsonb(${actor.id}::int)
      or exists (select 1 from approval_co_approvers c where c.task_id = t.id and c.step_index = t.step_index and c.user_id = ${actor.id}))`;
}

/**
 * Within the deciding transaction, after the task row is locked: the actor must be on the
 * current step and must not have decided on this version before (nobody decides twice).
 */
export async function refuseStepDecision(
  tx: Db,
  actor: SessionUser,
  task: { id: number; versionId: number; stepIndex: number; approverIds: number[] | null },
  coApproverIds: number[],
) {
  const [signed] = await tx
    .select({ meaning: approvalSignatures.meaning })
    .from(approvalSignatures)
    .where(and(eq(approvalSignatures.versionId, task.versionId), eq(approvalSignatures.userId, actor.id)));
  if (signed) throw conflict('You have already decided on this version; each person decides once', 'already_signed');
  const named = task.approverIds === null || task.approverIds.includes(actor.id) || coApproverIds.includes(actor.id);
  if (!named) throw forbidden('This step of the approval is for other approvers', 'not_on_step');
}

/**
 * 'Add Co-Approver': an approver or admin adds an active approver or admin (not the
 * submitter, not someone who already decided) to the current step of a pending task. The step
 * is then done only once they have approved too. Answers the task's step.
 */
export async function addCoApprover(db: Db, actor: SessionUser, taskId: number, userId: number): Promise<z.output<typeof TaskStepSchema>> {
  await db.transaction(async (tx) => {
    const [task] = await tx
      .select({
        status: approvalTasks.status,
        stepIndex: approvalTasks.stepIndex,
        versionId: approvalTasks.versionId,
        submittedBy: sopVersions.submittedBy,
        sopId: sopVersions.sopId,
      })
      .from(approvalTasks)
      .innerJoin(sopVersions, eq(sopVersions.id, approvalTasks.versionId))
      .where(eq(approvalTasks.id, taskId))
      .for('update', { of: approvalTasks });
    if (!task) throw notFound('This approval task does not exist');
    if (task.status !== OPEN_TASK_STATUS) throw conflict('This approval task was already decided', 'already_decided');
    const [person] = await tx
      .select({ id: users.id, name: fullName })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.active, true), inArray(users.role, DECIDING_ROLES)));
    if (!person) throw badRequest('A co-approver must be an active approver or administrator');
    if (userId === task.submittedBy) throw badRequest('The submitter cannot approve their own submission');
    const [signed] = await tx
      .select({ id: approvalSignatures.id })
      .from(approvalSignatures)
      .where(and(eq(approvalSignatures.versionId, task.versionId), eq(approvalSignatures.userId, userId)));
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
    }
  });
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
