import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, headers, type NatsConnection, nanos } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fleetOutbox, vessels } from '../db/schema';
import type { FleetLink } from './link';
import { sendFiles } from './files';
import { FILES_STREAM, FLEET_SCHEMA, filesSubject, HEADER, HELLO_SUBJECT, type Hello, type HelloAnswer, OFFICE_STREAM, officeSubject } from './messages';
import { planVessel } from './office-plan';

export interface RunningLink extends FleetLink {
  /** One round of work now (tests): plan and send what is due. */
  tick(): Promise<void>;
  close(): Promise<void>;
}

export interface LinkOptions {
  /** How often the link looks for work (ms). */
  everyMs?: number;
}

/**
 * The office's side: the hub's stream of messages for the ships, filled from each vessel's
 * outbox in order; answers ships asking whether their code is registered. Publishing is
 * idempotent (the message id names vessel and sequence), so a send cut off before its
 * sent mark is repeated harmlessly.
 */
export function startOfficeLink(db: Db, natsUrl: string, log: FastifyBaseLogger, opts: LinkOptions = {}): RunningLink {
  let nc: NatsConnection | undefined;
  let up = false;
  let closed = false;
  let working: Promise<void> | undefined;

  const ready = (async () => {
    nc = await connect({ servers: natsUrl, name: 'sop-harbor-office', waitOnFirstConnect: true, maxReconnectAttempts: -1 });
    up = true;
    void (async () => {
      for await (const s of nc!.status()) {
        if (s.type === 'disconnect') up = false;
        if (s.type === 'reconnect') up = true;
      }
    })();
    const jsm = await jetstreamManager(nc);
    for (const [name, subject] of [
      [OFFICE_STREAM, officeSubject('>')],
      [FILES_STREAM, filesSubject('>')],
    ]) {
      await jsm.streams.info(name).catch(() => jsm.streams.add({ name, subjects: [subject], duplicate_window: nanos(10 * 60_000) }));
    }
    nc.subscribe(HELLO_SUBJECT, {
      callback: (_err, msg) => {
        void (async () => {
          const { vessel } = msg.json<Hello>();
          const [row] = await db
            .update(vessels)
            .set({ lastContactAt: new Date() })
            .where(eq(vessels.code, String(vessel)))
            .returning({ name: vessels.name });
          msg.respond(JSON.stringify({ known: Boolean(row), name: row?.name ?? null } satisfies HelloAnswer));
        })().catch((err) => log.error({ err }, 'fleet: answering a ship failed'));
      },
    });
    log.info(`fleet: office linked to NATS at ${natsUrl}`);
  })();
  ready.catch((err) => log.error({ err }, 'fleet: the office could not reach NATS'));

  async function round() {
    await ready;
    if (!up || !nc) return;
    const js = jetstream(nc);
    const fleet = await db.select({ code: vessels.code }).from(vessels);
    for (const { code } of fleet) {
      await planVessel(db, code);
      for (;;) {
        const batch = await db
          .select()
          .from(fleetOutbox)
          .where(and(eq(fleetOutbox.vesselCode, code), isNull(fleetOutbox.sentAt)))
          .orderBy(asc(fleetOutbox.seq))
          .limit(200);
        if (batch.length === 0) break;
        for (const row of batch) {
          const h = headers();
          h.set(HEADER.origin, 'office');
          h.set(HEADER.seq, String(row.seq));
          h.set(HEADER.schema, String(FLEET_SCHEMA));
          h.set(HEADER.vessel, code);
          await js.publish(officeSubject(code), JSON.stringify(row.payload), { msgID: `office-${code}-${row.seq}`, headers: h });
          await db
            .update(fleetOutbox)
            .set({ sentAt: sql`now()` })
            .where(and(eq(fleetOutbox.vesselCode, code), eq(fleetOutbox.seq, row.seq)));
        }
      }
    }
    // Then the bytes, once every vessel's records are on their way.
    for (const { code } of fleet) await sendFiles(db, js, code);
  }

  const tick = () => {
    working ??= round()
      .catch((err) => log.warn({ err }, 'fleet: sending to the ships failed; trying again'))
      .finally(() => {
        working = undefined;
      });
    return working;
  };
  const timer = setInterval(() => !closed && void tick(), opts.everyMs ?? 2000);

  return {
    connected: () => up,
    lastContactAt: () => null,
    waitingToSend: async () => (await db.select({ n: count() }).from(fleetOutbox).where(isNull(fleetOutbox.sentAt)))[0].n,
    problem: () => null,
    tick,
    async close() {
      closed = true;
      clearInterval(timer);
      await working;
      await nc?.close();
    },
  };
}
