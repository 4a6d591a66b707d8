import { desc, eq, like, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ACTIVITY_LIMIT, type ActivityEntry, type DashboardStats } from '../../../../common/contracts/dashboard';
import { can, type Actor } from '../../../../common/permissions';
import type { Db } from '../../db/client';
import { auditEvents, sops, users } from '../../db/schema';
import { decidableTaskIds } from '../approvals/decidable-tasks.service';

const RECENT_EDIT_DAYS = 7;

/** The four dashboard counts in one statement. */
export async function dashboardStats(db: Db, actor: Actor): Promise<z.output<typeof DashboardStats>> {
  const pendingTasks = can(actor, 'approval.list') ? sql`(select count(*) from (${decidableTaskIds(actor)}) d)::int` : sql`0`;
  const [row] = await db
    .select({
      pendingTasks: sql<number>`${pendingTasks}`,
      mySubmissions: sql<number>`(count(*) filter (where ${sops.ownerId} = ${actor.id}))::int`,
      totalSops: sql<number>`count(*)::int`,
      recentEdits: sql<number>`(count(*) filter (where ${sops.updatedAt} >= now() - make_interval(days => ${RECENT_EDIT_DAYS})))::int`,
    })
    .from(sops);
  return {
    pendingTasks: Number(row.pendingTasks),
    mySubmissions: Number(row.mySubmissions),
    totalSops: Number(row.totalSops),
    recentEdits: Number(row.recentEdits),
  };
}

/** SOP-related events: about an SOP, or an action on SOPs or their attachments. */
const sopRelated = or(eq(auditEvents.entityType, 'sop'), like(auditEvents.action, 'sop\\_%'), like(auditEvents.action, 'attachment\\_%'));

export async function recentActivity(db: Db): Promise<z.output<typeof ActivityEntry>[]> {
  const rows = await db
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      createdAt: auditEvents.createdAt,
      actorId: auditEvents.actorId,
      actorFirstName: users.firstName,
      metadata: auditEvents.metadata,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(sopRelated)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
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
