import { type JetStreamManager, type JsMsg, jetstream, jetstreamManager, type StreamSource } from '@nats-io/jetstream';
import { connect, type NatsConnection, nanos } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { wakeJobRunners } from '../../jobs/job-queue';
import { applyMessage } from './apply.service';
import { keepRunning, readStream } from './stream-reader.service';
import type { LinkOptions, RunningLink } from './office-link.service';
import { createFileAssembler, FILES_ORIGIN } from './files.service';
import {
  FILE_HEADER,
  filesSubject,
  HEADER,
  type FileProgress,
  type Hello,
  helloSubject,
  progressSubject,
  HUB_DOMAIN,
  OFFICE_STREAM,
  officeSubject,
  SHIP_INBOX_STREAM,
  SHIP_OUTBOX_STREAM,
  shipSubject,
  toVesselSubject,
} from './messages.helper';
import { lastQueued, publishOutbox } from './outbox.service';
import { planShip } from './ship-plan.service';
import { Envelope, FLEET_SCHEMA, HelloAnswer, RecordMessage } from '../../../../common/contracts/fleet-messages';
import { parseJson, parseJsonResult } from './parse.helper';

/**
 * The ship's side: a stream on the NATS server on board that sources this vessel's subject
 * of the office's stream across the leaf link (kept while the link is down, caught up when it
 * returns), read in order from just after the last message this database applied. Nothing is
 * applied until the office confirms it knows the vessel's code.
 */
export function startShipLink(db: Db, vessel: string, natsUrl: string, log: FastifyBaseLogger, opts: LinkOptions = {}): RunningLink {
  let nc: NatsConnection | undefined;
  let closed = false;
  let known: boolean | undefined;
  let lastContact: Date | null = null;
  let reachedAt = 0;
  let problem: string | null = null;
  /** The last of our messages the office said it has applied. */
  let officeApplied = 0;
  const everyMs = opts.everyMs ?? 2000;

  const ready = (async () => {
    // Answers to the ship's requests (the hello's) come back on _INBOX.<vessel>.…, the only inbox
    // the hub delivers to this vessel's leaf node (deploy/nats/fleet-users.conf).
    nc = await connect({
      servers: natsUrl,
      name: `sop-harbor-${vessel}`,
      inboxPrefix: shipInboxPrefix(vessel),
      waitOnFirstConnect: true,
      maxReconnectAttempts: -1,
    });
    const jsm = await jetstreamManager(nc);
    await ensureShipInbox(jsm, vessel);
    await jsm.streams
      .info(SHIP_OUTBOX_STREAM)
      .catch(() => jsm.streams.add({ name: SHIP_OUTBOX_STREAM, subjects: [shipSubject(vessel)], duplicate_window: nanos(10 * 60_000) }));
    log.info(`fleet: ship ${vessel} linked to NATS at ${natsUrl}`);
  })();
  ready.catch((err) => log.error({ err }, 'fleet: the ship could not reach its NATS server'));

  async function hello() {
    await ready;
    try {
      const chunks = await chunksOnBoard();
      // The answer may wait behind file chunks on a slow link: it is given time.
      const reply = await nc!.request(helloSubject(vessel), JSON.stringify({ chunks, problem } satisfies Hello), { timeout: Math.max(5000, everyMs * 3) });
      // The office's answer is read by its contract like every other message across the link.
      const answer = parseJson(HelloAnswer, reply.data);
      if (!answer) {
        log.warn(`fleet: the office's answer to ${vessel}'s hello does not fit its contract; asking again next round`);
        return;
      }
      lastContact = new Date();
      reachedAt = Date.now();
      if (!answer.known && known !== false) {
        problem = `The office does not know the vessel code ${vessel}: register it ashore (code ${vessel}), or correct VESSEL on board. Nothing is applied until then.`;
        log.error(`fleet: ${problem}`);
      }
      if (answer.known && known !== true) {
        problem = null;
        log.info(`fleet: the office knows ${vessel}${answer.name ? ` (${answer.name})` : ''}`);
      }
      known = answer.known;
      officeApplied = answer.applied;
    } catch {
      // No answer: the link (or the office) is down. What the office sends meanwhile waits in its stream.
    }
  }

  const stopped = () => closed;
  /** Waits until the office has confirmed the vessel, then reads `stream` (see readStream). */
  async function readLoop(subject: string, origin: string, handle: (msg: JsMsg) => Promise<'go-on' | 'held'>): Promise<'held' | 'closed'> {
    await ready;
    while (!closed && known !== true) await sleep(200);
    return closed ? 'closed' : readStream(jetstream(nc!), db, { stream: SHIP_INBOX_STREAM, subject }, origin, handle, stopped);
  }

  /** File chunks in the stream on board. */
  async function chunksOnBoard(): Promise<number> {
    const info = await (await jetstreamManager(nc!)).streams.info(SHIP_INBOX_STREAM, { subjects_filter: filesSubject(vessel) });
    return info.state.subjects?.[filesSubject(vessel)] ?? 0;
  }
  /** Tells the office what is on board (one question at a time; a chunk read meanwhile is in the next answer). */
  let reporting: Promise<void> | undefined;
  let reportAgain = false;
  function reportProgress() {
    if (reporting) {
      reportAgain = true;
      return;
    }
    reporting = (async () => {
      do {
        reportAgain = false;
        nc!.publish(progressSubject(vessel), JSON.stringify({ chunks: await chunksOnBoard() } satisfies FileProgress));
      } while (reportAgain && !closed);
    })()
      .catch(() => undefined)
      .finally(() => {
        reporting = undefined;
      });
  }

  /** Holds the office's records at `seq` with `reason`: nothing after it is applied, so their order is kept. */
  const hold = (seq: string | undefined, reason: string) => {
    problem = `A message from the office (number ${seq ?? 'unknown'}) ${reason}; it and everything after it are kept and applied once it can be.`;
    log.error(`fleet: ${problem}`);
    return 'held' as const;
  };
  const applyRecords = async (msg: JsMsg) => {
    const seq = msg.headers?.get(HEADER.seq);
    const envelope = Envelope.safeParse({ origin: msg.headers?.get(HEADER.origin) || 'office', seq, schema: msg.headers?.get(HEADER.schema) || 1 });
    if (!envelope.success) return hold(seq, 'does not name its place in the sequence');
    if (envelope.data.schema > FLEET_SCHEMA) return hold(seq, 'needs a newer version of SOP Harbor on board');
    const parsed = parseJsonResult(RecordMessage, msg.data);
    if (!parsed.ok) return hold(seq, parsed.reason);
    let outcome: Awaited<ReturnType<typeof applyMessage>>;
    try {
      outcome = await applyMessage(db, { ...envelope.data, streamSeq: msg.seq, message: parsed.value });
    } catch (err) {
      return hold(seq, `could not be applied (${err instanceof Error ? err.message : String(err)})`);
    }
    // A file's jobs (preview, text) may have been queued with its attachment.
    wakeJobRunners();
    if (outcome === 'held') return hold(seq, 'needs a newer version of SOP Harbor on board');
    if (problem?.startsWith('A message from the office')) problem = null;
    return 'go-on' as const;
  };

  const onError = (err: unknown) => log.warn({ err }, 'fleet: reading from the office failed; trying again');
  const assembler = createFileAssembler(db);
  const storeFiles = async (msg: JsMsg) => {
    const sha256 = msg.headers?.get(FILE_HEADER.sha256) ?? '';
    const outcome = await assembler.take({
      sha256,
      index: Number(msg.headers?.get(FILE_HEADER.index)),
      count: Number(msg.headers?.get(FILE_HEADER.count)),
      data: msg.data,
      streamSeq: msg.seq,
    });
    if (outcome === 'stored') wakeJobRunners();
    if (outcome === 'corrupt') log.error(`fleet: file ${sha256} arrived with other bytes than its checksum says; it was not stored`);
    // The office sends a few chunks ahead of what is on board: say what is.
    reportProgress();
    return 'go-on' as const;
  };

  /** Queues what the office must hear and puts it in the stream on board (kept there while the link is down). */
  async function send() {
    await ready;
    if (known !== true) return;
    // The first round after a start looks at everything (what was due before it); later ones only after a change.
    await planShip(db, vessel, officeApplied, { everything: !plannedOnce });
    plannedOnce = true;
    await publishOutbox(db, jetstream(nc!), vessel, shipSubject(vessel), `ship:${vessel}`);
  }
  let plannedOnce = false;
  let sending: Promise<void> | undefined;
  const round = () => {
    sending ??= hello()
      .then(send)
      .catch((err) => log.warn({ err }, 'fleet: sending to the office failed; trying again'))
      .finally(() => {
        sending = undefined;
      });
    return sending;
  };
  const timer = setInterval(() => !closed && void round(), everyMs);
  void round();

  // Records and files are read side by side: a record never waits behind file bytes.
  const applying = Promise.all([
    keepRunning(() => readLoop(officeSubject(vessel), 'office', applyRecords), stopped, onError, everyMs),
    keepRunning(() => readLoop(filesSubject(vessel), FILES_ORIGIN, storeFiles), stopped, onError, everyMs),
  ]);

  // Connected: the office answered within the last few rounds.
  const connected = () => reachedAt > 0 && Date.now() - reachedAt < Math.max(everyMs * 3, 15_000);
  const startedAt = new Date();
  return {
    connected,
    // On board the link is the office answering, not only the local leaf node.
    link: () =>
      connected()
        ? { state: 'connected', since: lastContact, error: null }
        : reachedAt === 0
          ? { state: 'connecting', since: startedAt, error: problem }
          : { state: 'down', since: lastContact, error: problem ?? 'The office has not answered' },
    lastContactAt: () => lastContact,
    waitingToSend: async () => Math.max(0, (await lastQueued(db, vessel)) - officeApplied),
    problem: () => problem,
    tick: round,
    async close() {
      closed = true;
      clearInterval(timer);
      await sending;
      await nc?.close();
      await applying;
    },
  };
}

/** The prefix of the ship app's request inboxes: only this vessel's answers cross the link (decision 049). */
export const shipInboxPrefix = (vessel: string) => `_INBOX.${vessel}`;

/**
 * FLEET_IN's one source: this vessel's share of the office's stream, through the hub's JetStream,
 * delivered on deliver.<vessel>.in.… (the hub delivers no other vessel's deliveries to this leaf node).
 */
export const shipInboxSource = (vessel: string): StreamSource => ({
  name: OFFICE_STREAM,
  filter_subject: toVesselSubject(vessel),
  external: { api: `$JS.${HUB_DOMAIN}.API`, deliver: `deliver.${vessel}.in` },
});

/**
 * Makes FLEET_IN, or brings the source of one made by an earlier version (deliver '') to
 * shipInboxSource. An update keeps the stream's messages and their numbers (fleet_applied reads
 * by them) and where the source had got to; the server keeps the source's running consumer until it
 * stalls or the link returns, then asks for the next message on the new delivery subject.
 */
export async function ensureShipInbox(jsm: JetStreamManager, vessel: string): Promise<'added' | 'updated' | 'kept'> {
  const source = shipInboxSource(vessel);
  const info = await jsm.streams.info(SHIP_INBOX_STREAM).catch(() => undefined);
  if (!info) {
    await jsm.streams.add({ name: SHIP_INBOX_STREAM, sources: [source] });
    return 'added';
  }
  const key = (s: StreamSource | undefined) => JSON.stringify([s?.name, s?.filter_subject ?? '', s?.external?.api ?? '', s?.external?.deliver ?? '']);
  const stored = info.config.sources ?? [];
  if (stored.length === 1 && key(stored[0]) === key(source)) return 'kept';
  await jsm.streams.update(SHIP_INBOX_STREAM, { sources: [source] });
  return 'updated';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
