import { createHash } from 'node:crypto';
import type { JetStreamClient } from '@nats-io/jetstream';
import { headers } from '@nats-io/transport-node';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fleetApplied, fleetPendingAttachments, fleetSent, storedFiles } from '../db/schema';
import { openRead, putBuffer } from '../files/store';
import type { Rows } from '../features/reading/audience';
import { upsert } from './apply';
import { FILE_CHUNK_BYTES, FILE_HEADER, filesSubject } from './messages';
import { filesToSend } from './office-plan';

/**
 * At the office: sends vessel `code` each file it needs and has not been sent, in chunks of
 * FILE_CHUNK_BYTES on the files stream. A file is marked sent for the vessel once every chunk
 * is stored by the hub; the message ids (vessel, hash, chunk) make a repeat after a crash free.
 */
export async function sendFiles(db: Db, js: JetStreamClient, code: string): Promise<void> {
  for (const file of await filesToSend(db, code)) {
    const count = Math.max(1, Math.ceil(file.size / FILE_CHUNK_BYTES));
    let index = 0;
    let pending: Buffer = Buffer.alloc(0);
    const send = async (chunk: Buffer) => {
      const h = headers();
      h.set(FILE_HEADER.sha256, file.sha256);
      h.set(FILE_HEADER.index, String(index));
      h.set(FILE_HEADER.count, String(count));
      h.set(FILE_HEADER.size, String(file.size));
      await js.publish(filesSubject(code), chunk, { msgID: `file-${code}-${file.sha256}-${index}`, headers: h });
      index += 1;
    };
    for await (const data of await openRead(db, file.sha256, file.size)) {
      pending = pending.length ? Buffer.concat([pending, data as Buffer]) : (data as Buffer);
      while (pending.length >= FILE_CHUNK_BYTES) {
        await send(pending.subarray(0, FILE_CHUNK_BYTES));
        pending = pending.subarray(FILE_CHUNK_BYTES);
      }
    }
    if (pending.length > 0 || index === 0) await send(pending);
    await db.insert(fleetSent).values({ vesselCode: code, kind: 'file', key: file.sha256, hash: file.sha256 }).onConflictDoNothing();
  }
}

/** The origin under which the ship records how far it has read the files stream. */
export const FILES_ORIGIN = 'office-files';

/**
 * On board: chunks gathered per file as they are read from the local files stream. A file is
 * stored when its last chunk is in and its SHA-256 matches, and then the attachments waiting
 * for it are added, in one transaction with the stream position: after a crash the partial
 * file is read again from the stream on board, never fetched again over the link.
 */
export function createFileAssembler(db: Db) {
  const parts = new Map<string, Buffer[]>();
  return {
    async take(chunk: { sha256: string; index: number; count: number; data: Uint8Array; streamSeq: number }): Promise<'incomplete' | 'stored' | 'corrupt'> {
      const chunks = parts.get(chunk.sha256) ?? [];
      chunks[chunk.index] = Buffer.from(chunk.data);
      parts.set(chunk.sha256, chunks);
      const complete = chunks.filter(Boolean).length === chunk.count;
      if (!complete) return 'incomplete';
      parts.delete(chunk.sha256);
      const bytes = Buffer.concat(chunks);
      const ok = createHash('sha256').update(bytes).digest('hex') === chunk.sha256;
      if (ok) {
        const [present] = await db.select({ sha256: storedFiles.sha256 }).from(storedFiles).where(eq(storedFiles.sha256, chunk.sha256));
        if (!present) await putBuffer(db, bytes);
      }
      await db.transaction(async (tx) => {
        if (ok) await addWaitingAttachments(tx, chunk.sha256);
        await tx
          .insert(fleetApplied)
          .values({ origin: FILES_ORIGIN, seq: chunk.streamSeq, streamSeq: chunk.streamSeq })
          .onConflictDoUpdate({ target: fleetApplied.origin, set: { seq: chunk.streamSeq, streamSeq: chunk.streamSeq, appliedAt: sql`now()` } });
      });
      return ok ? 'stored' : 'corrupt';
    },
    /** Where reading resumes after a restart: the first chunk of the file left incomplete. */
    pendingFiles: () => parts.size,
  };
}

/** The attachments that were waiting for file `sha256`, now added (the bytes are in the store). */
export async function addWaitingAttachments(tx: Db, sha256: string) {
  const waiting = await tx.select().from(fleetPendingAttachments).where(eq(fleetPendingAttachments.sha256, sha256));
  for (const w of waiting) {
    const { rows } = (await tx.execute(sql`select 1 from sop_versions where id = ${(w.row as { version_id: number }).version_id}`)) as unknown as Rows<unknown>;
    // A version removed meanwhile (its SOP no longer applies) takes its attachments with it.
    if (rows.length > 0) await upsert(tx, 'attachments', 'id', w.row as Record<string, unknown>);
  }
  await tx.delete(fleetPendingAttachments).where(eq(fleetPendingAttachments.sha256, sha256));
}
