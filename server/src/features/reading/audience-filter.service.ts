import { type SQL, sql } from 'drizzle-orm';
import { READING_DAYS_DEFAULT } from '../../../../common/contracts/reading';

/**
 * The audience rule as SQL, in one place. An SOP's audience is every active, not deleted
 * user whose department is the SOP's department or, when the SOP belongs to a division, a
 * department under it. Departments are two levels deep, so a user's department `ud` is in
 * the audience of an SOP of department `x` exactly when `ud.id = x or ud.parent_id = x`.
 */

/** A user `u` (joined with their department as `ud`) who counts as a reader at all. */
export const activeReader = sql`u.active and u.deleted_at is null`;

/** The user `u` / department `ud` pair reads SOPs of department `sopDepartment`. */
export const readsDepartment = (sopDepartment: SQL) => sql`(u.department_id = ${sopDepartment} or ud.parent_id = ${sopDepartment})`;

/** The departments whose SOPs a member of `departmentId` must read: it and its division. */
export const departmentsReadBy = (departmentId: number) =>
  sql`(select id from departments where id = ${departmentId} union all select parent_id from departments where id = ${departmentId} and parent_id is not null)`;

/** A department and, for a division, the departments under it (the SOP list's department filter). */
export const departmentAndChildren = (departmentId: number) => sql`(select id from departments where id = ${departmentId} or parent_id = ${departmentId})`;

/**
 * The version in force of SOP `s`: its newest published version, as a lateral join `e`
 * (id, version_number, approved_at, changelog). Served by sop_versions_published_idx. A
 * withdrawn SOP has none: nobody is asked to read it any more.
 */
const inForce = sql`select v.id, v.version_number, v.approved_at, v.changelog from sop_versions v
    where v.sop_id = s.id and v.is_published and s.withdrawn_at is null order by v.id desc limit 1`;
export const versionInForce = sql`cross join lateral (${inForce}) e`;
/** The same, with null columns for an SOP that has none. */
export const versionInForceIfAny = sql`left join lateral (${inForce}) e on true`;

/** A timestamptz as an ISO 8601 string in UTC, the same on both drivers. */
export const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Today, the UTC day, as the review clock counts days. */
export const utcToday = sql`(now() at time zone 'UTC')::date`;

/**
 * The day version `version` (with its `approved_at`) of SOP `sop` must be read by, a date: the
 * day it came into force (UTC) plus the SOP's days to read, or the default.
 */
export const readingDueDay = (version = 'e', sop = 's') =>
  sql`((${sql.raw(version)}.approved_at at time zone 'UTC')::date + coalesce(${sql.raw(sop)}.reading_days, ${READING_DAYS_DEFAULT})::int)`;

/** A date as 'YYYY-MM-DD'. */
export const isoDay = (day: SQL) => sql`to_char(${day}, 'YYYY-MM-DD')`;

/**
 * `from ... where ...` of the versions in force (`e`, of SOP `s`) that reader `u` (with their
 * department `ud`) must read and has not attested: the outstanding reading of many readers at once.
 */
export const unreadInForce = sql`from sops s ${versionInForce}
  where ${readsDepartment(sql`s.department_id`)}
    and not exists (select 1 from attestations a where a.user_id = u.id and a.version_id = e.id)`;
