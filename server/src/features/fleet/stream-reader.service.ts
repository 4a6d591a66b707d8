import { DeliverPolicy, type JetStreamClient, type JsMsg } from '@nats-io/jetstream';
import type { Db } from '../../db/client';
import { resumeAfter } from './apply.service';

/**
 * Reads `stream` (only `subject` when given) in order from just after the position recorded
 * for `origin` (written by the handler in the transaction that applies each message), until
 * `stopped()` or the handler answers 'held'.
 */
export async function readStream(
  js: JetStreamClient,
  db: Db,
  from: string | { stream: string; subject: string },
  origin: string,
  handle: (msg: JsMsg) => Promise<'go-on' | 'held'>,
  stopped: () => boolean,
): Promise<'held' | 'closed'> {
  const after = await resumeAfter(db, origin);
  const { stream, subject } = typeof from === 'string' ? { stream: from, subject: undefined } : from;
  const consumer = await js.consumers.get(stream, {
    // One subject as a string: the singular filter NATS 2.9 knows.
    ...(subject ? { filter_subjects: subject } : {}),
    ...(after === 0 ? { deliver_policy: DeliverPolicy.All } : { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: after + 1 }),
  });
  while (!stopped()) {
    const msg = await consumer.next({ expires: 1000 });
    if (msg && (await handle(msg)) === 'held') return 'held';
  }
  return 'closed';
}

/**
 * Runs `loop` until `stopped()`; a failure is logged and retried from where it stands, and a
 * message that held it is tried again after a longer pause (an upgrade, or a record it needed,
 * may have come meanwhile).
 */
export async function keepRunning(loop: () => Promise<'held' | 'closed'>, stopped: () => boolean, onError: (err: unknown) => void, pauseMs: number) {
  while (!stopped()) {
    try {
      if ((await loop()) === 'held') await pause(stopped, pauseMs * 5);
    } catch (err) {
      if (!stopped()) onError(err);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}

/** Waits `ms`, or less once `stopped()`. */
async function pause(stopped: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!stopped() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, Math.min(200, until - Date.now())));
}
