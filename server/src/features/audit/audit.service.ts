import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';

export interface AuditInput {
  actorId: number | null;
  /** snake_case verb phrase, e.g. `sop_created`. */
  action: string;
  entityType: string;
  entityId?: number | null;
  /** Holds the `title` or `name` the screens show. */
  metadata?: Record<string, unknown>;
}

/** Append one event to the trail. Pass the transaction when the change runs in one. */
export async function recordAudit(db: Db, event: AuditInput): Promise<void> {
  await db.insert(auditEvents).values({ ...event, metadata: event.metadata ?? {} });
}
