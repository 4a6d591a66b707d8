import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AuditKey } from './audit-key';
import { auditHmac } from './audit-key';
import type { Db } from './client';

/**
 * The keyed audit chain (decisions 034 and 059). Each event's hash is an HMAC with AUDIT_KEY
 * over the previous event's hash and the event's content as the database renders it
 * (`audit_event_content`): the key never reaches the database, so whoever can edit the rows (or
 * a backup file) cannot recompute the chain. Appends lock the chain's head row, so appends from
 * any number of instances queue into one chain numbered by id.
 */

/** A statement run on some connection (a drizzle database or transaction, a pg client), its rows back. */
export type Run = <R>(query: SQL) => Promise<R[]>;

const dialect = new PgDialect();
export const runOnDb =
  (db: Db): Run =>
  async <R>(query: SQL) =>
    ((await db.execute(query)) as unknown as { rows: R[] }).rows;
export const runOnClient =
  (client: { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> }): Run =>
  async <R>(query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return (await client.query(text, params)).rows as R[];
  };

/** What the app asks the start-up or a restore to refuse, in one sentence for the operator. */
export class AuditChainRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuditChainRefusedError';
  }
}

export interface AuditEventInput {
  actorId: number | null;
  action: string;
  entityType: string;
  entityId: number | null;
  metadata: Record<string, unknown>;
  /** Now (the transaction's time) unless given: tests date events. */
  createdAt?: Date;
}

interface Head {
  lastId: number;
  hash: string;
  fingerprint: string | null;
}

const headOf = async (run: Run, lock: boolean) =>
  (
    await run<Head>(sql`select last_id as "lastId", hash, key_fingerprint as "fingerprint" from audit_chain where id = 1 ${lock ? sql`for update` : sql``}`)
  )[0] as Head | undefined;

const keyedBy = (fingerprint: string | null) => (fingerprint ? `audit key ${fingerprint}` : 'no key (before this version)');

/** Appends one event, numbered and hashed under the head's lock, which is held until the caller's transaction ends. */
export async function appendAuditEvent(db: Db, key: AuditKey, event: AuditEventInput): Promise<void> {
  await db.transaction(async (tx) => {
    const run = runOnDb(tx);
    let head = await headOf(run, true);
    if (!head) {
      await run(sql`insert into audit_chain (id, last_id, hash, key_fingerprint) values (1, 0, '', ${key.fingerprint}) on conflict (id) do nothing`);
      head = (await headOf(run, true))!;
    }
    if (head.fingerprint !== key.fingerprint) {
      throw new Error(`The audit trail is chained with ${keyedBy(head.fingerprint)}, not this server's audit key ${key.fingerprint}: nothing can be recorded.`);
    }
    const id = head.lastId + 1;
    const metadata = JSON.stringify(event.metadata);
    // now() is the transaction's time: the content hashed and the row stored carry the same one.
    const at = sql`coalesce(${event.createdAt?.toISOString() ?? null}::timestamptz, now())`;
    const [{ content }] = await run<{ content: string }>(
      sql`select audit_event_content(${id}::int, ${event.actorId}::int, ${event.action}::text, ${event.entityType}::text, ${event.entityId}::int, ${metadata}::jsonb, ${at}) as content`,
    );
    const hash = auditHmac(key, head.hash, content);
    await run(sql`with appended as (
        insert into audit_events (id, actor_id, action, entity_type, entity_id, metadata, created_at, hash) overriding system value
        values (${id}, ${event.actorId}, ${event.action}, ${event.entityType}, ${event.entityId}, ${metadata}::jsonb, ${at}, ${hash}))
      update audit_chain set last_id = ${id}, hash = ${hash} where id = 1`);
  });
}

export type ChainCheck = { events: number; intact: true } | { events: number; intact: false; firstBrokenId: number };

const PAGE = 2000;

/**
 * Recomputes every event's hash from its content and the stored hash of the event before it, in
 * id order: with the key (HMAC), or with `null` as the unkeyed SHA-256 chain of migration 0017
 * (`audit_event_digest`: SHA-256 over the same text; only before the re-key). The first event whose stored hash differs is where the chain breaks;
 * the head must name the last event and its hash, else events were removed from the end.
 */
export async function checkChain(run: Run, key: AuditKey | null): Promise<ChainCheck> {
  const digest = (previousHash: string, content: string) =>
    key ? auditHmac(key, previousHash, content) : createHash('sha256').update(previousHash).update(content).digest('hex');
  let events = 0;
  let previous = '';
  let lastId = 0;
  let brokenId: number | null = null;
  for (;;) {
    const rows = await run<{ id: number; hash: string; content: string }>(
      sql`select id, hash, audit_event_content(id, actor_id, action, entity_type, entity_id, metadata, created_at) as content
        from audit_events where id > ${lastId} order by id limit ${PAGE}`,
    );
    for (const row of rows) {
      if (brokenId === null && row.hash !== digest(previous, row.content)) brokenId = row.id;
      previous = row.hash;
      lastId = row.id;
      events += 1;
    }
    if (rows.length < PAGE) break;
  }
  if (brokenId !== null) return { events, intact: false, firstBrokenId: brokenId };
  const head = await headOf(run, false);
  // No head and no events: nothing was ever recorded. A head must match the last event.
  const headAgrees = head ? head.lastId === lastId && (lastId === 0 || head.hash === previous) : lastId === 0;
  if (!headAgrees) return { events, intact: false, firstBrokenId: head?.lastId ?? lastId };
  return { events, intact: true };
}

/**
 * The start-up step after the migrations, as the database's owner (the re-key rewrites hashes
 * past the append-only guard). A trail chained with this key is left alone; one chained with
 * another key is refused (the server would break its chain); an unkeyed one (recorded before
 * migration 0034) is verified as it stands and re-keyed once, in one transaction: the head then
 * names the key, so it never runs again. A broken unkeyed chain is refused, since re-keying it
 * would hide where it breaks.
 */
export async function prepareAuditChain(db: Db, key: AuditKey): Promise<{ rekeyed: number } | null> {
  return db.transaction(async (tx) => {
    const run = runOnDb(tx);
    const head = await headOf(run, true);
    if (!head || head.fingerprint === key.fingerprint) return null;
    if (head.fingerprint !== null) {
      throw new AuditChainRefusedError(
        `The audit trail in this database is chained with audit key ${head.fingerprint}, but AUDIT_KEY here is key ${key.fingerprint}. ` +
          'Set AUDIT_KEY (or DATA_DIR/audit-key) to the key this trail was recorded with; see "The audit key" in docs/operations.md.',
      );
    }
    const unkeyed = await checkChain(run, null);
    if (!unkeyed.intact) {
      throw new AuditChainRefusedError(
        `The audit trail does not verify as it stands (its hash chain breaks at event ${unkeyed.firstBrokenId}), so it is not re-keyed with AUDIT_KEY: ` +
          're-keying would hide the break. Restore the last backup whose trail verifies, with the version that made it, then upgrade.',
      );
    }
    await run(sql`alter table audit_events disable trigger audit_events_no_update_or_delete`);
    let previous = '';
    let lastId = 0;
    for (;;) {
      const rows = await run<{ id: number; content: string }>(
        sql`select id, audit_event_content(id, actor_id, action, entity_type, entity_id, metadata, created_at) as content
          from audit_events where id > ${lastId} order by id limit ${PAGE}`,
      );
      const keyed = rows.map((row) => {
        previous = auditHmac(key, previous, row.content);
        lastId = row.id;
        return { id: row.id, hash: previous };
      });
      if (keyed.length) {
        await run(
          sql`update audit_events e set hash = k.hash from jsonb_to_recordset(${JSON.stringify(keyed)}::jsonb) as k(id int, hash text) where e.id = k.id`,
        );
      }
      if (rows.length < PAGE) break;
    }
    await run(sql`alter table audit_events enable trigger audit_events_no_update_or_delete`);
    await run(sql`update audit_chain set hash = ${previous}, key_fingerprint = ${key.fingerprint} where id = 1`);
    return { rekeyed: unkeyed.events };
  });
}
