import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../../../common/contracts/auth';
import { NOTIFICATION_LIMIT, type NotificationKind, type Notifications, REMIND_DAYS_BEFORE } from '../../../../common/contracts/reading';
import { can } from '../../../../common/permissions';
import { CHANGES_REQUESTED_STATUS } from '../../../../common/sop-lifecycle';
import { BACKUP_JOB } from '../backups/scheduled-backups.service';
import type { Db } from '../../db/client';
import { decidableTaskIds } from '../approvals/decidable-tasks.service';
import { reviewDueSops } from '../sops/sop-review-due.service';
import { iso, utcToday } from './audience-filter.service';
import type { Rows } from '../../db/rows';
import { outstandingReading } from './reading.service';

/**
 * GET /api/notifications: what waits for the caller, in one statement, newest first:
 * - `approval`: a pending task the caller may decide (the approval queue's own rule);
 * - `reading`: a version in force of their required reading they have not attested; it becomes
 *   `reading_due` from REMIND_DAYS_BEFORE days before its due day (`at` is then the due day);
 * - `reading_reminder`: an approver's latest 'Remind' of the past week, while anything is
 *   outstanding; it leads to what is due first;
 * - `changes_requested`: an SOP they own that a reviewer sent back;
 * - `review_due`: an SOP they own (any SOP, for whoever may confirm reviews) whose periodic
 *   review is due within 30 days or overdue; `at` is the due day;
 * - `backup_failed` / `backup_overdue` (who manages backups): the server's latest backup
 *   failed, or a scheduled one is more than an hour past its slot without having run;
 * - `account_waiting` (who manages users): a self-registered account waiting for approval;
 * - `suggestion`: an open suggestion for change on an SOP they own (decision 079; approvers and
 *   admins find every open one counted on the dashboard);
 * - `suggestion_answered`: their own suggestion accepted, declined or done in the past
 *   SUGGESTION_SHOWN_DAYS days.
 * `count` is every item; the list stops at NOTIFICATION_LIMIT.
 */
/** Self-registered accounts waiting for an administrator's approval, by when they registered. */
const accountItems = sql`
  select 'account_waiting', null::int,
    'Account waiting for approval: ' || coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username) || ' (' || u.username || ')',
    u.created_at
  from users u where u.awaiting_approval and u.deleted_at is null`;

/** The backup items: the latest run when it failed; a scheduled job an hour past its slot. */
const backupItems = sql`
  select 'backup_failed', null::int, 'Last backup failed: ' || coalesce(b.error, 'unknown error'), b.finished_at
  from (select * from backup_runs order by finished_at desc, id desc limit 1) b where not b.ok
  union all
  select 'backup_overdue', null::int, 'Scheduled backup has not run', j.run_after
  from jobs j where j.kind = ${BACKUP_JOB} and j.key like 'scheduled:%' and j.status = 'queued' and j.run_after < now() - interval '1 hour'`;

/** An answer to one's suggestion stays in the bell for two weeks. */
const SUGGESTION_SHOWN_DAYS = 14;

/** A manual reminder stays in the bell for a week. */
const REMINDER_SHOWN_DAYS = 7;
/** An outstanding item `r` whose due day is within the reminder window, or past. */
const nearlyDue = sql`r.due - ${REMIND_DAYS_BEFORE}::int <= ${utcToday}`;

export async function notificationsFor(db: Db, actor: SessionUser): Promise<z.output<typeof Notifications>> {
  const reviewScope = can(actor, 'sop.review.confirm') ? sql`true` : sql`sops.owner_id = ${actor.id}`;
  const { rows } = (await db.execute(sql`
    with items as (
      select 'approval'::text as kind, s.id as sop_id, s.title, t.created_at as at
      from approval_tasks t join sop_versions v on v.id = t.version_id join sops s on s.id = v.sop_id
      where t.id in (${decidableTaskIds(actor)})
      union all
      select case when ${nearlyDue} then 'reading_due' else 'reading' end, r.sop_id, r.title,
        case when ${nearlyDue} then (r.due::timestamp at time zone 'UTC') else r.at end
      from (${outstandingReading(actor)}) r
      union all
      select 'reading_reminder', w.sop_id, w.title, n.reminded_at
      from (select * from reading_nudges where user_id = ${actor.id} order by reminded_on desc limit 1) n
      cross join lateral (select r.sop_id, r.title from (${outstandingReading(actor)}) r order by r.due, r.sop_id limit 1) w
      where n.reminded_on > ${utcToday} - ${REMINDER_SHOWN_DAYS}::int
      union all
      select 'changes_requested', s.id, s.title,
        coalesce((select max(t.updated_at) from approval_tasks t join sop_versions v on v.id = t.version_id
                  where v.sop_id = s.id and t.status = ${CHANGES_REQUESTED_STATUS}), s.updated_at)
      from sops s where s.owner_id = ${actor.id} and s.status = ${CHANGES_REQUESTED_STATUS} and s.withdrawn_at is null
      union all
      select 'review_due', d.sop_id, d.title, d.due from (${reviewDueSops(reviewScope)}) d
      union all
      select 'suggestion', s.id, s.title, g.created_at
      from suggestions g join sops s on s.id = g.sop_id
      where g.status = 'open' and s.owner_id = ${actor.id} and g.user_id is distinct from ${actor.id} and s.withdrawn_at is null
      union all
      select 'suggestion_answered', s.id, s.title, g.triaged_at
      from suggestions g join sops s on s.id = g.sop_id
      where g.user_id = ${actor.id} and g.status <> 'open' and g.triaged_at > now() - make_interval(days => ${SUGGESTION_SHOWN_DAYS})
      union all
      ${can(actor, 'backups.manage') ? backupItems : sql`select null, null, null, null where false`}
      union all
      ${can(actor, 'users.manage') ? accountItems : sql`select null, null, null, null where false`}
    )
    select kind, sop_id, title, ${iso(sql`at`)} as at, count(*) over ()::int as total
    from items
    order by items.at desc, kind, sop_id
    limit ${NOTIFICATION_LIMIT}`)) as unknown as Rows<{ kind: NotificationKind; sop_id: number | null; title: string; at: string; total: number }>;
  return {
    count: rows.length === 0 ? 0 : Number(rows[0].total),
    items: rows.map((r) => ({ kind: r.kind, sopId: r.sop_id, title: r.title, at: new Date(r.at) })),
  };
}
