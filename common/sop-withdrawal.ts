import type { Actor } from './permissions';
import { conflict, type Refusal, refuseActor, type SopState } from './sop-lifecycle';

/**
 * Records are withdrawn, never destroyed (ISM 11): an SOP that has had a version in force
 * leaves lists, reading and ships with a reason and stays in the archive; only a draft that was
 * never approved is deleted. Part of the lifecycle, kept beside it.
 */

export const withdrawInsteadMessage = (sopId: number) =>
  `This SOP has had a version in force, so it is never deleted: withdraw it instead with a reason (POST /api/sops/${sopId}/withdraw { reason }); it then leaves lists, reading and ships and stays in the archive`;

/**
 * Deleting destroys the SOP with its versions and files, so only a draft that was never
 * approved may go (ISM 11: an obsolete procedure is withdrawn and kept), by its owner or an admin.
 */
export function refuseDelete(
  actor: Actor | null | undefined,
  sop: Pick<SopState, 'ownerId' | 'withdrawnAt'> & { id: number; everInForce: boolean },
): Refusal | null {
  if (sop.everInForce || sop.withdrawnAt) return refuseActor(actor, 'withdraw') ?? conflict(withdrawInsteadMessage(sop.id), 'withdraw_instead');
  return refuseActor(actor, 'delete', sop);
}

/** Withdrawal: approvers and admins, once, and only of an SOP that has had a version in force. */
export function refuseWithdraw(actor: Actor | null | undefined, sop: Pick<SopState, 'withdrawnAt'> & { everInForce: boolean }): Refusal | null {
  const refused = refuseActor(actor, 'withdraw');
  if (refused) return refused;
  if (sop.withdrawnAt) return conflict('This SOP was already withdrawn', 'withdrawn');
  if (!sop.everInForce)
    return conflict('This SOP has never had a version in force, so there is nothing to withdraw; a draft that was never approved is deleted instead');
  return null;
}
