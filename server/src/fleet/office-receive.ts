import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fleetApplied, vesselDocuments, vessels } from '../db/schema';
import type { Rows } from '../features/reading/audience-filter.service';
import type { ShipMessage } from './messages';

/** The office's read position in the stream every ship's messages arrive in. */
export const SHIPS_ORIGIN = 'ships';
export const shipOrigin = (vessel: string) => `ship:${vessel}`;

/**
 * Applies one message from a ship in one transaction, exactly once per (ship, sequence), with
 * the stream position: an attestation counts for the version it names (even one superseded
 * ashore since) and records the vessel; receipts and withdrawals are kept per vessel.
 */
export async function applyShipMessage(db: Db, m: { vessel: string; seq: number; streamSeq: number; message: ShipMessage }): Promise<'applied' | 'duplicate'> {
  return db.transaction(async (tx) => {
    const origin = shipOrigin(m.vessel);
    const [last] = await tx.select().from(fleetApplied).where(eq(fleetApplied.origin, origin)).for('update');
    const duplicate = last !== undefined && m.seq <= last.seq;
    const [vessel] = await tx.select({ code: vessels.code }).from(vessels).where(eq(vessels.code, m.vessel));
    const message = m.message;
    const { rows: version } = (await tx.execute(sql`select 1 from sop_versions where id = ${message.versionId}`)) as unknown as Rows<unknown>;
    // A version deleted ashore since (its SOP deleted) has nothing left to count against.
    if (!duplicate && vessel && version.length > 0) {
      if (message.op === 'attestation') {
        await tx.execute(sql`insert into attestations (user_id, version_id, attested_at, vessel_code)
          select ${message.userId}, ${message.versionId}, ${message.attestedAt}::timestamptz, ${m.vessel}
          where exists (select 1 from users where id = ${message.userId})
          on conflict (user_id, version_id) do nothing`);
      } else if (message.op === 'receipt') {
        await tx
          .insert(vesselDocuments)
          .values({ vesselCode: m.vessel, versionId: message.versionId, receivedAt: new Date(message.receivedAt) })
          // Received again after a withdrawal (its SOP applies to the vessel again).
          .onConflictDoUpdate({
            target: [vesselDocuments.vesselCode, vesselDocuments.versionId],
            set: { receivedAt: new Date(message.receivedAt), withdrawnAt: null },
            where: sql`${vesselDocuments.withdrawnAt} is not null`,
          });
      } else {
        await tx
          .update(vesselDocuments)
          .set({ withdrawnAt: new Date(message.withdrawnAt) })
          .where(and(eq(vesselDocuments.vesselCode, m.vessel), eq(vesselDocuments.versionId, message.versionId)));
      }
    }
    if (vessel) await tx.update(vessels).set({ lastContactAt: sql`now()` }).where(eq(vessels.code, m.vessel));
    for (const [o, seq] of [
      [origin, duplicate ? last!.seq : m.seq],
      [SHIPS_ORIGIN, m.streamSeq],
    ] as const) {
      await tx
        .insert(fleetApplied)
        .values({ origin: o, seq, streamSeq: m.streamSeq })
        .onConflictDoUpdate({ target: fleetApplied.origin, set: { seq, streamSeq: m.streamSeq, appliedAt: sql`now()` } });
    }
    return duplicate ? 'duplicate' : 'applied';
  });
}

/** The last of `vessel`'s messages applied here (0: none). */
export async function appliedFrom(db: Db, vessel: string): Promise<number> {
  const [row] = await db
    .select({ seq: fleetApplied.seq })
    .from(fleetApplied)
    .where(eq(fleetApplied.origin, shipOrigin(vessel)));
  return row?.seq ?? 0;
}
