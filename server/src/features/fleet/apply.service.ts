import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fleetApplied, fleetPendingAttachments } from '../../db/schema';
import type { Rows } from '../../db/rows';
import { startHtmlConversion } from '../attachments/attachment-html.service';
import { startPreview } from '../attachments/attachment-previews.service';
import { startTextExtraction } from '../attachments/attachment-text.service';
import { refreshSearchVector } from '../sops/sop-search.service';
import type { z } from 'zod';
import { REPLICATED_COLUMNS, type ReviewAnswersRow } from '../../../../common/contracts/fleet-messages';
import { FLEET_SCHEMA, type RecordKind, type RecordMessage } from './messages.helper';
import { dropPendingVersion, type SopRecord, waitsForFiles } from './pending-versions.service';

/** The password column of a person who may not sign in on board: no hash verifies against it. */
export const NO_SIGN_IN_ON_BOARD = '!';

/** Where each kind of record lives and what identifies it. */
type ReplicatedTable = keyof typeof REPLICATED_COLUMNS;
const TABLES: Record<Exclude<RecordKind, 'sop' | 'review_answers' | 'suggestion_answer'>, { table: ReplicatedTable; key: string }> = {
  department: { table: 'departments', key: 'id' },
  position: { table: 'positions', key: 'id' },
  user: { table: 'users', key: 'id' },
  vessel: { table: 'vessels', key: 'code' },
  setting: { table: 'app_settings', key: 'key' },
  review_template: { table: 'review_template', key: 'id' },
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
      // board for it is queued for the office. A version still on its way goes with it.
      await tx.execute(sql`update sop_versions set approved_at = null where sop_id = ${Number(message.key)}`);
      await dropPendingVersion(tx, Number(message.key));
      return;
    }
    const record = message.row as SopRecord;
    // The version in force switches when it is whole: until every file of the new one is on
    // board the record waits (fleet_pending_versions) and the previous version stays in force.
    if (await waitsForFiles(tx, record)) return;
    await applySop(tx, record);
    return;
  }
  if (message.kind === 'review_answers') {
    // The office's answers to a review signed here (decision 080), onto its findings by their place.
    if (message.op === 'upsert') await applyReviewAnswers(tx, message.row);
    return;
  }
  if (message.kind === 'suggestion_answer') {
    // The office's answer to a suggestion made here (decision 079), onto it by its id here.
    if (message.op === 'upsert') {
      const a = message.row;
      await tx.execute(sql`update suggestions set status = ${a.status}, reply = ${a.reply},
          triaged_by = (select id from users where id = ${a.triaged_by}), triaged_at = ${a.triaged_at}
        where id = ${a.ship_ref}`);
    }
    return;
  }
  const { table, key } = TABLES[message.kind];
  if (message.op === 'delete') await tx.execute(sql`delete from ${sql.identifier(table)} where ${sql.identifier(key)}::text = ${message.key}`);
  // A person not assigned to this vessel comes without a password hash: they cannot sign in on board.
  else if (message.kind === 'user') await upsert(tx, table, key, { ...message.row, password: message.row.password ?? NO_SIGN_IN_ON_BOARD });
  else await upsert(tx, table, key, message.row);
}

/** The answers the office gave to the findings of review `ship_ref` (its id here). */
async function applyReviewAnswers(tx: Db, row: z.output<typeof ReviewAnswersRow>) {
  for (const f of row.findings) {
    await tx.execute(sql`update master_review_findings set answer = ${f.answer}, action = ${f.action}, due_on = ${f.due_on},
        note = ${f.note}, answered_by = (select id from users where id = ${f.answered_by}), answered_at = ${f.answered_at}
      where review_id = ${row.ship_ref} and position = ${f.position}`);
  }
}

/**
 * Applies an 'sop' record whose files are all on board: the SOP, its version in force (now its
 * latest), that version's attachments and its approved translations. Called when the record
 * arrives whole, or when the last file of a record that waited is stored.
 */
export async function applySop(tx: Db, record: SopRecord) {
  const { sop, version } = record;
  // A version withdrawn here before (its SOP stopped applying) and sent again is received anew.
  await tx.execute(sql`delete from fleet_sent where kind in ('receipt', 'withdrawal') and key = ${String(version.id)}
    and exists (select 1 from fleet_sent w where w.kind = 'withdrawal' and w.key = ${String(version.id)})`);
  // The SOP and its version in force refer to each other: the SOP first without it.
  await upsert(tx, 'sops', 'id', { ...sop, latest_version_id: null });
  await upsert(tx, 'sop_versions', 'id', version);
  await tx.execute(sql`update sops set latest_version_id = ${version.id as number} where id = ${sop.id as number}`);
  await applyAttachments(tx, version.id as number, record.attachments ?? []);
  await applyTranslations(tx, version.id as number, record.translations ?? []);
  // A circular's own row (decision 078); none for an SOP.
  if (record.circular) await upsert(tx, 'circulars', 'sop_id', record.circular);
  else await tx.execute(sql`delete from circulars where sop_id = ${sop.id as number}`);
  await refreshSearchVector(tx, sop.id as number);
}

/**
 * The version's approved translations as the office has them; any other of that version is
 * removed (replaced ashore). Their files are on board: the record waited for them as for its
 * attachments. A file's text is read by the ship's own document workers, as an upload's is
 * ashore, so search on board finds its words. The translations of the version this one
 * supersedes stay, shown as not current, until the ship's planner next runs and removes them
 * with their files (ship-plan.service.ts): bytes are released only after the deleting
 * transaction, which this one is not.
 */
async function applyTranslations(tx: Db, versionId: number, rows: Record<string, unknown>[]) {
  const ids = rows.map((r) => Number(r.id));
  const keep = ids.length ? sql`and not (id = any(${sql.raw(`ARRAY[${ids.join(',')}]::int[]`)}))` : sql``;
  await tx.execute(sql`delete from sop_translations where version_id = ${versionId} ${keep}`);
  for (const row of rows) {
    await upsert(tx, 'sop_translations', 'id', row);
    const sha256 = (row.sha256 as string | null) ?? null;
    if (sha256) await startTextExtraction(tx, { mimeType: String(row.mime_type), sha256 });
  }
}

/**
 * The version's attachments as the office has them; any other is removed. A record is applied
 * only once all its files are on board, so each is added now; the wait for bytes
 * (fleet_pending_attachments) stays for rows an older app left, and a file removed meanwhile.
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

/** Inserts or replaces the row with the office's own key (identity columns take the office's id), writing the allow-listed columns only. */
export async function upsert(tx: Db, table: ReplicatedTable, key: string, row: Record<string, unknown>) {
  // Only the columns a ship is sent: any other keeps what it has on board (its default when new).
  const columns = REPLICATED_COLUMNS[table];
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
