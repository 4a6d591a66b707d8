import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../../../common/permissions';

/** SOP statuses in which a pending task can still be decided. */
export const AWAITING_DECISION = ['submitted', 'in_review'] as const;

/**
 * `select t.id ...` of the pending tasks an actor may decide: the task is pending, its SOP
 * still awaits a decision, and (for approvers) the actor did not submit the version; admins
 * may decide any. Plain table names on purpose: the relational list query aliases every
 * drizzle column it finds, and the stats query reuses the same text.
 */
export function decidableTaskIds(actor: Actor): SQL {
  const notOwnSubmission = actor.role === 'admin' ? sql`true` : sql`v.submitted_by is distinct from ${actor.id}`;
  return sql`select t.id from approval_tasks t
    join sop_versions v on v.id = t.version_id
    join sops s on s.id = v.sop_id
    where t.status = 'pending'
      and s.status in ('submitted', 'in_review')
      and ${notOwnSubmission}`;
}
