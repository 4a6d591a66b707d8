import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { AuditVerification } from '../../../../common/contracts/audit';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema';

/** The app_settings key holding the last verification's answer, for the Audit Trail card. */
const LAST_VERIFICATION = 'audit_last_verification';

/**
 * Recomputes every event's hash from its content and the stored hash of the event before it
 * (in id order), inside the database with the same function the insert trigger uses. The first
 * event whose stored hash differs is where the chain breaks: that event was edited, or the one
 * before it was removed or edited together with its hash. The chain's head must name the last
 * event and its hash, else events were removed from the end (firstBrokenId is then the id the
 * head names).
 */
const VERIFY_SQL = `
  with chain as (
    select id, hash, audit_event_digest(lag(hash) over (order by id), id, actor_id, action, entity_type, entity_id, metadata, created_at) as expected
    from audit_events
  ), last as (select id, hash from audit_events order by id desc limit 1)
  select (select count(*) from audit_events)::int as events,
    (select min(id) from chain where hash is distinct from expected) as "brokenId",
    (select id from last) as "lastId", (select hash from last) as "lastHash",
    (select last_id from audit_chain where id = 1) as "headId", (select hash from audit_chain where id = 1) as "headHash"`;

interface ChainFacts {
  events: number;
  brokenId: number | null;
  lastId: number | null;
  lastHash: string | null;
  headId: number | null;
  headHash: string | null;
}

function judge(facts: ChainFacts): { events: number; intact: true } | { events: number; intact: false; firstBrokenId: number } {
  const { events, brokenId, lastId, lastHash, headId, headHash } = facts;
  if (brokenId !== null) return { events, intact: false, firstBrokenId: brokenId };
  // No head and no events: nothing was ever recorded. A head must match the last event.
  const headAgrees = headId === null ? lastId === null : headId === (lastId ?? 0) && (lastId === null || headHash === lastHash);
  if (!headAgrees) return { events, intact: false, firstBrokenId: headId ?? lastId ?? 0 };
  return { events, intact: true };
}

/** The chain checked through a plain `pg` client (a restore, inside its transaction). */
export async function verifyChainWith(client: Pick<pg.ClientBase, 'query'>) {
  const { rows } = await client.query<ChainFacts & pg.QueryResultRow>(VERIFY_SQL);
  return judge(rows[0]);
}

/** Verifies the whole trail and keeps the answer as the last verification. */
export async function verifyAuditChain(db: Db): Promise<AuditVerification> {
  const result = await db.execute(sql.raw(VERIFY_SQL));
  const facts = (result as unknown as { rows: ChainFacts[] }).rows[0];
  const verification: AuditVerification = { ...judge(facts), checkedAt: new Date() };
  const value = { ...verification, checkedAt: verification.checkedAt.toISOString() };
  await db
    .insert(appSettings)
    .values({ key: LAST_VERIFICATION, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
  return verification;
}

/** The last verification's answer, or null when the trail was never verified. */
export async function lastAuditVerification(db: Db): Promise<AuditVerification | null> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, LAST_VERIFICATION));
  if (!row) return null;
  const stored = row.value as { checkedAt: string };
  return { ...(row.value as AuditVerification), checkedAt: new Date(stored.checkedAt) };
}
