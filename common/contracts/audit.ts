import { z } from 'zod';

export const AUDIT_LIMIT_DEFAULT = 10;
export const AUDIT_LIMIT_MAX = 100;

/** GET /api/audit?limit=N: 1..100, default 10. */
export const AuditQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100' })
    .int('limit must be a whole number from 1 to 100')
    .min(1, 'limit must be a whole number from 1 to 100')
    .max(AUDIT_LIMIT_MAX, 'limit must be a whole number from 1 to 100')
    .default(AUDIT_LIMIT_DEFAULT),
});
export type AuditQuery = z.input<typeof AuditQuery>;

/** One event of the trail, newest first in lists. */
export interface AuditEvent {
  id: number;
  actorId: number | null;
  action: string;
  entityType: string;
  entityId: number | null;
  /** Holds the `name` or `title` the screens quote. */
  metadata: { name?: string; title?: string; [key: string]: unknown };
  createdAt: string;
  actor: { firstName: string | null } | null;
}
