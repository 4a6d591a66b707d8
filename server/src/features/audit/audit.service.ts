import { appendAuditEvent } from '../../db/audit-chain';
import { currentAuditKey } from '../../db/audit-key';
import type { Db } from '../../db/client';
import type { AuditAction } from '../../../../common/audit-actions';

export interface AuditInput {
  actorId: number | null;
  /** snake_case verb phrase, e.g. `sop_created`; one of the trail's named actions. */
  action: AuditAction;
  entityType: string;
  entityId?: number | null;
  /** Holds the `title` or `name` the screens show. */
  metadata?: Record<string, unknown>;
}

/**
 * Append one event to the trail, chained with this process's AUDIT_KEY. Pass the transaction
 * when the change runs in one: the chain's head stays locked until it ends.
 */
export async function recordAudit(db: Db, event: AuditInput): Promise<void> {
  await appendAuditEvent(db, currentAuditKey(), { ...event, entityId: event.entityId ?? null, metadata: event.metadata ?? {} });
}
