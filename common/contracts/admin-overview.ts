import { z } from 'zod';
import { count } from './fields';

/**
 * GET /api/admin/overview: the Administration Center's figures that are not lists of their
 * own, each counted from the records when asked.
 */
export const AdminOverview = z.object({
  sops: z.object({
    /** SOPs with an approved version in force (archived ones left out). */
    inForce: count,
    /** SOPs submitted and waiting for an approver's decision. */
    awaitingDecision: count,
  }),
  /** Audit events recorded in the last 24 hours. */
  auditEventsLastDay: count,
});
export type AdminOverview = z.infer<typeof AdminOverview>;
