import type { JetStreamClient } from '@nats-io/jetstream';
import { headers } from '@nats-io/transport-node';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Rows } from '../../db/rows';
import { fleetOutbox } from '../../db/schema';
import { FLEET_SCHEMA, HEADER } from './messages.helper';

/** Messages published at once before the stream's acknowledgements are awaited. */
const BATCH = 200;

/**
 * Publishes `vessel`'s unsent outbox messages in order to `subject`, a batch at a time (sent
 * together, then acknowledged together), each batch marked sent once the stream has stored all
 * of it. The message id (origin, vessel, sequence) makes a repeat after a crash between the two
 * a no-op in the stream, and the receiver applies each sequence once anyway. An office record's
 * row comes from fleet_payloads, where it is stored once for the fleet. Messages the stream
 * holds are then dropped here, all but the last (its sequence is where numbering goes on), and
 * with them the payloads no message names any more.
 */
export async function publishOutbox(db: Db, js: JetStreamClient, vessel: string, subject: string, origin: string): Promise<number> {
  let published = 0;
  for (;;) {
    const { rows: batch } = (await db.execute(sql`select o.seq, case when o.payload_hash is null then o.payload
        else o.payload || jsonb_build_object('row', p.row) end as message
      from fleet_outbox o left join fleet_payloads p on p.hash = o.payload_hash
      where o.vessel_code = ${vessel} and o.sent_at is null order by o.seq limit ${BATCH}`)) as unknown as Rows<{ seq: string | number; message: unknown }>;
    if (batch.length === 0) break;
    await Promise.all(
      batch.map((row) => {
        const h = headers();
        h.set(HEADER.origin, origin);
        h.set(HEADER.seq, String(row.seq));
        h.set(HEADER.schema, String(FLEET_SCHEMA));
        return js.publish(subject, JSON.stringify(row.message), { msgID: `${origin}-${vessel}-${row.seq}`, headers: h });
      }),
    );
    const last = Number(batch[batch.length - 1].seq);
    await db.transaction(async (tx) => {
      await tx.execute(sql`update fleet_outbox set sent_at = now() where vessel_code = ${vessel} and sent_at is null and seq <= ${last}`);
      await tx.execute(sql`delete from fleet_outbox where vessel_code = ${vessel} and sent_at is not null and seq < ${last}`);
    });
    published += batch.length;
  }
  if (published > 0) {
    await db.execute(sql`delete from fleet_payloads p where not exists (select 1 from fleet_outbox o where o.payload_hash = p.hash)`);
  }
  return published;
}

/** The last sequence queued for `vessel` (0: none). */
export async function lastQueued(db: Db, vessel: string): Promise<number> {
  const [row] = await db
    .select({ last: sql<string>`coalesce(max(${fleetOutbox.seq}), 0)::bigint` })
    .from(fleetOutbox)
    .where(eq(fleetOutbox.vesselCode, vessel));
  return Number(row.last);
}

/** Vessels with messages waiting to be published. */
export async function vesselsWithUnsent(db: Db): Promise<string[]> {
  const { rows } = (await db.execute(sql`select distinct vessel_code from fleet_outbox where sent_at is null`)) as unknown as Rows<{ vessel_code: string }>;
  return rows.map((r) => r.vessel_code);
}

/** Unsent messages for `vessel`, or for every vessel. */
export async function unsentCount(db: Db, vessel?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(fleetOutbox)
    .where(and(sql`${fleetOutbox.sentAt} is null`, vessel ? eq(fleetOutbox.vesselCode, vessel) : undefined));
  return Number(row.n);
}
