import { sql, type SQL } from 'drizzle-orm';
import type { ReviewSchedule } from '../../../../common/contracts/review-loop';
import { REVIEW_DUE_SOON_DAYS, type ReviewFilter, type ReviewStatus, utcDay } from '../../../../common/review-clock';
import type { Db } from '../../db/client';

/**
 * The periodic review clock, as SQL that the SOP list and the detail share so both answer
 * the same day. It reads two joins over `sops`: `eff`, the version in force (the newest
 * approved one), and `rev`, the last confirmed review.
 *
 * The clock starts at the later of the approval and the last review and runs
 * `review_frequency` months; PostgreSQL's month arithmetic ends on the last day of a shorter month, as
 * common/sop-lifecycle.ts `addMonths` does for the client. Days are UTC days.
 */
export const reviewClockJoins = sql`
    left join (
      select distinct on (sop_id) sop_id, id, version_number, approved_at
      from sop_versions where is_published order by sop_id, id desc
    ) eff on eff.sop_id = sops.id
    left join (select sop_id, max(reviewed_at) as last_at from sop_reviews group by sop_id) rev on rev.sop_id = sops.id`;

/** The same `eff` and `rev`, looked up per row: cheaper when a few rows are read (a search's best hits). */
export const reviewClockLateralJoins = sql`
    left join lateral (
      select sop_id, id, version_number, approved_at from sop_versions
      where sop_id = sops.id and is_published order by id desc limit 1
    ) eff on true
    left join lateral (select max(reviewed_at) as last_at from sop_reviews where sop_id = sops.id) rev on true`;

/** The due day (a `date`), or null without a frequency or without an approval and a review. */
export const nextReviewDue = sql`(case when sops.review_frequency is null then null
      else ((greatest(eff.approved_at, rev.last_at) at time zone 'UTC')::date + make_interval(months => sops.review_frequency))::date end)`;

/** 'YYYY-MM-DD' or null, for json_build_object. */
export const nextReviewDueJson = sql`to_char(${nextReviewDue}, 'YYYY-MM-DD')`;

/** `overdue`, `due_soon` or `ok` on `today` ('YYYY-MM-DD'), or null: the rule of common/sop-lifecycle.ts `reviewStatusOn`. */
export function reviewStatusSql(today: string): SQL {
  return sql`(case when ${nextReviewDue} is null then null
      when ${nextReviewDue} < ${today}::date then 'overdue'
      when ${nextReviewDue} <= ${today}::date + ${REVIEW_DUE_SOON_DAYS}::int then 'due_soon'
      else 'ok' end)`;
}

export function reviewFilterSql(filter: ReviewFilter, today: string): SQL {
  return sql`${reviewStatusSql(today)} = ${filter}`;
}

/** The day the answers are computed for: it joins the cached answers' key, so they turn over at midnight UTC. */
export const reviewDay = () => utcDay();

/** One SOP's clock (the detail answer). */
export async function reviewScheduleOf(db: Db, sopId: number, today = reviewDay()): Promise<ReviewSchedule> {
  const result = (await db.execute(sql`
    select ${nextReviewDueJson} as "nextReviewDue", ${reviewStatusSql(today)} as "reviewStatus"
    from sops ${reviewClockJoins}
    where sops.id = ${sopId}`)) as unknown as { rows: { nextReviewDue: string | null; reviewStatus: ReviewStatus | null }[] };
  const row = result.rows[0];
  return { nextReviewDue: row?.nextReviewDue ?? null, reviewStatus: row?.reviewStatus ?? null };
}
