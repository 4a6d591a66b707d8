import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditEvent, AuditFilters } from '../../../../common/contracts/audit';
import type { Db } from '../../db/client';
import { auditEvents, users } from '../../db/schema';

/**
 * Events newest first, each with its actor's name (accounts are never removed, so the name
 * stays). `before` pages: the events that come after that one in this order.
 */
export async function listAuditEvents(db: Db, filters: AuditFilters): Promise<z.output<typeof AuditEvent>[]> {
  const conditions: SQL[] = [];
  if (filters.before !== undefined) {
    conditions.push(sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (select c.created_at, c.id from audit_events c where c.id = ${filters.before})`);
  }
  if (filters.actorId !== undefined) conditions.push(eq(auditEvents.actorId, filters.actorId));
  if (filters.action !== undefined) conditions.push(eq(auditEvents.action, filters.action));
  if (filters.entityType !== undefined) conditions.push(eq(auditEvents.entityType, filters.entityType));
  if (filters.from) conditions.push(gte(auditEvents.createdAt, filters.from));
  if (filters.to) conditions.push(lte(auditEvents.createdAt, filters.to));

  const rows = await db
    .select({ event: auditEvents, actorFirstName: users.firstName, actorLastName: users.lastName, actorExists: users.id })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(and(...conditions))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(filters.limit);
  return rows.map(({ event, actorFirstName, actorLastName, actorExists }) => ({
    ...event,
    actor: actorExists === null ? null : { firstName: actorFirstName, lastName: actorLastName },
  }));
}
