import { desc, eq } from 'drizzle-orm';
import type { AuditEvent } from '../../../../common/contracts/audit';
import type { Db } from '../../db/client';
import { auditEvents, users } from '../../db/schema';

/** The newest events of every kind, each with its actor's first name (null once the actor is deleted). */
export async function listAuditEvents(db: Db, limit: number): Promise<AuditEvent[]> {
  const rows = await db
    .select({ event: auditEvents, actorFirstName: users.firstName, actorExists: users.id })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(limit);
  return rows.map(({ event, actorFirstName, actorExists }) => ({
    ...event,
    createdAt: event.createdAt.toISOString(),
    actor: actorExists === null ? null : { firstName: actorFirstName },
  }));
}
