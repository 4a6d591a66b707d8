import { type SQL, sql } from 'drizzle-orm';
import { READING_DAYS_DEFAULT } from '../../../../common/contracts/reading';

/**
 * The audience rule as SQL, in one place. An SOP's audience is every active, not deleted
 * user whose department is the SOP's department or, when the SOP belongs to a division, a
 * department under it, and every holder of one of the SOP's reading positions, wherever
 * their department (decision 074). Departments are two levels deep, so a user's department
 * `ud` is in the audience of an SOP of department `x` exactly when `ud.id = x or ud.parent_id = x`.
 */

/** A user `u` (joined with their department as `ud`) who counts as a reader at all. */
export const activeReader = sql`u.active and u.deleted_at is null`;

/** The user `u` / department `ud` pair reads SOPs of department `sopDepartment`. */
export const readsDepartment = (sopDepartment: SQL) => sql`(u.department_id = ${sopDepartment} or ud.parent_id = ${sopDepartment})`;

/** The user `u` holds one of the reading positions of SOP `sop`. */
export const readsByPosition = (sop = 's') => sql`(u.position_id is not null and u.position_id = any(${sql.raw(sop)}.reading_position_ids))`;

/**
 * The user `u` (with `ud`) must read circular `sop` (decision 078): until the day it expires, when
 * they are assigned to one of its vessels (any, when it names none) and are in one of its
 * departments (or their division) or hold one of its positions; a circular naming neither is for
 * everyone on its vessels. `expiredToo`: the audience as it was, for the register's counts.
 */
export const readsCircular = (sop: string, opts: { expiredToo?: boolean } = {}) => {
  const s = sql.raw(sop);
  const current = opts.expiredToo ? sql`true` : sql`c.expires_at > ${utcToday}`;
  return sql`exists (select 1 from circulars c where c.sop_id = ${s}.id and ${current}
    and (cardinality(${s}.vessel_codes) = 0 or u.vessel_codes && ${s}.vessel_codes)
    and ((cardinality(c.department_ids) = 0 and cardinality(${s}.reading_position_ids) = 0)
      or u.department_id = any(c.department_ids) or ud.parent_id = any(c.department_ids) or ${readsByPosition(sop)}))`;
};

/**
 * The user `u` (joined, possibly left-joined, with their department as `ud`) must read SOP
 * `sop`: by department or by position; a circular by its own audience. Never null.
 */
export const readsSop = (sop = 's') =>
  sql`coalesce(case when ${sql.raw(sop)}.kind = 'circular' then ${readsCircular(sop)} else ${readsDepartment(sql.raw(`${sop}.department_id`))} or ${readsByPosition(sop)} end, false)`;

/** SOP `sop` is a circular whose expiry day has come: it has left the reading lists, the bell and the Procedures list. */
export const circularExpired = (sop = 's') =>
  sql`(${sql.raw(sop)}.kind = 'circular' and exists (select 1 from circulars c where c.sop_id = ${sql.raw(sop)}.id and c.expires_at <= ${utcToday}))`;

/** A circular's due day instead of one counted from the version (null for an SOP). */
const circularDueDay = (sop: string) =>
  sql`(case when ${sql.raw(sop)}.kind = 'circular' then (select c.due_date from circulars c where c.sop_id = ${sql.raw(sop)}.id) end)`;

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
 * day it came into force (UTC) plus the SOP's days to read, or the default; a circular's own due day.
 */
export const readingDueDay = (version = 'e', sop = 's') =>
  sql`coalesce(${circularDueDay(sop)}, (${sql.raw(version)}.approved_at at time zone 'UTC')::date + coalesce(${sql.raw(sop)}.reading_days, ${READING_DAYS_DEFAULT})::int)`;

/**
 * The day reader `u` must read version `version` of SOP `sop` by. For its department's members
 * it is the version's due day (readingDueDay); for someone who reads it by position only, the
 * days to read count from the later of the version coming into force and their taking up the
 * position (or joining a new vessel: users.position_since), so a new Bosun is not overdue on
 * their first day for what their predecessor had to read. A circular is due on its own day for everyone.
 */
export const readerDueDay = (version = 'e', sop = 's') =>
  sql`coalesce(${circularDueDay(sop)}, (greatest(${sql.raw(version)}.approved_at, case when coalesce(${readsDepartment(sql.raw(`${sop}.department_id`))}, false) then null else u.position_since end) at time zone 'UTC')::date + coalesce(${sql.raw(sop)}.reading_days, ${READING_DAYS_DEFAULT})::int)`;

/** A date as 'YYYY-MM-DD'. */
export const isoDay = (day: SQL) => sql`to_char(${day}, 'YYYY-MM-DD')`;

/**
 * `from ... where ...` of the versions in force (`e`, of SOP `s`) that reader `u` (with their
 * department `ud`) must read and has not attested: the outstanding reading of many readers at once.
 */
export const unreadInForce = sql`from sops s ${versionInForce}
  where ${readsSop()}
    and not exists (select 1 from attestations a where a.user_id = u.id and a.version_id = e.id)`;
