import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../../common/contracts/auth';
import { can } from '../../../../common/permissions';
import { IN_FORCE_STATUS } from '../../../../common/sop-lifecycle';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { departmentsReadBy } from '../reading/audience.service';

/**
 * Who sees which SOP and which version, in one place. Crew work from the approved version
 * and nothing else: a reader (someone without `sop.read.unreleased`) sees the version in
 * force (the newest approved one) of every SOP that has one, and every version of the SOPs
 * they own. A confidential SOP is theirs to see only within its audience (its department, or
 * its division and the departments under it, or one of its reading positions: the
 * required-reading rule) or as its owner.
 * Everything else is 404 for them, exactly as if it did not exist. Approvers and admins see
 * everything.
 *
 * Every read answers from here: the SQL conditions scope every list, search, register and
 * count; the `assert...` checks guard every path to one SOP, version, file or preview.
 */
export type SopView =
  | { everything: true; key: 'all' }
  | {
      everything: false;
      userId: number;
      departmentId: number | null;
      positionId: number | null;
      /** Names the view in cached answers: the user and the department and position their audience follows. */
      key: string;
    };

export const EVERYTHING: SopView = { everything: true, key: 'all' };

export function viewOf(actor: Pick<SessionUser, 'id' | 'role' | 'departmentId'> & { positionId?: number | null }): SopView {
  if (can(actor, 'sop.read.unreleased')) return EVERYTHING;
  const positionId = actor.positionId ?? null;
  return {
    everything: false,
    userId: actor.id,
    departmentId: actor.departmentId,
    positionId,
    key: `u${actor.id}d${actor.departmentId ?? 0}p${positionId ?? 0}`,
  };
}

const column = (alias: string, name: string) => sql.raw(`${alias}.${name}`);

/** The id of SOP `alias`'s version in force, or null (served by sop_versions_published_idx). */
export const inForceIdOf = (alias: string) =>
  sql`(select max(vis_in_force.id) from sop_versions vis_in_force where vis_in_force.sop_id = ${column(alias, 'id')} and vis_in_force.is_published)`;

/** SOP `alias` is in use: not withdrawn (a withdrawn SOP lives in the archive only). */
export const sopInUse = (alias = 'sops') => sql`${column(alias, 'withdrawn_at')} is null`;

/**
 * The SOP rows (`alias` over `sops`) the view may see in lists, counts and reading: never a
 * withdrawn one. Approvers and admins still open a withdrawn SOP (the archive); readers do not.
 */
export function sopVisible(view: SopView, alias = 'sops'): SQL {
  if (view.everything) return sopInUse(alias);
  const byDepartment = view.departmentId === null ? sql`false` : sql`${column(alias, 'department_id')} in ${departmentsReadBy(view.departmentId)}`;
  const byPosition = view.positionId === null ? sql`false` : sql`${view.positionId}::int = any(${column(alias, 'reading_position_ids')})`;
  const inAudience = sql`(${byDepartment} or ${byPosition})`;
  return sql`(${sopInUse(alias)} and (${column(alias, 'owner_id')} = ${view.userId} or (${inForceIdOf(alias)} is not null and (not ${column(alias, 'is_confidential')} or ${inAudience}))))`;
}

/**
 * The version of SOP `alias` the view reads as the SOP's current one: the latest for those who
 * see every version (and for an owner), else the version in force.
 */
export function shownVersionId(view: SopView, alias = 'sops'): SQL {
  if (view.everything) return column(alias, 'latest_version_id');
  return sql`(case when ${column(alias, 'owner_id')} = ${view.userId} then ${column(alias, 'latest_version_id')} else ${inForceIdOf(alias)} end)`;
}

/**
 * The SOP's status as the view sees it: its own, or `IN_FORCE_STATUS` (published) when the view reads the version
 * in force while a newer version is in progress (a reader never learns of a draft).
 */
export function shownStatus(view: SopView, alias = 'sops'): SQL {
  if (view.everything) return column(alias, 'status');
  return sql`(case when ${shownVersionId(view, alias)} is not distinct from ${column(alias, 'latest_version_id')} then ${column(alias, 'status')} else ${IN_FORCE_STATUS}::sop_status end)`;
}

/** The version rows (`versionAlias` of the SOP `sopAlias`) the view may see. */
export function versionVisible(view: SopView, versionAlias: string, sopAlias: string): SQL {
  if (view.everything) return sql`true`;
  return sql`(${sopVisible(view, sopAlias)} and (${column(sopAlias, 'owner_id')} = ${view.userId} or ${column(versionAlias, 'id')} = ${inForceIdOf(sopAlias)}))`;
}

/**
 * The versions of one visible SOP (newest first) the view may see: all of them, or for a
 * reader who does not own it only the version in force. The same rule as `versionVisible`,
 * for rows already read.
 */
export function shownVersions<V extends { isPublished: boolean }>(view: SopView, sop: { ownerId: number | null }, versions: V[]): V[] {
  if (view.everything || sop.ownerId === view.userId) return versions;
  const inForce = versions.find((v) => v.isPublished);
  return inForce ? [inForce] : [];
}

async function exists(db: Db, query: SQL): Promise<boolean> {
  const result = (await db.execute(sql`select exists (${query}) as found`)) as unknown as { rows: { found: boolean }[] };
  return Boolean(result.rows[0]?.found);
}

/**
 * 404 (with the route's own not-found message, so hidden and missing look alike) unless the
 * view may see the SOP. Those who see everything pass without a query: the route finds the
 * SOP itself.
 */
export async function assertSopVisible(db: Db, view: SopView, sopId: number, message = 'SOP not found'): Promise<void> {
  if (view.everything) return;
  if (!(await exists(db, sql`select 1 from sops s where s.id = ${sopId} and ${sopVisible(view, 's')}`))) throw notFound(message);
}

/** The same for a version. */
export async function assertVersionVisible(db: Db, view: SopView, versionId: number, message = 'SOP version not found'): Promise<void> {
  if (view.everything) return;
  const query = sql`select 1 from sop_versions v join sops s on s.id = v.sop_id where v.id = ${versionId} and ${versionVisible(view, 'v', 's')}`;
  if (!(await exists(db, query))) throw notFound(message);
}

/** The same for an attachment (its download, preview and controlled copy): its version decides. */
export async function assertAttachmentVisible(db: Db, view: SopView, attachmentId: number, message = 'Attachment not found'): Promise<void> {
  if (view.everything) return;
  const query = sql`select 1 from attachments a join sop_versions v on v.id = a.version_id join sops s on s.id = v.sop_id
    where a.id = ${attachmentId} and ${versionVisible(view, 'v', 's')}`;
  if (!(await exists(db, query))) throw notFound(message);
}

/** A number from audit event `e`'s metadata, or null when absent or not a number (metadata is free JSON). */
const metadataInt = (key: string) => sql.raw(`(case when jsonb_typeof(e.metadata->'${key}') = 'number' then (e.metadata->>'${key}')::int end)`);

/**
 * The version audit event `e` is about: the one it names, else for a decision the version of
 * its approval task, and for the creation of SOP `sopId` (or of a circular) its first version (creating writes it).
 */
export const eventVersionId = (sopId: SQL) => sql`coalesce(${metadataInt('versionId')},
    (select t.version_id from approval_tasks t where t.id = ${metadataInt('taskId')}),
    case when e.action in ('sop_created', 'circular_created') then (select min(first.id) from sop_versions first where first.sop_id = ${sopId}) end)`;

/**
 * The SOP events (audit event `e`) the view may see: for a reader, the events of a version they
 * may see and the periodic reviews of an SOP they may see; never an event of a draft or a
 * submission (what a dashboard's activity or an SOP's history would otherwise name).
 */
export function eventVisible(view: SopView): SQL {
  if (view.everything) return sql`true`;
  const sopId = sql`(case when e.entity_type = 'sop' then e.entity_id else ${metadataInt('sopId')} end)`;
  return sql`exists (select 1 from sops s where s.id = ${sopId} and ${sopVisible(view, 's')} and (e.action = 'sop_review_confirmed'
    or exists (select 1 from sop_versions v where v.sop_id = s.id and v.id = ${eventVersionId(sql`s.id`)} and ${versionVisible(view, 'v', 's')})))`;
}
