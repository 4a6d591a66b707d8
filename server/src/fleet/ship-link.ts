import { type JsMsg, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection, nanos } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { wakeJobRunners } from '../jobs/job-queue';
import { applyMessage } from './apply';
import { keepRunning, readStream } from './stream-reader';
import type { LinkOptions, RunningLink } from './office-link';
import { createFileAssembler, FILES_ORIGIN } from './files';
import {
  FILE_HEADER,
  filesSubject,
  HEADER,
  type FileProgress,
  type Hello,
  HELLO_SUBJECT,
  type HelloAnswer,
  PROGRESS_SUBJECT,
  HUB_DOMAIN,
  OFFICE_STREAM,
  officeSubject,
  type RecordMessage,
  SHIP_INBOX_STREAM,
  SHIP_OUTBOX_STREAM,
  shipSubject,
  toVesselSubject,
} from './messages';
import { lastQueued, publishOutbox } from './outbox';
import { planShip } from './ship-plan';

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
    nc = await connect({ servers: natsUrl, name: `sop-harbor-${vessel}`, waitOnFirstConnect: true, maxReconnectAttempts: -1 });
    const jsm = await jetstreamManager(nc);
    await jsm.streams.info(SHIP_INBOX_STREAM).catch(() =>
      jsm.streams.add({
        name: SHIP_INBOX_STREAM,
        sources: [{ name: OFFICE_STREAM, filter_subject: toVesselSubject(vessel), external: { api: `$JS.${HUB_DOMAIN}.API`, deliver: '' } }],
      }),
    );
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
      const answer = (
        await nc!.request(HELLO_SUBJECT, JSON.stringify({ vessel, chunks } satisfies Hello), { timeout: Math.max(5000, everyMs * 3) })
      ).json<HelloAnswer>();
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
        nc!.publish(PROGRESS_SUBJECT, JSON.stringify({ vessel, chunks: await chunksOnBoard() } satisfies FileProgress));
      } while (reportAgain && !closed);
    })()
      .catch(() => undefined)
      .finally(() => {
        reporting = undefined;
      });
  }

  const applyRecords = async (msg: JsMsg) => {
    const outcome = await applyMessage(db, {
      origin: msg.headers?.get(HEADER.origin) || 'office',
      seq: Number(msg.headers?.get(HEADER.seq)),
      schema: Number(msg.headers?.get(HEADER.schema) || 1),
      streamSeq: msg.seq,
      message: msg.json<RecordMessage>(),
    });
    // A file's jobs (preview, text) may have been queued with its attachment.
    wakeJobRunners();
    if (outcome !== 'held') return 'go-on' as const;
    problem = `A message from the office (number ${msg.headers?.get(HEADER.seq)}) needs a newer version of SOP Harbor on board; it and everything after it are kept and applied after the upgrade.`;
    log.error(`fleet: ${problem}`);
    return 'held' as const;
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
    await planShip(db, vessel, officeApplied);
    await publishOutbox(db, jetstream(nc!), vessel, shipSubject(vessel), `ship:${vessel}`);
  }
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

  return {
    // Connected: the office answered within the last few rounds.
    connected: () => reachedAt > 0 && Date.now() - reachedAt < Math.max(everyMs * 3, 15_000),
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
