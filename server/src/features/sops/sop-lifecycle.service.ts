import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../../common/contracts/auth';
import { DEFAULT_REVISION_CLASS, type RevisionClass } from '../../../../common/revision-classes';
import type { Db } from '../../db/client';
import { approvalTasks, sops, sopVersions } from '../../db/schema';
import { OPEN_TASK_STATUS, refuseSubmit, SUBMITTABLE, SUBMITTED_STATUS } from '../../../../common/sop-lifecycle';
import { refuse } from '../../http/access';
import { wakeJobRunners } from '../../jobs/job-queue';
import type { MailLinks } from '../mail/notify.service';
import { recordAudit } from '../audit/audit.service';
import { mailTaskWaiting } from '../approvals/approval-mail.service';
import { effectiveRoute } from '../approvals/approval-routes.service';
import { findSopForAccess } from './sop-detail.service';

/**
 * Sends the latest version for approval: the SOP becomes `submitted`, the version gets
 * its submitter stamps and one pending approval task is opened for it; whoever may decide
 * its first step is mailed.
 */
export async function submitSop(
  db: Db,
  actor: SessionUser,
  id: number,
  revisionClass: RevisionClass = DEFAULT_REVISION_CLASS,
  links: MailLinks = null,
): Promise<{ sopId: number; versionId: number; taskId: number }> {
  const found = await findSopForAccess(db, id);
  const [latestVersion] = found.latestVersionId
    ? await db.select({ submittedAt: sopVersions.submittedAt }).from(sopVersions).where(eq(sopVersions.id, found.latestVersionId))
    : [];
  const sop = { ...found, latestVersion: latestVersion ?? null };
  refuse(refuseSubmit(actor, sop));
  const versionId = sop.latestVersionId!;

  const submitted = await db.transaction(async (tx) => {
    const now = new Date();
    // Conditional on the status, so two submits racing each other open only one task.
    const moved = await tx
      .update(sops)
      .set({ status: SUBMITTED_STATUS, updatedAt: now })
      .where(and(eq(sops.id, id), inArray(sops.status, [...SUBMITTABLE])))
      .returning({ id: sops.id });
    // The other submit won: this one is refused as a submit of a submitted SOP would be.
    if (moved.length === 0) refuse(refuseSubmit(actor, { ...sop, status: SUBMITTED_STATUS }));
    await tx.update(sopVersions).set({ submittedBy: actor.id, submittedAt: now, revisionClass }).where(eq(sopVersions.id, versionId));
    // The task keeps the route of the SOP's department (or division) as it is now. A circular
    // is reviewed in one step by any approver (decision 078): its department only files it.
    const [{ departmentId, kind }] = await tx.select({ departmentId: sops.departmentId, kind: sops.kind }).from(sops).where(eq(sops.id, id));
    const route = kind === 'circular' ? { steps: [] } : await effectiveRoute(tx, departmentId);
    const routeSteps = route.steps.length ? route.steps : null;
    // A version has at most one open task (a unique index): one left open by older data is reused.
    const [task] = await tx
      .insert(approvalTasks)
      .values({ versionId, status: OPEN_TASK_STATUS, createdAt: now, updatedAt: now, routeSteps, stepIndex: 0 })
      .onConflictDoUpdate({
        target: approvalTasks.versionId,
        targetWhere: sql.raw(`status = '${OPEN_TASK_STATUS}'`),
        set: { createdAt: now, updatedAt: now, routeSteps, stepIndex: 0 },
      })
      .returning({ id: approvalTasks.id });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'sop_submitted',
      entityType: 'sop',
      entityId: id,
      metadata: { title: sop.title, versionId, taskId: task.id, revisionClass },
    });
    await mailTaskWaiting(tx, links, task.id);
    return { sopId: id, versionId, taskId: task.id };
  });
  wakeJobRunners();
  return submitted;
}
