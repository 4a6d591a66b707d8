import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { REPLICATED_COLUMNS, SHIP_SETTING_KEYS } from '../../../../common/contracts/fleet-messages';
import type { Db } from '../../db/client';
import { fleetOutbox, fleetPayloads, fleetSent, fleetSentVersions, vessels } from '../../db/schema';
import { versionInForce } from '../reading/audience-filter.service';
import type { Rows } from '../../db/rows';
import { RECORD_KINDS, type RecordKind } from './messages.helper';

/**
 * A record as built once for the whole fleet: its row and digest, and which vessels it goes
 * to. A person's row carries the password hash only for the vessels they are assigned to
 * (`assigned`); for the others it goes without (`unassigned`).
 */
interface Built {
  kind: RecordKind;
  key: string;
  /** The vessels it applies to; empty: every vessel. */
  vesselCodes: string[];
  assigned: { row: unknown; hash: string };
  unassigned?: { row: unknown; hash: string };
  /** For an SOP: the version it carries. */
  versionId?: number;
}

/** `jsonb_build_object` of exactly the allow-listed columns of `alias` (a column may be given as an expression). */
function rowOf(alias: string, columns: readonly string[], overrides: Record<string, SQL> = {}): SQL {
  const pairs = columns.map((c) => sql`${sql.raw(`'${c}'`)}, ${overrides[c] ?? sql.raw(`${alias}."${c}"`)}`);
  return sql`jsonb_build_object(${sql.join(pairs, sql`, `)})`;
}

/** Which records of a kind to build: all of them, or those whose key changed. */
type Only = 'all' | string[];
// The keys travel as one JSON parameter, whatever their number (a bulk change names thousands).
const keyIn = (column: SQL, only: Only) => (only === 'all' ? sql`true` : sql`${column} in (select jsonb_array_elements_text(${JSON.stringify(only)}::jsonb))`);

type BuiltRow = { key: string; row: unknown; hash: string; vessel_codes: string[] | null; row_off?: unknown; hash_off?: string; version_id?: number };

/**
 * The records ships should hold, of one kind, built once whatever the number of vessels:
 * departments (divisions first), positions, people, the register, the settings a ship needs, and each SOP
 * with its version in force only (never a draft or a submission); on board an SOP's latest
 * version is that version and its status 'published'.
 */
async function build(db: Db, kind: RecordKind, only: Only): Promise<Built[]> {
  if (only !== 'all' && only.length === 0) return [];
  const hashed = (body: SQL) => sql`select q.*, md5(q.row::text) as hash from (${body}) q`;
  let query: SQL;
  if (kind === 'department') {
    query = hashed(sql`select d.id::text as key, ${rowOf('d', REPLICATED_COLUMNS.departments)} as row, null::varchar[] as vessel_codes
      from departments d where ${keyIn(sql`d.id::text`, only)} order by d.parent_id is not null, d.id`);
  } else if (kind === 'position') {
    query = hashed(sql`select p.id::text as key, ${rowOf('p', REPLICATED_COLUMNS.positions)} as row, null::varchar[] as vessel_codes
      from positions p where ${keyIn(sql`p.id::text`, only)} order by p.id`);
  } else if (kind === 'user') {
    const withHash = rowOf('u', REPLICATED_COLUMNS.users, { password: sql`case when u.active and u.deleted_at is null then u.password end` });
    const without = rowOf('u', REPLICATED_COLUMNS.users, { password: sql`null::text` });
    query = sql`select q.*, md5(q.row::text) as hash, md5(q.row_off::text) as hash_off from (
      select u.id::text as key, ${withHash} as row, ${without} as row_off, u.vessel_codes from users u where ${keyIn(sql`u.id::text`, only)} order by u.id) q`;
  } else if (kind === 'vessel') {
    query = hashed(sql`select v.code as key, ${rowOf('v', REPLICATED_COLUMNS.vessels)} as row, null::varchar[] as vessel_codes
      from vessels v where ${keyIn(sql`v.code`, only)} order by v.code`);
  } else if (kind === 'setting') {
    const keys = sql.raw(`ARRAY[${SHIP_SETTING_KEYS.map((k) => `'${k}'`).join(',')}]::text[]`);
    query = hashed(sql`select a.key, ${rowOf('a', REPLICATED_COLUMNS.app_settings)} as row, null::varchar[] as vessel_codes
      from app_settings a where a.key = any(${keys}) and ${keyIn(sql`a.key`, only)} order by a.key`);
  } else if (kind === 'review_template') {
    query = hashed(sql`select r.id::text as key, ${rowOf('r', REPLICATED_COLUMNS.review_template)} as row, null::varchar[] as vessel_codes
      from review_template r where ${keyIn(sql`r.id::text`, only)} order by r.id`);
  } else if (kind === 'review_answers') {
    // The office's answers to a review signed on board, for its vessel only (decision 080).
    query = hashed(sql`select r.id::text as key, array[r.vessel_code]::varchar[] as vessel_codes, jsonb_build_object(
        'ship_ref', r.ship_ref,
        'findings', (select jsonb_agg(jsonb_build_object('position', f.position, 'answer', f.answer, 'action', f.action, 'due_on', f.due_on,
          'note', f.note, 'answered_by', f.answered_by, 'answered_at', f.answered_at) order by f.position)
          from master_review_findings f where f.review_id = r.id and f.answer is not null)) as row
      from master_reviews r where r.ship_ref is not null
        and exists (select 1 from master_review_findings f where f.review_id = r.id and f.answer is not null)
        and ${keyIn(sql`r.id::text`, only)} order by r.id`);
  } else if (kind === 'suggestion_answer') {
    // The answer to a suggestion made on board, for its vessel only (decision 079).
    query = hashed(sql`select g.id::text as key, array[g.vessel_code]::varchar[] as vessel_codes, jsonb_build_object(
        'ship_ref', g.ship_ref, 'status', g.status, 'reply', g.reply, 'triaged_by', g.triaged_by, 'triaged_at', g.triaged_at) as row
      from suggestions g where g.ship_ref is not null and g.vessel_code is not null and g.status <> 'open'
        and ${keyIn(sql`g.id::text`, only)} order by g.id`);
  } else {
    const sop = rowOf('s', REPLICATED_COLUMNS.sops, { latest_version_id: sql`e.id`, status: sql`'published'` });
    const attachment = rowOf('a', REPLICATED_COLUMNS.attachments);
    const translation = rowOf('t', REPLICATED_COLUMNS.sop_translations);
    const circular = rowOf('c', REPLICATED_COLUMNS.circulars);
    // The crew read the approved translations of the version in force on board too; a draft
    // stays ashore, and a translation of an older version is not sent (it is not current).
    query = hashed(sql`select s.id::text as key, s.vessel_codes, v.id as version_id, jsonb_build_object(
        'sop', ${sop},
        'version', ${rowOf('v', REPLICATED_COLUMNS.sop_versions)},
        'attachments', coalesce((select jsonb_agg(${attachment} order by a.id) from attachments a where a.version_id = e.id), '[]'::jsonb),
        'translations', coalesce((select jsonb_agg(${translation} order by t.id) from sop_translations t
          where t.version_id = e.id and t.status = 'approved'), '[]'::jsonb),
        -- A circular travels with its number, audience and days (decision 078).
        'circular', (select ${circular} from circulars c where c.sop_id = s.id)) as row
      from sops s ${versionInForce} join sop_versions v on v.id = e.id
      where ${keyIn(sql`s.id::text`, only)} order by s.id`);
  }
  const { rows } = (await db.execute(query)) as unknown as Rows<BuiltRow>;
  return rows.map((r) => ({
    kind,
    key: r.key,
    vesselCodes: r.vessel_codes ?? [],
    assigned: { row: r.row, hash: r.hash },
    ...(r.row_off !== undefined ? { unassigned: { row: r.row_off, hash: r.hash_off! } } : {}),
    ...(r.version_id !== undefined ? { versionId: Number(r.version_id) } : {}),
  }));
}

/** What vessel `code` should hold of a built record, or null when it does not apply there. */
function forVessel(record: Built, code: string): { row: unknown; hash: string } | null {
  const assigned = record.vesselCodes.length === 0 || record.vesselCodes.includes(code);
  if (record.unassigned) return assigned ? record.assigned : record.unassigned;
  return assigned ? record.assigned : null;
}

type Message =
  | { op: 'upsert'; kind: RecordKind; key: string; hash: string; row: unknown; versionId?: number }
  | { op: 'delete'; kind: RecordKind; key: string };

/**
 * Compares what `code` should hold of `records` (all of them, or the changed ones named by
 * `changed`) with the fingerprints last sent, and returns the messages that bring it in step:
 * records new or changed, then removals (later kinds first).
 */
async function diffVessel(db: Db, code: string, records: Built[], changed: Map<RecordKind, Set<string>> | 'all'): Promise<Message[]> {
  const sentRows =
    changed === 'all'
      ? await db
          .select()
          .from(fleetSent)
          .where(and(eq(fleetSent.vesselCode, code), sql`${fleetSent.kind} <> 'file'`))
      : (
          await Promise.all(
            [...changed].map(([kind, keys]) =>
              db
                .select()
                .from(fleetSent)
                .where(and(eq(fleetSent.vesselCode, code), eq(fleetSent.kind, kind), inArray(fleetSent.key, [...keys]))),
            ),
          )
        ).flat();
  const sent = new Map(sentRows.map((s) => [`${s.kind}:${s.key}`, s.hash]));
  const messages: Message[] = [];
  const kept = new Set<string>();
  for (const record of records) {
    const wanted = forVessel(record, code);
    if (!wanted) continue;
    const id = `${record.kind}:${record.key}`;
    kept.add(id);
    if (sent.get(id) !== wanted.hash)
      messages.push({ op: 'upsert', kind: record.kind, key: record.key, hash: wanted.hash, row: wanted.row, versionId: record.versionId });
  }
  const gone = [...sent.keys()]
    .filter((id) => !kept.has(id))
    .map((id) => ({ kind: id.slice(0, id.indexOf(':')) as RecordKind, key: id.slice(id.indexOf(':') + 1) }))
    .sort((a, b) => RECORD_KINDS.indexOf(b.kind) - RECORD_KINDS.indexOf(a.kind));
  for (const { kind, key } of gone) messages.push({ op: 'delete', kind, key });
  return messages;
}

/** Queues `messages` for `code` in order, with the payloads they name (stored once) and the new fingerprints. */
async function queue(tx: Db, code: string, messages: Message[]): Promise<void> {
  if (messages.length === 0) return;
  const [{ last }] = (
    (await tx.execute(sql`select coalesce(max(seq), 0)::bigint as last from fleet_outbox where vessel_code = ${code}`)) as unknown as Rows<{ last: string }>
  ).rows;
  const first = Number(last) + 1;
  const upserts = messages.filter((m) => m.op === 'upsert');
  for (let i = 0; i < messages.length; i += 500) {
    await tx.insert(fleetOutbox).values(
      messages.slice(i, i + 500).map((m, j) => ({
        vesselCode: code,
        seq: first + i + j,
        payload: { op: m.op, kind: m.kind, key: m.key },
        payloadHash: m.op === 'upsert' ? m.hash : null,
      })),
    );
  }
  for (let i = 0; i < upserts.length; i += 500) {
    const batch = upserts.slice(i, i + 500);
    await tx
      .insert(fleetSent)
      .values(batch.map((m) => ({ vesselCode: code, kind: m.kind, key: m.key, hash: m.hash })))
      .onConflictDoUpdate({ target: [fleetSent.vesselCode, fleetSent.kind, fleetSent.key], set: { hash: sql`excluded.hash` } });
    const versions = batch.flatMap((m) => (m.versionId ? [{ vesselCode: code, versionId: m.versionId }] : []));
    if (versions.length) await tx.insert(fleetSentVersions).values(versions).onConflictDoNothing();
  }
  for (const m of messages.filter((m) => m.op === 'delete')) {
    await tx.delete(fleetSent).where(and(eq(fleetSent.vesselCode, code), eq(fleetSent.kind, m.kind), eq(fleetSent.key, m.key)));
  }
}

/** Stores each payload `messages` name once (identical rows share one). */
async function storePayloads(tx: Db, messages: Message[]): Promise<void> {
  const unique = new Map<string, unknown>();
  for (const m of messages) if (m.op === 'upsert') unique.set(m.hash, m.row);
  const rows = [...unique].map(([hash, row]) => ({ hash, row }));
  for (let i = 0; i < rows.length; i += 500)
    await tx
      .insert(fleetPayloads)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
}

/** Office instances sharing a database take turns at planning (the key is this lock's own). */
const takeTurn = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(7041, 1)`);

/**
 * Plans the fleet from what changed: the records named in fleet_changes (written by triggers in
 * the changing transaction) are built once each and queued for every vessel they concern; a
 * vessel registered since is then planned whole, from one build of everything, one vessel per
 * short transaction. With nothing changed this is one cheap question. Planners take turns
 * through a transaction lock of their own, never by locking the vessels' rows, which a ship's
 * hello and every message received update meanwhile. Returns the vessels something was queued for.
 */
export async function planFleet(db: Db): Promise<string[]> {
  const { rows: due } = (await db.execute(sql`select exists (select 1 from fleet_changes) as changes,
    exists (select 1 from vessels where full_plan_due) as whole`)) as unknown as Rows<{ changes: boolean; whole: boolean }>;
  const touched: string[] = [];
  if (due[0].changes) touched.push(...(await planChanges(db)));
  if (due[0].whole) touched.push(...(await planWholeVessels(db)));
  return [...new Set(touched)];
}

async function planChanges(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    await takeTurn(tx);
    // Taken in this transaction: a change committed meanwhile stays for the next round.
    const { rows: taken } = (await tx.execute(sql`delete from fleet_changes returning kind, key`)) as unknown as Rows<{ kind: RecordKind; key: string }>;
    const changed = new Map<RecordKind, Set<string>>();
    for (const { kind, key } of taken) {
      if (!RECORD_KINDS.includes(kind)) continue;
      if (!changed.has(kind)) changed.set(kind, new Set());
      changed.get(kind)!.add(key);
    }
    // A vessel still to be planned whole gets everything then.
    const fleet = await tx.select({ code: vessels.code }).from(vessels).where(sql`not ${vessels.fullPlanDue}`).orderBy(vessels.code);
    if (fleet.length === 0 || changed.size === 0) return [];
    const built = (await Promise.all(RECORD_KINDS.map((kind) => build(tx, kind, [...(changed.get(kind) ?? [])])))).flat();
    const plans: [string, Message[]][] = [];
    for (const { code } of fleet) plans.push([code, await diffVessel(tx, code, built, changed)]);
    await storePayloads(
      tx,
      plans.flatMap(([, messages]) => messages),
    );
    for (const [code, messages] of plans) await queue(tx, code, messages);
    return plans.filter(([, messages]) => messages.length > 0).map(([code]) => code);
  });
}

/**
 * Each vessel registered since: everything it should hold, from one build for all of them. A
 * change committed after the build stays in fleet_changes and reaches the vessel next round.
 */
async function planWholeVessels(db: Db): Promise<string[]> {
  const builtAll = (await Promise.all(RECORD_KINDS.map((kind) => build(db, kind, 'all')))).flat();
  const touched: string[] = [];
  for (;;) {
    const code = await db.transaction(async (tx) => {
      await takeTurn(tx);
      const [vessel] = await tx.select({ code: vessels.code }).from(vessels).where(sql`${vessels.fullPlanDue}`).orderBy(vessels.code).limit(1);
      if (!vessel) return null;
      const messages = await diffVessel(tx, vessel.code, builtAll, 'all');
      await storePayloads(tx, messages);
      await queue(tx, vessel.code, messages);
      await tx.update(vessels).set({ fullPlanDue: false }).where(eq(vessels.code, vessel.code));
      if (messages.length) touched.push(vessel.code);
      return vessel.code;
    });
    if (code === null) return touched;
  }
}

/**
 * Files vessel `code` needs (the attachments and approved translations of the versions in force
 * it holds) and has not been sent.
 */
export async function filesToSend(db: Db, code: string): Promise<{ sha256: string; size: number }[]> {
  const { rows } = (await db.execute(sql`select distinct a.sha256, a.size::bigint as size
    from sops s ${versionInForce} join (
      select version_id, sha256, size from attachments
      union all select version_id, sha256, size from sop_translations where status = 'approved') a on a.version_id = e.id
    where a.sha256 is not null and (cardinality(s.vessel_codes) = 0 or ${code} = any(s.vessel_codes))
      and not exists (select 1 from fleet_sent f where f.vessel_code = ${code} and f.kind = 'file' and f.key = a.sha256)
    order by a.sha256`)) as unknown as Rows<{ sha256: string; size: string }>;
  return rows.map((r) => ({ sha256: r.sha256, size: Number(r.size) }));
}
