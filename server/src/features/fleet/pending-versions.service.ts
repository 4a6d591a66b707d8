import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ArrivingVersion } from '../../../../common/contracts/fleet';
import type { Db } from '../../db/client';
import { fleetPendingVersions, storedFiles } from '../../db/schema';
import type { Rows } from '../../db/rows';

/**
 * An 'sop' record as the office sends it: the SOP, its version in force, that version's
 * attachments and its approved translations (absent from a record an older app kept).
 */
export interface SopRecord {
  sop: Record<string, unknown>;
  version: Record<string, unknown>;
  attachments?: Record<string, unknown>[];
  translations?: Record<string, unknown>[];
  /** The circular's own row, when the SOP is a circular (absent from a record an older app kept). */
  circular?: Record<string, unknown> | null;
}

/**
 * Deciding that a version waits and deciding that its last file is in take turns: without
 * it, a record applied while its last file is being stored could wait for a file already in.
 */
const lockPending = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(48048)`);

/**
 * The distinct files (SHA-256) of the record's attachments and translations, with their sizes:
 * a version is whole only when the translations the crew may read in are on board as well.
 */
function filesOf(record: SopRecord): Map<string, number> {
  const files = new Map<string, number>();
  for (const a of [...(record.attachments ?? []), ...(record.translations ?? [])]) if (typeof a.sha256 === 'string') files.set(a.sha256, Number(a.size ?? 0));
  return files;
}

async function onBoard(tx: Db, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await tx.select({ sha256: storedFiles.sha256 }).from(storedFiles).where(inArray(storedFiles.sha256, hashes));
  return new Set(rows.map((r) => r.sha256));
}

/**
 * On board, in the transaction applying an 'sop' record: true when a file of its version is
 * not on board yet, and the record is then kept whole (replacing any older one of that SOP)
 * instead of applied; false when it can be applied now (any record it replaces is dropped).
 */
export async function waitsForFiles(tx: Db, record: SopRecord): Promise<boolean> {
  await lockPending(tx);
  const files = [...filesOf(record).keys()];
  const present = await onBoard(tx, files);
  const sopId = Number(record.sop.id);
  if (files.every((f) => present.has(f))) {
    await dropPendingVersion(tx, sopId);
    return false;
  }
  const value = { versionId: Number(record.version.id), row: record, files };
  await tx
    .insert(fleetPendingVersions)
    .values({ sopId, ...value })
    .onConflictDoUpdate({ target: fleetPendingVersions.sopId, set: { ...value, receivedAt: sql`now()` } });
  return true;
}

/** The SOP no longer applies here: a version still arriving for it is dropped with it. */
export async function dropPendingVersion(tx: Db, sopId: number) {
  await tx.delete(fleetPendingVersions).where(eq(fleetPendingVersions.sopId, sopId));
}

/** Takes out the waiting records whose files are all on board now, to be applied in the same transaction. */
export async function takeWholeVersions(tx: Db): Promise<SopRecord[]> {
  await lockPending(tx);
  const { rows } = (await tx.execute(sql`delete from fleet_pending_versions p
    where not exists (select 1 from unnest(p.files) f(sha256) where not exists (select 1 from stored_files s where s.sha256 = f.sha256))
    returning p.sop_id, p.row`)) as unknown as Rows<{ sop_id: number; row: SopRecord }>;
  return rows.sort((a, b) => a.sop_id - b.sop_id).map((r) => r.row);
}

/**
 * Bytes of each file gathered so far on board, per database (the assembler's chunks live in
 * memory until the file is whole; a restarted ship reads them again from its own stream).
 */
const gathering = new WeakMap<Db, Map<string, number>>();

export const fileArrival = {
  /** `bytes` of file `sha256` are on board, not yet whole. */
  gathered(db: Db, sha256: string, bytes: number) {
    const files = gathering.get(db) ?? new Map<string, number>();
    files.set(sha256, bytes);
    gathering.set(db, files);
  },
  /** The file is whole (stored) or refused: its partial count goes. */
  done(db: Db, sha256: string) {
    gathering.get(db)?.delete(sha256);
  },
  bytes: (db: Db, sha256: string) => gathering.get(db)?.get(sha256) ?? 0,
};

/**
 * The version of SOP `sopId` on its way to this ship, and how much of its files' bytes are on
 * board (whole files at their size, the one crossing at the chunks gathered); null when none.
 */
export async function arrivingVersion(db: Db, sopId: number): Promise<z.output<typeof ArrivingVersion> | null> {
  const [pending] = await db.select().from(fleetPendingVersions).where(eq(fleetPendingVersions.sopId, sopId));
  if (!pending) return null;
  const record = pending.row as SopRecord;
  const files = filesOf(record);
  const present = await onBoard(db, [...files.keys()]);
  let bytes = 0;
  let bytesOnBoard = 0;
  for (const [sha256, size] of files) {
    bytes += size;
    bytesOnBoard += present.has(sha256) ? size : Math.min(size, fileArrival.bytes(db, sha256));
  }
  return {
    versionId: pending.versionId,
    versionNumber: String(record.version.version_number),
    bytes,
    bytesOnBoard,
    // Never 100 % before the switch: a version shown arriving is not whole yet.
    percent: bytes === 0 ? 0 : Math.min(99, Math.floor((bytesOnBoard * 100) / bytes)),
  };
}
