import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../../common/contracts/auth';
import { fullName } from '../../../../common/names';
import type { Db } from '../../db/client';
import { approvalTasks, sops, sopVersions, users } from '../../db/schema';
import { type MailLinks, notify } from '../mail/notify.service';
import { DECIDING_ROLES, stepsOf } from './approval-routes.service';
import { decidableTaskIds } from './decidable-tasks.service';

const nobody = sql`select null::int where false`;

/**
 * `select <user id>` of the people who may decide the task now: for each active approver or
 * admin (or only `among`), the approval queue's own rule, so the mail goes to exactly those
 * whose queue shows the task.
 */
async function whoMayDecide(db: Db, taskId: number, among?: number[]): Promise<SQL> {
  const candidates = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.active, true), inArray(users.role, DECIDING_ROLES), among ? inArray(users.id, among) : undefined));
  if (!candidates.length) return nobody;
  return sql.join(
    candidates.map((person) => sql`select ${person.id}::int where ${taskId} in (${decidableTaskIds(person)})`),
    sql` union all `,
  );
}

/** A task reached a step (a new submission, the next step, an added co-approver): mail whoever may now decide it. */
export async function mailTaskWaiting(db: Db, links: MailLinks, taskId: number, among?: number[]) {
  if (!links) return;
  const [task] = await db
    .select({ title: sops.title, versionNumber: sopVersions.versionNumber, routeSteps: approvalTasks.routeSteps, stepIndex: approvalTasks.stepIndex })
    .from(approvalTasks)
    .innerJoin(sopVersions, eq(sopVersions.id, approvalTasks.versionId))
    .innerJoin(sops, eq(sops.id, sopVersions.sopId))
    .where(eq(approvalTasks.id, taskId));
  const steps = stepsOf(task.routeSteps);
  const step = steps.length > 1 ? steps[task.stepIndex].name : null;
  await notify(db, links, {
    kind: 'approval',
    to: await whoMayDecide(db, taskId, among),
    message: (words) => words.approvalWaiting({ title: task.title, version: task.versionNumber, step }),
    path: `/approvals/${taskId}`,
  });
}

/** A reviewer sent the version back: mail the SOP's owner, its author. */
export async function mailChangesRequested(
  db: Db,
  links: MailLinks,
  by: SessionUser,
  sop: { id: number; title: string; versionNumber: string },
  comments: string | null,
) {
  if (!links) return;
  const name = fullName(by) ?? by.username;
  await notify(db, links, {
    kind: 'changes_requested',
    to: sql`select owner_id from sops where id = ${sop.id}`,
    message: (words) => words.changesRequested({ name, title: sop.title, version: sop.versionNumber, comments }),
    path: `/sop/${sop.id}`,
  });
}
