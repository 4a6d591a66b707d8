import { sql } from 'drizzle-orm';
import type { AdminOverview } from '../../../../common/contracts/admin-overview';
import { AWAITING_DECISION } from '../../../../common/sop-lifecycle';
import type { Db } from '../../db/client';
import { auditEvents, sops } from '../../db/schema';
import { inForceIdOf } from '../sops/sop-visibility.service';

/** The Administration Center's counts, in two statements over the records. */
export async function adminOverview(db: Db): Promise<AdminOverview> {
  const [sopCounts] = await db
    .select({
      inForce: sql<number>`(count(*) filter (where ${sops.status} <> 'archived' and ${sops.withdrawnAt} is null and ${inForceIdOf('sops')} is not null))::int`,
      awaitingDecision: sql<number>`(count(*) filter (where ${sops.status} in ${AWAITING_DECISION}))::int`,
    })
    .from(sops);
  const [audit] = await db
    .select({ lastDay: sql<number>`count(*)::int` })
    .from(auditEvents)
    .where(sql`${auditEvents.createdAt} >= now() - interval '24 hours'`);
  return {
    sops: { inForce: Number(sopCounts.inForce), awaitingDecision: Number(sopCounts.awaitingDecision) },
    auditEventsLastDay: Number(audit.lastDay),
  };
}
