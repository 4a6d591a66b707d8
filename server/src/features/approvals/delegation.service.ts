import { and, asc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PersonRef } from '../../../../common/contracts/absences';
import type { Actor } from '../../../../common/permissions';
import type { Db } from '../../db/client';
import { fullNameOf } from '../../db/people';
import { absences, approvalSignatures, users } from '../../db/schema';
import { conflict, forbidden } from '../../http/errors';
import { todayUtc } from '../../lib/dates';
import { DECIDING_ROLES } from './approval-routes.service';

/**
 * SQL: `person` has decided on version `t.version_id` already, themselves or through a
 * delegate. A decision counts for the person it was made for, and also binds the delegate who
 * made it: nobody decides twice on one version, in any capacity.
 */
export const hasDecided = (person: SQL | number) =>
  sql`exists (select 1 from approval_signatures g where g.version_id = t.version_id and (g.user_id = ${person} or g.on_behalf_of = ${person}))`;

const deciding = sql.join(
  DECIDING_ROLES.map((role) => sql`${role}`),
  sql`, `,
);

/**
 * SQL over task `t` and version `v`: someone who named the actor their delegate is absent
 * today, may decide approvals, did not submit the version, and could decide the task
 * (`couldDecide(p.id)`). The delegate never decides their own submission, nor a version they
 * decided on already.
 */
export function delegatedCondition(actor: Actor, couldDecide: (person: SQL) => SQL): SQL {
  const today = todayUtc();
  return sql`v.submitted_by is distinct from ${actor.id} and not ${hasDecided(actor.id)} and exists (
    select 1 from absences a join users p on p.id = a.user_id
    where a.delegate_id = ${actor.id} and a.starts_on <= ${today} and a.ends_on >= ${today}
      and p.active and p.deleted_at is null and p.role in (${deciding})
      and v.submitted_by is distinct from p.id and ${couldDecide(sql`p.id`)})`;
}

/**
 * Within the deciding transaction, for an actor not on the task's current step: the absent
 * person they may decide it for (the first by id when several qualify), or a refusal.
 */
export async function absentPersonToDecideFor(
  tx: Db,
  actor: Actor,
  task: { versionId: number; submittedBy: number | null; approverIds: number[] | null },
): Promise<PersonRef> {
  const today = todayUtc();
  const candidates = await tx
    .select({ userId: users.id, name: fullNameOf(users) })
    .from(absences)
    .innerJoin(users, eq(users.id, absences.userId))
    .where(
      and(
        eq(absences.delegateId, actor.id),
        lte(absences.startsOn, today),
        gte(absences.endsOn, today),
        eq(users.active, true),
        isNull(users.deletedAt),
        inArray(users.role, DECIDING_ROLES),
      ),
    )
    .orderBy(asc(users.id));
  // Only the route puts someone on a step: a co-approver added is one of its approvers already.
  const onStep = candidates.filter((p) => task.approverIds === null || task.approverIds.includes(p.userId));
  if (onStep.length && actor.id === task.submittedBy) throw forbidden('You cannot decide your own submission, not even as a delegate', 'own_submission');
  const open = onStep.filter((p) => p.userId !== task.submittedBy);
  if (open.length) {
    const decided = await tx
      .select({ userId: approvalSignatures.userId, onBehalfOf: approvalSignatures.onBehalfOf })
      .from(approvalSignatures)
      .where(
        and(
          eq(approvalSignatures.versionId, task.versionId),
          or(
            inArray(
              approvalSignatures.userId,
              open.map((p) => p.userId),
            ),
            inArray(
              approvalSignatures.onBehalfOf,
              open.map((p) => p.userId),
            ),
          ),
        ),
      );
    const done = new Set(decided.flatMap((d) => [d.userId, d.onBehalfOf]));
    const person = open.find((p) => !done.has(p.userId));
    if (person) return person;
    throw conflict(`${open.map((p) => p.name).join(', ')} already decided on this version; each person decides once`, 'already_signed');
  }
  throw forbidden('This step of the approval is for other approvers', 'not_on_step');
}

/** For each task the actor would decide as a delegate: the absent person it counts for. */
export async function decideForOf(db: Db, actor: Actor, taskIds: number[], couldDecide: (person: SQL) => SQL): Promise<Map<number, PersonRef>> {
  const result = new Map<number, PersonRef>();
  if (!taskIds.length) return result;
  const today = todayUtc();
  const ids = sql.join(
    taskIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = (await db.execute(sql`
    select distinct on (t.id) t.id as task_id, p.id as user_id,
      coalesce(nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''), p.username) as name
    from approval_tasks t
    join sop_versions v on v.id = t.version_id
    join absences a on a.delegate_id = ${actor.id} and a.starts_on <= ${today} and a.ends_on >= ${today}
    join users p on p.id = a.user_id
    where t.id in (${ids}) and not ${couldDecide(sql`${actor.id}::int`)}
      and p.active and p.deleted_at is null and p.role in (${deciding})
      and v.submitted_by is distinct from p.id and ${couldDecide(sql`p.id`)}
    order by t.id, p.id`)) as unknown as { rows: { task_id: number; user_id: number; name: string }[] };
  for (const row of rows.rows) result.set(row.task_id, { userId: row.user_id, name: row.name });
  return result;
}
