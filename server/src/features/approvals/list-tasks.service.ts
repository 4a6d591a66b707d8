import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ApprovalTask } from '../../../../common/contracts/sops';
import type { Actor } from '../../../../common/permissions';
import { DECISION } from '../../../../common/sop-lifecycle';
import type { Db } from '../../db/client';
import { approvalTasks, attachments, sopVersions } from '../../db/schema';
import { taskSteps } from './approval-steps.service';
import { onCurrentStep } from './decidable-tasks.service';
import { decidableTaskIds } from './decidable-tasks.service';
import { decideForOf } from './delegation.service';
import { textStatusOf } from '../attachments/attachment-text.service';

const nameColumns = { columns: { firstName: true, lastName: true } } as const;

/**
 * The Approval Center's queue, oldest first: one relational query (drizzle builds the nested
 * version, SOP, department, submitter and attachments as JSON in the same statement).
 */
export async function listDecidableTasks(db: Db, actor: Actor): Promise<z.output<typeof ApprovalTask>[]> {
  const rows = await db.query.approvalTasks.findMany({
    where: sql`${approvalTasks.id} in (${decidableTaskIds(actor)})`,
    orderBy: [asc(approvalTasks.createdAt), asc(approvalTasks.id)],
    with: {
      version: {
        with: {
          attachments: {
            orderBy: [asc(attachments.id)],
            extras: { hasPreview: sql<boolean>`exists (select 1 from attachment_previews p where p.attachment_id = ${attachments.id})`.as('has_preview') },
            with: { text: { columns: { status: true } } },
          },
          submittedByUser: nameColumns,
          approvedByUser: nameColumns,
          sop: {
            columns: { id: true, title: true, status: true },
            with: { department: { columns: { name: true } } },
          },
        },
      },
    },
  });
  const ids = rows.map((task) => task.id);
  const [steps, decideFor, sentBack] = await Promise.all([
    taskSteps(db, ids),
    decideForOf(db, actor, ids, onCurrentStep),
    sentBackVersions(
      db,
      rows.map((task) => task.version.sop.id),
    ),
  ]);
  // The answer's schema leaves out what it does not name (the stored files' hashes).
  return rows.map((task) => ({
    ...task,
    step: steps.get(task.id)!,
    decideFor: decideFor.get(task.id) ?? null,
    sentBack: sentBack.find((back) => back.sopId === task.version.sop.id && back.versionId < task.versionId) ?? null,
    version: { ...task.version, attachments: task.version.attachments.map(({ text, ...a }) => ({ ...a, textStatus: textStatusOf(a, text) })) },
  }));
}

/**
 * Every version of these SOPs a reviewer sent back (changes requested), newest first, in one
 * statement: a task's `sentBack` is the first of its SOP's that is older than its version.
 */
async function sentBackVersions(db: Db, sopIds: number[]) {
  if (sopIds.length === 0) return [];
  return db
    .selectDistinct({ sopId: sopVersions.sopId, versionId: sopVersions.id, versionNumber: sopVersions.versionNumber })
    .from(approvalTasks)
    .innerJoin(sopVersions, eq(sopVersions.id, approvalTasks.versionId))
    .where(and(inArray(sopVersions.sopId, [...new Set(sopIds)]), eq(approvalTasks.status, DECISION.requestChanges)))
    .orderBy(desc(sopVersions.id));
}
