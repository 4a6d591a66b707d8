import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fleetOutbox, fleetSent, vessels } from '../db/schema';
import { type Rows, versionInForce } from '../features/reading/audience-filter.service';
import { RECORD_KINDS, type RecordKind, type RecordMessage } from './messages';

interface Desired {
  kind: RecordKind;
  key: string;
  row: Record<string, unknown>;
  hash: string;
}

/**
 * Every office-owned record vessel `code` should hold, as the rows it applies, with their
 * fingerprints: departments (divisions first), users with their password hashes, the register,
 * settings (never the shared session secret), and each SOP that applies to the vessel with
 * its version in force only (the newest published one): never a draft or a submission. On
 * board the SOP's latest version is that version and its status 'published'.
 */
async function desiredRecords(db: Db, code: string): Promise<Desired[]> {
  const query = (kind: RecordKind, body: ReturnType<typeof sql>) =>
    db.execute(sql`select ${kind} as kind, key, row, md5(row::text) as hash from (${body}) q`) as unknown as Promise<Rows<Desired>>;
  const parts = await Promise.all([
    query('department', sql`select id::text as key, to_jsonb(d) as row from departments d order by parent_id is not null, id`),
    query('user', sql`select id::text as key, to_jsonb(u) as row from users u order by id`),
    query('vessel', sql`select code as key, to_jsonb(v) - 'last_contact_at' as row from vessels v order by code`),
    query('setting', sql`select key, to_jsonb(a) as row from app_settings a where key <> 'session_secret' order by key`),
    query(
      'sop',
      sql`select s.id::text as key, jsonb_build_object(
          'sop', (to_jsonb(s) - 'search_vector') || jsonb_build_object('latest_version_id', e.id, 'status', 'published'),
          'version', to_jsonb(v),
          'attachments', coalesce((select jsonb_agg(to_jsonb(a) order by a.id) from attachments a where a.version_id = e.id), '[]'::jsonb)) as row
        from sops s ${versionInForce} join sop_versions v on v.id = e.id
        where cardinality(s.vessel_codes) = 0 or ${code} = any(s.vessel_codes)
        order by s.id`,
    ),
  ]);
  return parts.flatMap((p) => p.rows);
}

/** Files vessel `code` needs (the attachments of the versions in force it holds) and has not been sent. */
export async function filesToSend(db: Db, code: string): Promise<{ sha256: string; size: number }[]> {
  const { rows } = (await db.execute(sql`select distinct a.sha256, a.size::bigint as size
    from sops s ${versionInForce} join attachments a on a.version_id = e.id
    where a.sha256 is not null and (cardinality(s.vessel_codes) = 0 or ${code} = any(s.vessel_codes))
      and not exists (select 1 from fleet_sent f where f.vessel_code = ${code} and f.kind = 'file' and f.key = a.sha256)
    order by a.sha256`)) as unknown as Rows<{ sha256: string; size: string }>;
  return rows.map((r) => ({ sha256: r.sha256, size: Number(r.size) }));
}

/**
 * Puts the messages that bring vessel `code` in step into its outbox, in one transaction with
 * the fingerprints of what they carry: records new or changed since last sent, then removals
 * (later kinds first). The vessel's row is locked meanwhile, so office instances sharing a
 * database take turns and sequence numbers never repeat. Returns how many were added.
 */
export async function planVessel(db: Db, code: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [vessel] = await tx.select({ code: vessels.code }).from(vessels).where(eq(vessels.code, code)).for('update');
    if (!vessel) return 0;
    const desired = await desiredRecords(tx, code);
    const sent = new Map(
      (
        await tx
          .select()
          .from(fleetSent)
          .where(and(eq(fleetSent.vesselCode, code), ne(fleetSent.kind, 'file')))
      ).map((s) => [`${s.kind}:${s.key}`, s.hash]),
    );
    const messages: RecordMessage[] = [];
    const changed: Desired[] = [];
    for (const record of desired) {
      const id = `${record.kind}:${record.key}`;
      if (sent.get(id) !== record.hash) {
        messages.push({ op: 'upsert', kind: record.kind, key: record.key, row: record.row });
        changed.push(record);
      }
      sent.delete(id);
    }
    const gone = [...sent.keys()]
      .map((id) => ({ kind: id.slice(0, id.indexOf(':')) as RecordKind, key: id.slice(id.indexOf(':') + 1) }))
      .sort((a, b) => RECORD_KINDS.indexOf(b.kind) - RECORD_KINDS.indexOf(a.kind));
    for (const { kind, key } of gone) messages.push({ op: 'delete', kind, key });
    if (messages.length === 0) return 0;

    const [{ last }] = (
      (await tx.execute(sql`select coalesce(max(seq), 0)::bigint as last from fleet_outbox where vessel_code = ${code}`)) as unknown as Rows<{ last: string }>
    ).rows;
    const first = Number(last) + 1;
    for (let i = 0; i < messages.length; i += 500) {
      await tx.insert(fleetOutbox).values(messages.slice(i, i + 500).map((payload, j) => ({ vesselCode: code, seq: first + i + j, payload })));
    }
    for (let i = 0; i < changed.length; i += 500) {
      await tx
        .insert(fleetSent)
        .values(changed.slice(i, i + 500).map((r) => ({ vesselCode: code, kind: r.kind, key: r.key, hash: r.hash })))
        .onConflictDoUpdate({ target: [fleetSent.vesselCode, fleetSent.kind, fleetSent.key], set: { hash: sql`excluded.hash` } });
    }
    for (const { kind, key } of gone) {
      await tx.delete(fleetSent).where(and(eq(fleetSent.vesselCode, code), eq(fleetSent.kind, kind), eq(fleetSent.key, key)));
    }
    return messages.length;
  });
}
