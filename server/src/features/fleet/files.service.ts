import { createHash } from 'node:crypto';
import { type JetStreamManager, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { headers, type NatsConnection } from '@nats-io/transport-node';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fleetApplied, fleetPendingAttachments, fleetSent, storedFiles } from '../../db/schema';
import { openRead, putBuffer } from '../../files/store';
import type { Rows } from '../../db/rows';
import { addAttachment, applySop } from './apply.service';
import { FILE_CHUNK_BYTES, FILE_HEADER, FILE_WINDOW_CHUNKS, filesSubject, OFFICE_STREAM } from './messages.helper';
import { filesToSend } from './office-plan.service';
import { fileArrival, takeWholeVersions } from './pending-versions.service';

/**
 * At the office: sends each vessel the files it needs and has not been sent, in chunks of
 * FILE_CHUNK_BYTES on the files stream, a few chunks ahead of what the ship says it has on
 * board (FILE_WINDOW_CHUNKS): the hub never holds a whole file ready to push down the link,
 * so a record published meanwhile waits behind a few chunks at most, never behind a file.
 * A file is marked sent for the vessel once every chunk is stored by the hub. The message ids
 * (vessel, hash, chunk) make a repeat free, and after a restart sending resumes after the
 * last chunk the hub holds.
 */
export function createFileSender(db: Db, nc: NatsConnection, log: { warn(obj: object, msg: string): void }) {
  const onBoard = new Map<string, number>();
  const cursors = new Map<string, Cursor>();
  const busy = new Map<string, Promise<void>>();
  /**
   * Vessels whose files due may have changed since they were last looked up (their records
   * changed, or the ship was just heard from): only these are asked about, so an idle fleet
   * costs no query here.
   */
  const stale = new Set<string>();
  /** Files due for each vessel, as last looked up, not yet started. */
  const queued = new Map<string, { sha256: string; size: number }[]>();

  async function pump(code: string) {
    const ship = onBoard.get(code);
    // Until the ship has said what it holds, nothing is sent ahead of it.
    if (ship === undefined) return;
    if (!cursors.has(code) && !stale.has(code) && !queued.get(code)?.length) return;
    const jsm = await jetstreamManager(nc);
    const js = jetstream(nc);
    const subject = filesSubject(code);
    const info = await jsm.streams.info(OFFICE_STREAM, { subjects_filter: subject });
    let inFlight = (info.state.subjects?.[subject] ?? 0) - ship;
    while (inFlight < FILE_WINDOW_CHUNKS) {
      const cursor = cursors.get(code) ?? (await nextFile(jsm, code));
      if (!cursor) return;
      cursors.set(code, cursor);
      const chunk = await cursor.read();
      const h = headers();
      h.set(FILE_HEADER.sha256, cursor.sha256);
      h.set(FILE_HEADER.index, String(cursor.index));
      h.set(FILE_HEADER.count, String(cursor.count));
      h.set(FILE_HEADER.size, String(cursor.size));
      await js.publish(subject, chunk, { msgID: `file-${code}-${cursor.sha256}-${cursor.index}`, headers: h });
      cursor.index += 1;
      inFlight += 1;
      if (cursor.index === cursor.count) {
        cursors.delete(code);
        await cursor.close();
        await db.insert(fleetSent).values({ vesselCode: code, kind: 'file', key: cursor.sha256, hash: cursor.sha256 }).onConflictDoNothing();
      }
    }
  }

  /**
   * The file to send next: the one the hub holds part of, else the first one due. The files due
   * are looked up once and taken in turn, and looked up again only when the vessel's records
   * changed (a cold ship's thousand files cost one query, not one each).
   */
  async function nextFile(jsm: JetStreamManager, code: string): Promise<Cursor | undefined> {
    if (!stale.has(code) && queued.get(code)?.length) return openCursor(db, queued.get(code)!.shift()!, 0);
    stale.delete(code);
    const due = await filesToSend(db, code);
    if (due.length === 0) return undefined;
    const last = await jsm.streams.getMessage(OFFICE_STREAM, { last_by_subj: filesSubject(code) }).catch(() => null);
    const lastSha = last?.header.get(FILE_HEADER.sha256);
    const partial =
      last && due.find((f) => f.sha256 === lastSha && Number(last.header.get(FILE_HEADER.index)) + 1 < Number(last.header.get(FILE_HEADER.count)));
    const file = partial ?? due[0];
    queued.set(
      code,
      due.filter((f) => f !== file),
    );
    return openCursor(db, file, partial ? Number(last!.header.get(FILE_HEADER.index)) + 1 : 0);
  }

  return {
    /** What the ship has on board: the number of file chunks in its stream. */
    shipHolds(code: string, chunks: number) {
      if (!onBoard.has(code)) stale.add(code);
      onBoard.set(code, chunks);
    },
    /** The records queued for `code` changed: look up its files due again. */
    changed(code: string) {
      stale.add(code);
    },
    /** Sends `code` what its window allows now (one pass at a time per vessel). */
    send(code: string): Promise<void> {
      const running = busy.get(code);
      if (running) return running;
      const pass = pump(code)
        .catch(async (err) => {
          const cursor = cursors.get(code);
          cursors.delete(code);
          stale.add(code);
          await cursor?.close().catch(() => undefined);
          log.warn({ err }, `fleet: sending files to ${code} failed; trying again`);
        })
        .finally(() => busy.delete(code));
      busy.set(code, pass);
      return pass;
    },
    async close() {
      await Promise.all(busy.values());
      for (const cursor of cursors.values()) await cursor.close().catch(() => undefined);
    },
  };
}

interface Cursor {
  sha256: string;
  size: number;
  count: number;
  /** The chunk `read` answers next. */
  index: number;
  read(): Promise<Buffer>;
  close(): Promise<void>;
}

/** Reads file `file` in FILE_CHUNK_BYTES pieces from chunk `from` on. */
async function openCursor(db: Db, file: { sha256: string; size: number }, from: number): Promise<Cursor> {
  const stream = await openRead(db, file.sha256, file.size);
  const source = stream[Symbol.asyncIterator]();
  let pending: Buffer = Buffer.alloc(0);
  let ended = false;
  const take = async () => {
    while (pending.length < FILE_CHUNK_BYTES && !ended) {
      const next = await source.next();
      if (next.done) ended = true;
      else pending = pending.length ? Buffer.concat([pending, next.value as Buffer]) : (next.value as Buffer);
    }
    const chunk = pending.subarray(0, FILE_CHUNK_BYTES);
    pending = pending.subarray(chunk.length);
    return chunk;
  };
  for (let i = 0; i < from; i++) await take();
  return {
    sha256: file.sha256,
    size: file.size,
    count: Math.max(1, Math.ceil(file.size / FILE_CHUNK_BYTES)),
    index: from,
    read: take,
    async close() {
      stream.destroy();
    },
  };
}

/** The origin under which the ship records how far it has read the files stream. */
export const FILES_ORIGIN = 'office-files';

/**
 * On board: chunks gathered per file as they are read from the local files stream. A file is
 * stored when its last chunk is in and its SHA-256 matches, and then every SOP version that
 * waited for it and is now whole becomes the version in force, in one transaction with the
 * stream position: after a crash the partial file is read again from the stream on board,
 * never fetched again over the link.
 */
export function createFileAssembler(db: Db) {
  const parts = new Map<string, Buffer[]>();
  return {
    async take(chunk: { sha256: string; index: number; count: number; data: Uint8Array; streamSeq: number }): Promise<'incomplete' | 'stored' | 'corrupt'> {
      const chunks = parts.get(chunk.sha256) ?? [];
      chunks[chunk.index] = Buffer.from(chunk.data);
      parts.set(chunk.sha256, chunks);
      // How far the file is, for the version it brings ('v1.2 arriving (45 %)'); kept until
      // the file is stored, so the share never falls back while it is written.
      fileArrival.gathered(
        db,
        chunk.sha256,
        chunks.reduce((sum, c) => sum + (c?.length ?? 0), 0),
      );
      if (chunks.filter(Boolean).length !== chunk.count) return 'incomplete';
      parts.delete(chunk.sha256);
      try {
        return await store(chunk, chunks);
      } finally {
        fileArrival.done(db, chunk.sha256);
      }
    },
    /** Where reading resumes after a restart: the first chunk of the file left incomplete. */
    pendingFiles: () => parts.size,
  };

  async function store(chunk: { sha256: string; streamSeq: number }, chunks: Buffer[]): Promise<'stored' | 'corrupt'> {
    const bytes = Buffer.concat(chunks);
    const ok = createHash('sha256').update(bytes).digest('hex') === chunk.sha256;
    if (ok) {
      const [present] = await db.select({ sha256: storedFiles.sha256 }).from(storedFiles).where(eq(storedFiles.sha256, chunk.sha256));
      if (!present) await putBuffer(db, bytes);
    }
    await db.transaction(async (tx) => {
      if (ok) {
        await addWaitingAttachments(tx, chunk.sha256);
        await switchWholeVersions(tx);
      }
      await tx
        .insert(fleetApplied)
        .values({ origin: FILES_ORIGIN, seq: chunk.streamSeq, streamSeq: chunk.streamSeq })
        .onConflictDoUpdate({ target: fleetApplied.origin, set: { seq: chunk.streamSeq, streamSeq: chunk.streamSeq, appliedAt: sql`now()` } });
    });
    return ok ? 'stored' : 'corrupt';
  }
}

/** The attachments that were waiting for file `sha256` (rows an older app left), now added (the bytes are in the store). */
export async function addWaitingAttachments(tx: Db, sha256: string) {
  const waiting = await tx.select().from(fleetPendingAttachments).where(eq(fleetPendingAttachments.sha256, sha256));
  for (const w of waiting) {
    const { rows } = (await tx.execute(sql`select 1 from sop_versions where id = ${(w.row as { version_id: number }).version_id}`)) as unknown as Rows<unknown>;
    // A version removed meanwhile (its SOP no longer applies) takes its attachments with it.
    if (rows.length > 0) await addAttachment(tx, w.row as Record<string, unknown>);
  }
  await tx.delete(fleetPendingAttachments).where(eq(fleetPendingAttachments.sha256, sha256));
}

/**
 * Applies every SOP record that waited for its files and has them all on board now, as it
 * would have been applied on arrival: its version becomes the one in force here, and the
 * ship's planner then sends the receipt and withdraws the previous version.
 */
export async function switchWholeVersions(tx: Db) {
  for (const record of await takeWholeVersions(tx)) await applySop(tx, record);
}
