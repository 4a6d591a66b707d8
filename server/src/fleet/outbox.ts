import type { JetStreamClient } from '@nats-io/jetstream';
import { headers } from '@nats-io/transport-node';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fleetOutbox } from '../db/schema';
import { FLEET_SCHEMA, HEADER } from './messages';

/**
 * Publishes `vessel`'s unsent outbox messages in order to `subject`, each marked sent once the
 * stream has stored it. The message id (origin, vessel, sequence) makes a repeat after a crash
 * between the two a no-op in the stream, and the receiver applies each sequence once anyway.
 */
export async function publishOutbox(db: Db, js: JetStreamClient, vessel: string, subject: string, origin: string) {
  for (;;) {
    const batch = await db
      .select()
      .from(fleetOutbox)
      .where(and(eq(fleetOutbox.vesselCode, vessel), isNull(fleetOutbox.sentAt)))
      .orderBy(asc(fleetOutbox.seq))
      .limit(200);
    if (batch.length === 0) return;
    for (const row of batch) {
      const h = headers();
      h.set(HEADER.origin, origin);
      h.set(HEADER.seq, String(row.seq));
      h.set(HEADER.schema, String(FLEET_SCHEMA));
      h.set(HEADER.vessel, vessel);
      await js.publish(subject, JSON.stringify(row.payload), { msgID: `${origin}-${vessel}-${row.seq}`, headers: h });
      await db
        .update(fleetOutbox)
        .set({ sentAt: sql`now()` })
        .where(and(eq(fleetOutbox.vesselCode, vessel), eq(fleetOutbox.seq, row.seq)));
    }
  }
}

/** The last sequence queued for `vessel` (0: none). */
export async function lastQueued(db: Db, vessel: string): Promise<number> {
  const [row] = await db
    .select({ last: sql<string>`coalesce(max(${fleetOutbox.seq}), 0)::bigint` })
    .from(fleetOutbox)
    .where(eq(fleetOutbox.vesselCode, vessel));
  return Number(row.last);
}
