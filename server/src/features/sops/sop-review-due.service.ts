import { type SQL, sql } from 'drizzle-orm';
import { nextReviewDueJson, reviewClockJoins, reviewDay, reviewStatusSql } from './sop-review-schedule.service';

/**
 * `select sop_id, title, due` of the SOPs whose periodic review is due within the coming
 * days or overdue, narrowed by `where` (a condition over `sops`), on the same clock as the
 * SOP list and detail. `due` is the due day at midnight UTC, a timestamptz.
 */
export function reviewDueSops(where: SQL, today = reviewDay()): SQL {
  return sql`select sops.id as sop_id, sops.title, (${nextReviewDueJson} || 'T00:00:00Z')::timestamptz as due
    from sops ${reviewClockJoins}
    where (${where}) and sops.withdrawn_at is null and ${reviewStatusSql(today)} in ('due_soon', 'overdue')`;
}
