import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { SignatureMethod } from '../../../../common/contracts/signatures';
import { OPEN_TASK_STATUS } from '../../../../common/sop-lifecycle';
import { refuseWithdraw } from '../../../../common/sop-withdrawal';
import type { Db } from '../../db/client';
import { approvalTasks, sops, sopVersions } from '../../db/schema';
import { refuse } from '../../http/access';
import { recordAudit } from '../audit/audit.service';
import { findSopForAccess } from './sop-detail.service';

/** The comment a pending review is closed with when its SOP is withdrawn. */
const CLOSED_BY_WITHDRAWAL = 'Closed without a decision: the SOP was withdrawn.';

/**
 * POST /api/sops/{id}/withdraw: an SOP that has had a version in force leaves lists, reading
 * and ships, and keeps every version, file, signature and attestation in the archive (ISM 11).
 * A review still open on it is closed, since nothing can be released from the archive. One
 * statement marks it, so two withdrawals at once record one.
 */
export async function withdrawSop(db: Db, actor: SessionUser, id: number, reason: string, signatureMethod: SignatureMethod | null): Promise<void> {
  const sop = await findSopForAccess(db, id);
  refuse(refuseWithdraw(actor, sop));
  await db.transaction(async (tx) => {
    const marked = await tx
      .update(sops)
      .set({ withdrawnAt: new Date(), withdrawnBy: actor.id, withdrawalReason: reason, updatedAt: new Date() })
      .where(and(eq(sops.id, id), sql`${sops.withdrawnAt} is null`))
      .returning({ id: sops.id });
    if (marked.length === 0) refuse(refuseWithdraw(actor, { withdrawnAt: new Date(), everInForce: true }));
    await tx
      .update(approvalTasks)
      .set({ status: 'rejected', comments: CLOSED_BY_WITHDRAWAL, updatedAt: new Date() })
      .where(
        and(
          eq(approvalTasks.status, OPEN_TASK_STATUS),
          sql`${approvalTasks.versionId} in (select ${sopVersions.id} from ${sopVersions} where ${sopVersions.sopId} = ${id})`,
        ),
      );
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'sop_withdrawn',
      entityType: 'sop',
      entityId: id,
      metadata: { title: sop.title, reason, ...(signatureMethod ? { signatureMethod } : {}) },
    });
  });
}
