import { DeliverPolicy, type JetStreamClient, type JsMsg } from '@nats-io/jetstream';
import type { Db } from '../db/client';
import { resumeAfter } from './apply';

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

/** Runs `loop` until it is held or `stopped()`; a failure is logged and retried from where it stands. */
export async function keepRunning(loop: () => Promise<'held' | 'closed'>, stopped: () => boolean, onError: (err: unknown) => void, pauseMs: number) {
  while (!stopped()) {
    try {
      if ((await loop()) === 'held') return;
    } catch (err) {
      if (!stopped()) onError(err);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}
