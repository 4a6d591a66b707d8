import { type JsMsg, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection, nanos } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fleetOutbox, vessels } from '../db/schema';
import type { FleetLink } from './link';
import { createFileSender } from './files';
import { appliedFrom, applyShipMessage, SHIPS_ORIGIN } from './office-receive';
import { publishOutbox } from './outbox';
import { keepRunning, readStream } from './stream-reader';
import {
  HEADER,
  type FileProgress,
  HELLO_SUBJECT,
  type Hello,
  type HelloAnswer,
  OFFICE_STREAM,
  OFFICE_SUBJECTS,
  officeSubject,
  SHIP_OUTBOX_STREAM,
  type ShipMessage,
  PROGRESS_SUBJECT,
  SHIPS_STREAM,
  shipSubject,
  vesselOfShipSubject,
} from './messages';
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
  let files: ReturnType<typeof createFileSender> | undefined;

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
    await jsm.streams
      .info(OFFICE_STREAM)
      .catch(() => jsm.streams.add({ name: OFFICE_STREAM, subjects: [OFFICE_SUBJECTS], duplicate_window: nanos(10 * 60_000) }));
    files = createFileSender(db, nc, log);
    nc.subscribe(PROGRESS_SUBJECT, {
      callback: (_err, msg) => {
        const { vessel, chunks } = msg.json<FileProgress>();
        files!.shipHolds(String(vessel), Number(chunks));
        void files!.send(String(vessel));
      },
    });
    nc.subscribe(HELLO_SUBJECT, {
      callback: (_err, msg) => {
        void (async () => {
          const { vessel, chunks } = msg.json<Hello>();
          if (chunks !== undefined) files!.shipHolds(String(vessel), Number(chunks));
          const [row] = await db
            .update(vessels)
            .set({ lastContactAt: new Date() })
            .where(eq(vessels.code, String(vessel)))
            .returning({ name: vessels.name });
          const applied = row ? await appliedFrom(db, String(vessel)) : 0;
          msg.respond(JSON.stringify({ known: Boolean(row), name: row?.name ?? null, applied } satisfies HelloAnswer));
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
    await sourceShips(fleet.map((v) => v.code));
    for (const { code } of fleet) {
      await planVessel(db, code);
      await publishOutbox(db, js, code, officeSubject(code), 'office');
    }
    // Then the bytes, once every vessel's records are on their way.
    for (const { code } of fleet) await files!.send(code);
  }

  /** The hub's stream of what ships send sources each registered vessel's stream on board. */
  let sourced = '';
  async function sourceShips(codes: string[]) {
    if (codes.length === 0 || codes.join(',') === sourced) return;
    const jsm = await jetstreamManager(nc!);
    const config = {
      name: SHIPS_STREAM,
      sources: codes.map((code) => ({ name: SHIP_OUTBOX_STREAM, filter_subject: shipSubject(code), external: { api: `$JS.${code}.API`, deliver: '' } })),
    };
    const exists = await jsm.streams.info(SHIPS_STREAM).then(
      () => true,
      () => false,
    );
    if (exists) await jsm.streams.update(SHIPS_STREAM, { sources: config.sources });
    else await jsm.streams.add(config);
    sourced = codes.join(',');
  }

  const applyFromShip = async (msg: JsMsg) => {
    await applyShipMessage(db, {
      vessel: vesselOfShipSubject(msg.subject),
      seq: Number(msg.headers?.get(HEADER.seq)),
      streamSeq: msg.seq,
      message: msg.json<ShipMessage>(),
    });
    return 'go-on' as const;
  };
  const stopped = () => closed;
  const receiving = keepRunning(
    async () => {
      await ready;
      return readStream(jetstream(nc!), db, SHIPS_STREAM, SHIPS_ORIGIN, applyFromShip, stopped);
    },
    stopped,
    (err) => {
      // Until a vessel is registered there is no stream to read.
      if (!String(err).includes('stream not found')) log.warn({ err }, 'fleet: reading from the ships failed; trying again');
    },
    opts.everyMs ?? 2000,
  );

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
      await files?.close();
      await nc?.close();
      await receiving;
    },
  };
}
