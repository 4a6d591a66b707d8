import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fleetApplied, fleetPendingAttachments } from '../db/schema';
import type { Rows } from '../features/reading/audience-filter.service';
import { startHtmlConversion } from '../features/attachments/attachment-html.service';
import { startPreview } from '../features/attachments/attachment-previews.service';
import { startTextExtraction } from '../features/attachments/attachment-text.service';
import { refreshSearchVector } from '../features/sops/sop-search.service';
import { FLEET_SCHEMA, type RecordKind, type RecordMessage } from './messages';

/** Where each kind of record lives and what identifies it. */
const TABLES: Record<Exclude<RecordKind, 'sop'>, { table: string; key: string }> = {
  department: { table: 'departments', key: 'id' },
  user: { table: 'users', key: 'id' },
  vessel: { table: 'vessels', key: 'code' },
  setting: { table: 'app_settings', key: 'key' },
};

export interface Envelope {
  origin: string;
  seq: number;
  schema: number;
  /** The message's place in the local stream it was read from. */
  streamSeq: number;
  message: RecordMessage;
}

export type ApplyOutcome = 'applied' | 'duplicate' | 'held';

/**
 * Applies one message in one transaction, exactly once: the origin's last applied sequence is
 * read and moved on in the same transaction, so a duplicate or a replay after a crash changes
 * nothing. A message written for a newer schema is not applied at all ('held').
 */
export async function applyMessage(db: Db, envelope: Envelope): Promise<ApplyOutcome> {
  if (envelope.schema > FLEET_SCHEMA) return 'held';
  return db.transaction(async (tx) => {
    const [last] = await tx.select().from(fleetApplied).where(eq(fleetApplied.origin, envelope.origin)).for('update');
    if (last && envelope.seq <= last.seq) return 'duplicate';
    await applyRecord(tx, envelope.message);
    await tx
      .insert(fleetApplied)
      .values({ origin: envelope.origin, seq: envelope.seq, streamSeq: envelope.streamSeq })
      .onConflictDoUpdate({ target: fleetApplied.origin, set: { seq: envelope.seq, streamSeq: envelope.streamSeq, appliedAt: sql`now()` } });
    return 'applied';
  });
}

/** Where reading the stream resumes: after the last message applied from `origin`. */
export async function resumeAfter(db: Db, origin: string): Promise<number> {
  const [row] = await db.select({ streamSeq: fleetApplied.streamSeq }).from(fleetApplied).where(eq(fleetApplied.origin, origin));
  return row?.streamSeq ?? 0;
}

async function applyRecord(tx: Db, message: RecordMessage) {
  if (message.kind === 'sop') {
    if (message.op === 'delete') {
      // It no longer applies to this ship (or was deleted ashore): withdrawn like a superseded
      // version. With no version in force the crew no longer see it; the ship's planner sends
      // the withdrawal, removes the files and then the record, once every attestation made on
      // board for it is queued for the office.
      await tx.execute(sql`update sop_versions set approved_at = null where sop_id = ${Number(message.key)}`);
      return;
    }
    const { sop, version } = message.row as { sop: Record<string, unknown>; version: Record<string, unknown> };
    // A version withdrawn here before (its SOP stopped applying) and sent again is received anew.
    await tx.execute(sql`delete from fleet_sent where kind in ('receipt', 'withdrawal') and key = ${String(version.id)}
      and exists (select 1 from fleet_sent w where w.kind = 'withdrawal' and w.key = ${String(version.id)})`);
    // The SOP and its version in force refer to each other: the SOP first without it.
    await upsert(tx, 'sops', 'id', { ...sop, latest_version_id: null });
    await upsert(tx, 'sop_versions', 'id', version);
    await tx.execute(sql`update sops set latest_version_id = ${version.id as number} where id = ${sop.id as number}`);
    await applyAttachments(tx, version.id as number, (message.row as { attachments?: Record<string, unknown>[] }).attachments ?? []);
    await refreshSearchVector(tx, sop.id as number);
    return;
  }
  const { table, key } = TABLES[message.kind];
  if (message.op === 'delete') await tx.execute(sql`delete from ${sql.identifier(table)} where ${sql.identifier(key)}::text = ${message.key}`);
  else await upsert(tx, table, key, message.row);
}

/**
 * The version's attachments as the office has them: those whose file is on board are added
 * now, the others wait for their bytes (fleet_pending_attachments); any other is removed.
 */
async function applyAttachments(tx: Db, versionId: number, rows: Record<string, unknown>[]) {
  const ids = rows.map((r) => Number(r.id));
  const keep = ids.length ? sql`and not (id = any(${sql.raw(`ARRAY[${ids.join(',')}]::int[]`)}))` : sql``;
  await tx.execute(sql`delete from attachments where version_id = ${versionId} ${keep}`);
  await tx.execute(sql`delete from fleet_pending_attachments where (row->>'version_id')::int = ${versionId}`);
  for (const row of rows) {
    const sha256 = row.sha256 as string | null;
    const { rows: present } = (await tx.execute(sql`select 1 from stored_files where sha256 = ${sha256}`)) as unknown as Rows<unknown>;
    if (sha256 === null || present.length > 0) await addAttachment(tx, row);
    else await tx.insert(fleetPendingAttachments).values({ attachmentId: Number(row.id), sha256, row });
  }
}

/**
 * Adds (or replaces) an attachment whose bytes are on board, and gives it its preview, text
 * and reader HTML the way an upload does: the ship's own jobs make them from the file it
 * holds (or share those of identical bytes already done), so nothing derived crosses the link.
 */
export async function addAttachment(tx: Db, row: Record<string, unknown>) {
  await upsert(tx, 'attachments', 'id', row);
  const attachment = { id: Number(row.id), mimeType: String(row.mime_type), sha256: (row.sha256 as string | null) ?? null };
  await startPreview(tx, attachment);
  await startTextExtraction(tx, attachment);
  await startHtmlConversion(tx, attachment);
}

const columnCache = new Map<string, string[]>();

/** The columns a row can be written to: not generated, and not the derived search vector. */
async function writableColumns(tx: Db, table: string): Promise<string[]> {
  const cached = columnCache.get(table);
  if (cached) return cached;
  const { rows } = (await tx.execute(sql`select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER' and column_name <> 'search_vector'
      order by ordinal_position`)) as unknown as Rows<{ column_name: string }>;
  const columns = rows.map((r) => r.column_name);
  columnCache.set(table, columns);
  return columns;
}

/** Inserts or replaces the row with the office's own key (identity columns take the office's id). */
export async function upsert(tx: Db, table: string, key: string, row: Record<string, unknown>) {
  const columns = await writableColumns(tx, table);
  const list = sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  const updates = sql.join(
    columns.filter((c) => c !== key).map((c) => sql`${sql.identifier(c)} = excluded.${sql.identifier(c)}`),
    sql`, `,
  );
  await tx.execute(sql`insert into ${sql.identifier(table)} (${list}) overriding system value
    select ${list} from jsonb_populate_record(null::${sql.identifier(table)}, ${JSON.stringify(row)}::jsonb)
    on conflict (${sql.identifier(key)}) do update set ${updates}`);
}
