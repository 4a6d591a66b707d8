import { and, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AUDIT_EXPORT_MAX, type AuditEvent, type AuditExportFilters, type AuditFacets, type AuditFilters } from '../../../../common/contracts/audit';
import type { Db } from '../../db/client';
import { auditEvents, users } from '../../db/schema';
import { fullName } from '../../../../common/names';
import { ADMIN_ACTIONS } from '../../../../common/audit-actions';

/**
 * Events newest first, each with its actor's name (accounts are never removed, so the name
 * stays). `before` pages: the events that come after that one in this order.
 */
export async function listAuditEvents(db: Db, filters: AuditFilters): Promise<z.output<typeof AuditEvent>[]> {
  const conditions = filterConditions(filters);
  if (filters.before !== undefined) {
    conditions.push(sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (select c.created_at, c.id from audit_events c where c.id = ${filters.before})`);
  }
  return selectEvents(db, conditions, filters.limit);
}

/** The filters the screen and the export share. */
function filterConditions(filters: AuditExportFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.actorId !== undefined) conditions.push(eq(auditEvents.actorId, filters.actorId));
  if (filters.action !== undefined) conditions.push(eq(auditEvents.action, filters.action));
  if (filters.entityType !== undefined) conditions.push(eq(auditEvents.entityType, filters.entityType));
  if (filters.scope === 'admin') conditions.push(inArray(auditEvents.action, ADMIN_ACTIONS));
  if (filters.from) conditions.push(gte(auditEvents.createdAt, filters.from));
  if (filters.to) conditions.push(lte(auditEvents.createdAt, filters.to));
  return conditions;
}

async function selectEvents(db: Db, conditions: SQL[], limit: number): Promise<z.output<typeof AuditEvent>[]> {
  const rows = await db
    .select({ event: auditEvents, actorFirstName: users.firstName, actorLastName: users.lastName, actorExists: users.id })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(and(...conditions))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(limit);
  return rows.map(({ event, actorFirstName, actorLastName, actorExists }) => ({
    ...event,
    actor: actorExists === null ? null : { firstName: actorFirstName, lastName: actorLastName },
  }));
}

export const AUDIT_EXPORT_COLUMNS = ['Time (UTC)', 'Actor', 'Action', 'Entity type', 'Entity id', 'Name', 'Details'] as const;

/** The export: every event the filters match (newest first, up to AUDIT_EXPORT_MAX) as CSV rows. */
export async function auditExportRows(db: Db, filters: AuditExportFilters): Promise<(string | number | null)[][]> {
  const events = await selectEvents(db, filterConditions(filters), AUDIT_EXPORT_MAX);
  return events.map((e) => {
    const { name, title, ...details } = e.metadata;
    const actor = e.actor ? (fullName(e.actor) ?? `User ${e.actorId}`) : 'System';
    return [
      e.createdAt.toISOString(),
      actor,
      e.action,
      e.entityType,
      e.entityId,
      typeof title === 'string' ? title : typeof name === 'string' ? name : null,
      Object.keys(details).length ? JSON.stringify(details) : null,
    ];
  });
}

/** The distinct actions and entity types, for the screen's filter choices. */
export async function auditFacets(db: Db): Promise<AuditFacets> {
  const [actions, entityTypes] = await Promise.all([
    db.selectDistinct({ value: auditEvents.action }).from(auditEvents).orderBy(auditEvents.action),
    db.selectDistinct({ value: auditEvents.entityType }).from(auditEvents).orderBy(auditEvents.entityType),
  ]);
  return { actions: actions.map((a) => a.value), entityTypes: entityTypes.map((e) => e.value) };
}
