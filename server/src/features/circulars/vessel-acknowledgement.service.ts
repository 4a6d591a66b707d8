import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { VesselAcknowledgement } from '../../../../common/contracts/circulars';
import { fullName } from '../../../../common/names';
import type { Db } from '../../db/client';
import type { Rows } from '../../db/rows';
import { circularAcknowledgements, users } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import type { FleetInstance } from '../fleet/instance.helper';
import { versionInForce } from '../reading/audience-filter.service';

type Acknowledgement = z.output<typeof VesselAcknowledgement>;

/**
 * POST /api/circulars/{id}/vessel-acknowledgement: on board, the master (an approver or
 * administrator on the ship's copy) acknowledges for the vessel that the circular in force was
 * received. Once per vessel: acknowledging again answers the acknowledgement that stands. The
 * ship's planner sends it ashore like an attestation (ship-plan.service.ts).
 */
export async function acknowledgeForVessel(
  db: Db,
  actor: SessionUser,
  instance: FleetInstance,
  sopId: number,
): Promise<{ created: boolean; acknowledgement: Acknowledgement }> {
  if (instance.kind !== 'ship') throw conflict("A circular's receipt is acknowledged on board, on the ship's own copy", 'ship_only');
  const vessel = instance.vessel;
  return db.transaction(async (tx) => {
    const [circular] = (
      (await tx.execute(sql`select s.id, s.title, e.id as version_id from circulars c join sops s on s.id = c.sop_id ${versionInForce}
        where s.id = ${sopId}`)) as unknown as Rows<{ id: number; title: string; version_id: number }>
    ).rows;
    if (!circular) throw notFound('Circular not found');
    const [inserted] = await tx
      .insert(circularAcknowledgements)
      .values({ sopId, vesselCode: vessel, versionId: circular.version_id, userId: actor.id })
      .onConflictDoNothing({ target: [circularAcknowledgements.sopId, circularAcknowledgements.vesselCode] })
      .returning({ id: circularAcknowledgements.id });
    if (inserted) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'circular_acknowledged',
        entityType: 'sop',
        entityId: sopId,
        metadata: { title: circular.title, versionId: circular.version_id, vessel },
      });
    }
    const [row] = await tx
      .select({ at: circularAcknowledgements.acknowledgedAt, firstName: users.firstName, lastName: users.lastName, username: users.username })
      .from(circularAcknowledgements)
      .leftJoin(users, eq(users.id, circularAcknowledgements.userId))
      .where(and(eq(circularAcknowledgements.sopId, sopId), eq(circularAcknowledgements.vesselCode, vessel)));
    return {
      created: Boolean(inserted),
      acknowledgement: { circularId: sopId, vesselCode: vessel, acknowledgedAt: row.at, acknowledgedBy: fullName(row) ?? row.username ?? '' },
    };
  });
}
