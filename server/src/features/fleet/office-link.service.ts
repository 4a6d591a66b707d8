import { type JsMsg, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection, nanos } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { vessels } from '../../db/schema';
import { type FleetLink, linkStateKeeper } from './link.helper';
import { createFileSender } from './files.service';
import { appliedFrom, receiveShipMessage, SHIPS_ORIGIN } from './office-receive.service';
import { publishOutbox, unsentCount, vesselsWithUnsent } from './outbox.service';
import { keepRunning, readStream } from './stream-reader.service';
import {
  HEADER,
  HELLO_SUBJECTS,
  type HelloAnswer,
  OFFICE_STREAM,
  OFFICE_SUBJECTS,
  officeSubject,
  SHIP_OUTBOX_STREAM,
  PROGRESS_SUBJECTS,
  vesselOfSubject,
  SHIPS_STREAM,
  shipSubject,
  vesselOfShipSubject,
} from './messages.helper';
import { planFleet } from './office-plan.service';
import { FileProgress, Hello } from '../../../../common/contracts/fleet-messages';
import { parseJson } from './parse.helper';

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
  let closed = false;
  // The office's link as the NATS client reports it: connected since when, or down since when and why.
  const link = linkStateKeeper(natsUrl);
  const up = () => link.get().state === 'connected';
  let working: Promise<void> | undefined;
  let files: ReturnType<typeof createFileSender> | undefined;

  const ready = (async () => {
    nc = await firstConnection();
    link.up();
    void (async () => {
      for await (const s of nc!.status()) {
        if (s.type === 'disconnect') link.down('connection lost');
        // An error while connected (a refused subject) is not the link going down.
        if (s.type === 'error' && !up()) link.down(s.error);
        if (s.type === 'reconnect') link.up();
      }
    })();
    const jsm = await jetstreamManager(nc);
    await jsm.streams
      .info(OFFICE_STREAM)
      .catch(() => jsm.streams.add({ name: OFFICE_STREAM, subjects: [OFFICE_SUBJECTS], duplicate_window: nanos(10 * 60_000) }));
    files = createFileSender(db, nc, log);
    // The vessel is the subject's (only its credential may publish there), never the body's.
    nc.subscribe(PROGRESS_SUBJECTS, {
      callback: (_err, msg) => {
        const vessel = vesselOfSubject(msg.subject);
        const progress = parseJson(FileProgress, msg.data);
        if (!progress) return;
        files!.shipHolds(vessel, progress.chunks);
        void files!.send(vessel);
      },
    });
    nc.subscribe(HELLO_SUBJECTS, {
      callback: (_err, msg) => {
        void (async () => {
          const vessel = vesselOfSubject(msg.subject);
          const hello = parseJson(Hello, msg.data);
          if (!hello) return;
          if (hello.chunks !== undefined) files!.shipHolds(vessel, hello.chunks);
          const [row] = await db
            .update(vessels)
            .set({ lastContactAt: new Date(), shipProblem: hello.problem ?? null })
            .where(eq(vessels.code, vessel))
            .returning({ name: vessels.name });
          const applied = row ? await appliedFrom(db, vessel) : 0;
          msg.respond(JSON.stringify({ known: Boolean(row), name: row?.name ?? null, applied } satisfies HelloAnswer));
        })().catch((err) => log.error({ err }, 'fleet: answering a ship failed'));
      },
    });
    log.info(`fleet: office linked to NATS at ${natsUrl}`);
  })();
  ready.catch((err) => !closed && log.error({ err }, 'fleet: the office could not reach NATS'));

  /**
   * Tries until NATS answers (or the link is closed), keeping each failure's reason for the
   * Fleet page; once connected, the client itself reconnects for ever.
   */
  async function firstConnection(): Promise<NatsConnection> {
    for (;;) {
      if (closed) throw new Error('fleet: the office link was closed before NATS answered');
      try {
        return await connect({ servers: natsUrl, name: 'sop-harbor-office', maxReconnectAttempts: -1 });
      } catch (err) {
        link.down(err);
        log.warn(`fleet: ${link.get().error}; trying again`);
        await new Promise((resolve) => setTimeout(resolve, opts.everyMs ?? 2000));
      }
    }
  }

  async function round() {
    await ready;
    if (!up() || !nc) return;
    const js = jetstream(nc);
    for (const code of await planFleet(db)) files!.changed(code);
    const fleet = await db
      .select({ code: vessels.code, contacted: sql<boolean>`${vessels.lastContactAt} is not null` })
      .from(vessels)
      .orderBy(vessels.code);
    await sourceShips(fleet.map((v) => v.code));
    // A vessel whose ship has never been heard from keeps its messages here, not at the hub.
    const contacted = new Set(fleet.filter((v) => v.contacted).map((v) => v.code));
    for (const code of await vesselsWithUnsent(db)) {
      if (contacted.has(code)) await publishOutbox(db, js, code, officeSubject(code), 'office');
    }
    // Then the bytes, once every vessel's records are on their way.
    for (const code of contacted) await files!.send(code);
  }

  /**
   * The hub's stream of what ships send sources each registered vessel's stream on board, each
   * delivered on deliver.<vessel>.out.… (all a vessel's leaf node may send up besides its own
   * subjects: deploy/nats/fleet-users.conf). The first round after a start compares the stored
   * sources, so a stream made by an earlier version (deliver '') is updated once; later rounds
   * only when the fleet changes.
   */
  let sourced = '';
  async function sourceShips(codes: string[]) {
    if (codes.length === 0) return;
    const sources = codes.map((code) => ({
      name: SHIP_OUTBOX_STREAM,
      filter_subject: shipSubject(code),
      external: { api: `$JS.${code}.API`, deliver: `deliver.${code}.out` },
    }));
    const wanted = JSON.stringify(sources);
    if (wanted === sourced) return;
    const jsm = await jetstreamManager(nc!);
    const stored = await jsm.streams.info(SHIPS_STREAM).then(
      (info) => info.config.sources ?? [],
      () => undefined,
    );
    if (!stored) await jsm.streams.add({ name: SHIPS_STREAM, sources });
    else {
      const current = stored.map((s) => ({ name: s.name, filter_subject: s.filter_subject, external: { api: s.external?.api, deliver: s.external?.deliver } }));
      if (JSON.stringify(current) !== wanted) await jsm.streams.update(SHIPS_STREAM, { sources });
    }
    sourced = wanted;
  }

  const applyFromShip = async (msg: JsMsg) => {
    const outcome = await receiveShipMessage(db, {
      vessel: vesselOfShipSubject(msg.subject),
      headers: { origin: msg.headers?.get(HEADER.origin), seq: msg.headers?.get(HEADER.seq), schema: msg.headers?.get(HEADER.schema) },
      data: msg.data,
      streamSeq: msg.seq,
    });
    if (outcome === 'set-aside') log.warn(`fleet: a message from ${vesselOfShipSubject(msg.subject)} was set aside; see the Fleet page`);
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
    connected: up,
    link: link.get,
    lastContactAt: () => null,
    waitingToSend: () => unsentCount(db),
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
