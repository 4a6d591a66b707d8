import { DeliverPolicy, type JsMsg, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { applyMessage, resumeAfter } from './apply';
import type { LinkOptions, RunningLink } from './office-link';
import { createFileAssembler, FILES_ORIGIN } from './files';
import {
  FILE_HEADER,
  FILES_STREAM,
  filesSubject,
  HEADER,
  HELLO_SUBJECT,
  type HelloAnswer,
  HUB_DOMAIN,
  OFFICE_STREAM,
  officeSubject,
  type RecordMessage,
  SHIP_FILES_STREAM,
  SHIP_INBOX_STREAM,
} from './messages';

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
  const everyMs = opts.everyMs ?? 2000;

  const ready = (async () => {
    nc = await connect({ servers: natsUrl, name: `sop-harbor-${vessel}`, waitOnFirstConnect: true, maxReconnectAttempts: -1 });
    const jsm = await jetstreamManager(nc);
    for (const [name, source, subject] of [
      [SHIP_INBOX_STREAM, OFFICE_STREAM, officeSubject(vessel)],
      [SHIP_FILES_STREAM, FILES_STREAM, filesSubject(vessel)],
    ]) {
      await jsm.streams
        .info(name)
        .catch(() => jsm.streams.add({ name, sources: [{ name: source, filter_subject: subject, external: { api: `$JS.${HUB_DOMAIN}.API`, deliver: '' } }] }));
    }
    log.info(`fleet: ship ${vessel} linked to NATS at ${natsUrl}`);
  })();
  ready.catch((err) => log.error({ err }, 'fleet: the ship could not reach its NATS server'));

  async function hello() {
    await ready;
    try {
      const answer = (await nc!.request(HELLO_SUBJECT, JSON.stringify({ vessel }), { timeout: Math.max(1000, everyMs) })).json<HelloAnswer>();
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
    } catch {
      // No answer: the link (or the office) is down. What the office sends meanwhile waits in its stream.
    }
  }

  /** Reads `stream` in order from just after the last message `origin` applied, handing each to `handle`. */
  async function readLoop(stream: string, origin: string, handle: (msg: JsMsg) => Promise<'go-on' | 'held'>): Promise<'held' | 'closed'> {
    await ready;
    const js = jetstream(nc!);
    while (!closed) {
      if (known !== true) {
        await sleep(200);
        continue;
      }
      const after = await resumeAfter(db, origin);
      const consumer = await js.consumers.get(
        stream,
        after === 0 ? { deliver_policy: DeliverPolicy.All } : { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: after + 1 },
      );
      while (!closed) {
        const msg = await consumer.next({ expires: 1000 });
        if (msg && (await handle(msg)) === 'held') return 'held';
      }
    }
    return 'closed';
  }

  const applyRecords = async (msg: JsMsg) => {
    const outcome = await applyMessage(db, {
      origin: msg.headers?.get(HEADER.origin) || 'office',
      seq: Number(msg.headers?.get(HEADER.seq)),
      schema: Number(msg.headers?.get(HEADER.schema) || 1),
      streamSeq: msg.seq,
      message: msg.json<RecordMessage>(),
    });
    if (outcome !== 'held') return 'go-on' as const;
    problem = `A message from the office (number ${msg.headers?.get(HEADER.seq)}) needs a newer version of SOP Harbor on board; it and everything after it are kept and applied after the upgrade.`;
    log.error(`fleet: ${problem}`);
    return 'held' as const;
  };

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
    if (outcome === 'corrupt') log.error(`fleet: file ${sha256} arrived with other bytes than its checksum says; it was not stored`);
    return 'go-on' as const;
  };

  /** Runs a loop until it is held or the link closes; a failure is retried from where it stands. */
  const keepRunning = async (loop: () => Promise<'held' | 'closed'>) => {
    while (!closed) {
      try {
        if ((await loop()) === 'held') return;
      } catch (err) {
        if (!closed) log.warn({ err }, 'fleet: reading from the office failed; trying again');
        await sleep(everyMs);
      }
    }
  };

  const helloTimer = setInterval(() => !closed && void hello(), everyMs);
  void hello();
  // Records and files are read side by side: a record never waits behind file bytes.
  const applying = Promise.all([
    keepRunning(() => readLoop(SHIP_INBOX_STREAM, 'office', applyRecords)),
    keepRunning(() => readLoop(SHIP_FILES_STREAM, FILES_ORIGIN, storeFiles)),
  ]);

  return {
    connected: () => reachedAt > 0 && Date.now() - reachedAt < everyMs * 3,
    lastContactAt: () => lastContact,
    waitingToSend: async () => 0,
    problem: () => problem,
    tick: hello,
    async close() {
      closed = true;
      clearInterval(helloTimer);
      await nc?.close();
      await applying;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
