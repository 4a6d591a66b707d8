import { and, desc, eq, like, or, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { z } from 'zod';
import { ACTIVITY_LIMIT, type ActivityEntry, type DashboardStats } from '../../../../common/contracts/dashboard';
import { can } from '../../../../common/permissions';
import type { Db } from '../../db/client';
import { alias } from 'drizzle-orm/pg-core';
import { auditEvents, sops, users } from '../../db/schema';
import { decidableTaskIds } from '../approvals/decidable-tasks.service';
import { eventVisible, type SopView, sopVisible, viewOf } from '../sops/sop-visibility.service';

const RECENT_EDIT_DAYS = 7;

/** The dashboard counts in one statement, over the SOPs the actor may see. */
export async function dashboardStats(db: Db, actor: SessionUser): Promise<z.output<typeof DashboardStats>> {
  const pendingTasks = can(actor, 'approval.list') ? sql`(select count(*) from (${decidableTaskIds(actor)}) d)::int` : sql`0`;
  const triaged = can(actor, 'sop.read.unreleased') ? sql`true` : sql`s.owner_id = ${actor.id}`;
  const [row] = await db
    .select({
      openSuggestions: sql<number>`(select count(*) from suggestions g join sops s on s.id = g.sop_id
        where g.status = 'open' and s.withdrawn_at is null and ${triaged})::int`,
      mySuggestions: sql<number>`(select count(*) from suggestions g where g.status = 'open' and g.user_id = ${actor.id})::int`,
      pendingTasks: sql<number>`${pendingTasks}`,
      mySubmissions: sql<number>`(count(*) filter (where ${sops.ownerId} = ${actor.id}))::int`,
      totalSops: sql<number>`count(*)::int`,
      recentEdits: sql<number>`(count(*) filter (where ${sops.updatedAt} >= now() - make_interval(days => ${RECENT_EDIT_DAYS})))::int`,
    })
    .from(sops)
    .where(sopVisible(viewOf(actor)));
  return {
    pendingTasks: Number(row.pendingTasks),
    mySubmissions: Number(row.mySubmissions),
    totalSops: Number(row.totalSops),
    recentEdits: Number(row.recentEdits),
    openSuggestions: Number(row.openSuggestions),
    mySuggestions: Number(row.mySuggestions),
  };
}

/** The audit trail as `e`, the name the visibility rule reads it by. */
const e = alias(auditEvents, 'e');

/** SOP-related events: about an SOP, or an action on SOPs or their attachments. */
const sopRelated = or(eq(e.entityType, 'sop'), like(e.action, 'sop\\_%'), like(e.action, 'attachment\\_%'));

/** The newest SOP events the viewer may see (`eventVisible`). */
export async function recentActivity(db: Db, view: SopView): Promise<z.output<typeof ActivityEntry>[]> {
  const rows = await db
    .select({
      id: e.id,
      action: e.action,
      createdAt: e.createdAt,
      actorId: e.actorId,
      actorFirstName: users.firstName,
      metadata: e.metadata,
    })
    .from(e)
    .leftJoin(users, eq(users.id, e.actorId))
    .where(and(sopRelated, eventVisible(view)))
    .orderBy(desc(e.createdAt), desc(e.id))
    .limit(ACTIVITY_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    createdAt: r.createdAt,
    actor: r.actorId === null ? null : { firstName: r.actorFirstName },
    metadata: { title: metadataTitle(r.metadata) },
  }));
}

function metadataTitle(metadata: Record<string, unknown>): string | null {
  const value = metadata.title ?? metadata.name;
  return typeof value === 'string' ? value : null;
}
