import { type SQL, sql } from 'drizzle-orm';
import { SEARCH_RESULT_LIMIT } from '../../../../common/limits';
import { OPEN_TASK_STATUS, type SopStatus } from '../../../../common/sop-lifecycle';
import type { ReviewFilter } from '../../../../common/review-clock';
import type { Db } from '../../db/client';
import { sops } from '../../db/schema';
import { nextReviewDueJson, reviewClockJoins, reviewClockLateralJoins, reviewDay, reviewFilterSql, reviewStatusSql } from './sop-review-schedule.service';
import { type SopView, shownStatus, shownVersionId, sopVisible } from './sop-visibility.service';
import { circularExpired } from '../reading/audience-filter.service';
import { type MatchSource, matchOf } from './sop-search-match.service';
import { type SearchTier, searchPlan } from './sop-search.service';

export interface ListFilters {
  departmentId?: number;
  status?: SopStatus | 'all';
  search?: string;
  review?: ReviewFilter;
  /** Only SOPs with no approved version (none in force). */
  noApprovedVersion?: boolean;
  /** The archive: only withdrawn SOPs (every other list leaves them out). */
  archive?: boolean;
  /** The day review statuses are computed for ('YYYY-MM-DD', UTC); today by default. */
  today?: string;
}

/**
 * Between the JSON texts of the SOPs a search finds: the record separator, which JSON text
 * never holds as it is (a control character in a string is always escaped).
 */
export const ROW_SEPARATOR = '\u001e';

/** Timestamps as JavaScript writes them (toISOString), so list and detail agree. */
const isoJson = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * Which SOPs the list shows and in what order, for any query over `sops` (the list and the
 * register export): the one home of the filter rules. Without a search every SOP passing the
 * filters, newest edit first; `filter` is the WHERE to put after joining `reviewClockJoins`.
 * With a search, the `hits` CTE ranks every SOP found and keeps the best SEARCH_RESULT_LIMIT;
 * the query then reads `from` (the hits joined to their SOPs) and needs no WHERE of its own.
 */
export function listScope(view: SopView, filters: ListFilters) {
  // Only the SOPs the view may see, as it sees them (sop-visibility.service.ts).
  // The archive: the withdrawn SOPs, for those who see everything (a reader's view holds none).
  // An expired circular has left the list; it stays in the circulars' register (decision 078).
  const conditions: SQL[] = filters.archive
    ? [view.everything ? sql`sops.withdrawn_at is not null` : sql`false`]
    : [sopVisible(view), sql`not ${circularExpired('sops')}`];
  if (filters.departmentId) {
    // A division's own SOPs and those of its departments.
    conditions.push(sql`${sops.departmentId} in (select id from departments where id = ${filters.departmentId} or parent_id = ${filters.departmentId})`);
  }
  if (filters.status && filters.status !== 'all') conditions.push(sql`${shownStatus(view)} = ${filters.status}`);
  const today = filters.today ?? reviewDay();
  if (filters.review) conditions.push(reviewFilterSql(filters.review, today));
  if (filters.noApprovedVersion) conditions.push(sql`eff.sop_id is null`);
  const search = searchPlan(filters.search, view);
  const whereAll = (more: SQL[]) => {
    const all = [...conditions, ...more];
    return all.length ? sql`where ${sql.join(all, sql` and `)}` : sql``;
  };
  const newestFirst = sql`sops.updated_at desc, sops.id desc`;
  const shown = { shown: shownVersionId(view), status: shownStatus(view) };
  if (!search) return { search, today, ...shown, hits: sql``, from: sql`sops`, filter: whereAll([]), order: newestFirst };
  // The version in force and the last review, looked up per SOP, only when a filter reads them.
  const clock = filters.review || filters.noApprovedVersion ? reviewClockLateralJoins : sql``;
  const best = (tier: SearchTier) => {
    const ranked = sql`select sops.id, sops.owner_id, sops.latest_version_id, sops.updated_at, ${tier.rank} as rank
        from sops ${clock}
        ${whereAll([tier.found])}
        order by rank desc, ${newestFirst}`;
    // Ordered inside, so the database checks the rows one by one in that order and stops at a full page.
    if (tier.checkedLast) {
      return sql`(select sops.id, sops.rank from (${ranked}) sops where ${tier.checkedLast} order by sops.rank desc, ${newestFirst} limit ${SEARCH_RESULT_LIMIT})`;
    }
    return sql`(select hit.id, hit.rank from (${ranked} limit ${SEARCH_RESULT_LIMIT}) hit)`;
  };
  // Tier by tier: when one fills the page the database stops there (the union's limit), so a
  // word in most SOPs' own fields never reads a file and a file hit never looks for typos.
  const tiers = search.tiers.length > 1 ? sql`${sql.join(search.tiers.map(best), sql` union all `)} limit ${SEARCH_RESULT_LIMIT}` : best(search.tiers[0]);
  return {
    search,
    today,
    ...shown,
    hits: sql`with ${search.with ? sql`${search.with}, ` : sql``}hits as (${tiers})`,
    from: sql`hits join sops on sops.id = hits.id`,
    filter: sql``,
    order: sql`hits.rank desc, ${newestFirst}`,
  };
}

/** One SOP of the list as PostgreSQL builds it (reads `sops`, `d`, `o`, `lv`, `su`, `files`, `eff`, `rev`, `pending`). */
export function sopJson(status: SQL, today: string): SQL {
  return sql`json_build_object(
      'id', sops.id,
      'title', sops.title,
      'departmentId', sops.department_id,
      'category', sops.category,
      'summary', sops.summary,
      'tags', to_json(sops.tags),
      'ownerId', sops.owner_id,
      'status', ${status},
      'latestVersionId', lv.id,
      'reviewFrequency', sops.review_frequency,
      'readingDays', sops.reading_days,
      'isConfidential', sops.is_confidential,
      'vesselCodes', to_json(sops.vessel_codes),
      'readingPositionIds', to_json(sops.reading_position_ids),
      'createdAt', ${isoJson('sops.created_at')},
      'updatedAt', ${isoJson('sops.updated_at')},
      'department', case when d.id is null then null else json_build_object('name', d.name) end,
      'owner', case when o.id is null then null else json_build_object('firstName', o.first_name, 'lastName', o.last_name) end,
      'latestVersion', case when lv.id is null then null else json_build_object(
        'id', lv.id,
        'versionNumber', lv.version_number,
        'isPublished', lv.is_published,
        'submittedBy', lv.submitted_by,
        'submittedAt', ${isoJson('lv.submitted_at')},
        'approvedAt', ${isoJson('lv.approved_at')},
        'createdAt', ${isoJson('lv.created_at')},
        'attachmentCount', coalesce(files.count, 0),
        'firstAttachmentId', files.first_id,
        'submittedByUser', case when su.id is null then null else json_build_object('firstName', su.first_name, 'lastName', su.last_name) end
      ) end,
      'hasPublishedVersion', eff.sop_id is not null,
      'inForce', case when eff.sop_id is null then null else json_build_object(
        'id', eff.id, 'versionNumber', eff.version_number, 'approvedAt', ${isoJson('eff.approved_at')}) end,
      'pendingTaskId', pending.id,
      'withdrawal', case when sops.withdrawn_at is null then null else json_build_object(
        'at', ${isoJson('sops.withdrawn_at')}, 'reason', sops.withdrawal_reason,
        'by', (select json_build_object('firstName', w.first_name, 'lastName', w.last_name) from users w where w.id = sops.withdrawn_by)) end,
      'nextReviewDue', ${nextReviewDueJson},
      'reviewStatus', ${reviewStatusSql(today)}
  )`;
}

/**
 * GET /api/sops in one query, as `view` sees the SOPs: the SOP row, its department, owner,
 * the version in force and the latest version it may see, as a summary (attachment count, first attachment, submitter), whether any version is
 * published and the pending task. The per-version facts are aggregated once and hash-joined
 * (~4x faster for the whole list than a lookup per row on PostgreSQL). No content and no blobs leave the database, and the
 * JSON is built by PostgreSQL: thousands of rows cross the driver as one string.
 */
export async function listSopsJson(db: Db, view: SopView, filters: ListFilters = {}): Promise<string> {
  const { search, today, shown, status, hits, from, filter, order } = listScope(view, filters);

  const sop = sopJson(status, today);
  // With a search, each SOP's JSON text and, apart, the source of its match (see below).
  const answer = search
    ? sql`string_agg(${sop}::text, ${ROW_SEPARATOR} order by ${order}) as rows, json_agg(${search.matchSource} order by ${order})::text as matches`
    : sql`coalesce(json_agg(${sop} order by ${order})::text, '[]') as rows`;

  const result = (await db.execute(sql`
    ${hits}
    select ${answer}
    from ${from}
    left join departments d on d.id = sops.department_id
    left join users o on o.id = sops.owner_id
    left join sop_versions lv on lv.id = ${shown}
    left join users su on su.id = lv.submitted_by
    ${
      search
        ? sql`left join lateral (select count(*)::int as count, min(id) as first_id from attachments where version_id = lv.id) files on true
    ${reviewClockLateralJoins}`
        : sql`left join (select version_id, count(*)::int as count, min(id) as first_id from attachments group by version_id) files on files.version_id = lv.id
    ${reviewClockJoins}`
    }
    left join approval_tasks pending on pending.version_id = lv.id and pending.status = ${OPEN_TASK_STATUS}
    ${filter}`)) as unknown as { rows: { rows: string | null; matches?: string | null }[] };
  const { rows, matches } = result.rows[0];
  if (!search) return rows ?? '[]';
  if (rows === null || !matches) return '[]';
  return `[${withMatches(rows.split(ROW_SEPARATOR), matches, search.words).join(', ')}]`;
}

/**
 * Each SOP's JSON text (ending in '}') gets its match as its last member: only the small
 * match sources are parsed, not the whole answer.
 */
export function withMatches(found: string[], matches: string, words: string[]): string[] {
  const sources = JSON.parse(matches) as MatchSource[];
  return found.map((sop, i) => `${sop.slice(0, -1)}, "match" : ${JSON.stringify(matchOf(sources[i], words))}}`);
}
