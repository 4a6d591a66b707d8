import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../../../common/permissions';
import { AWAITING_DECISION, decisionScope, OPEN_TASK_STATUS } from '../../../../common/sop-lifecycle';
import { delegatedCondition, hasDecided } from './delegation.service';

/**
 * SQL: the pending task `t` (version `v`) is at a step the person may decide (named on it, or
 * any approver when it names none) and the person has not yet decided on that version. Being
 * added as a co-approver never puts anyone on a step: only the route does.
 */
export function onCurrentStep(person: SQL | number) {
  const step = sql`t.route_steps -> t.step_index`;
  return sql`(not ${hasDecided(person)}
    and (t.route_steps is null
      or jsonb_typeof(${step} -> 'approverIds') = 'null'
      or (${step} -> 'approverIds') @> to_jsonb(${person}::int)))`;
}

/**
 * The lifecycle's rule for one actor, as SQL over `t` (task), `v` (version) and `s` (SOP):
 * tasks they may decide themselves, and those of people absent today who named them delegate.
 */
function decidableCondition(actor: Actor): SQL {
  const scope = decisionScope(actor);
  if (scope === 'none') return sql`false`;
  const awaiting = sql.join(
    AWAITING_DECISION.map((status) => sql`${status}`),
    sql`, `,
  );
  const own = scope === 'not-own-submissions' ? sql` and v.submitted_by is distinct from ${actor.id}` : sql``;
  return sql`t.status = ${OPEN_TASK_STATUS} and s.status in (${awaiting})
    and ((true${own} and ${onCurrentStep(actor.id)}) or (${delegatedCondition(actor, onCurrentStep)}))`;
}

/**
 * `select t.id ...` of the pending tasks an actor may decide, as the lifecycle module says
 * (the same rule refuseDecision applies to one task). Plain table names on purpose: the
 * relational list query aliases every drizzle column it finds, and the stats query reuses
 * the same text.
 */
export function decidableTaskIds(actor: Actor): SQL {
  return sql`select t.id from approval_tasks t
    join sop_versions v on v.id = t.version_id
    join sops s on s.id = v.sop_id
    where ${decidableCondition(actor)}`;
}
