import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../features/audit/audit-chain.service';
import { recordAudit } from '../features/audit/audit.service';
import { upgradedFrom } from '../test/previous-release';

/**
 * Migration 0017 chains the audit trail: the events a database already holds (ids with a gap,
 * as a rolled-back append leaves) are hashed in id order, and the events appended after the
 * upgrade continue that chain.
 */
const ids: number[] = [];
const upgraded = upgradedFrom(15, async (old) => {
  const user = Number((await old.one(`insert into users (username, password) values ('old-admin', 'x') returning id`)).id);
  for (const n of [1, 2, 3]) {
    const { id } = await old.one(
      `insert into audit_events (actor_id, action, entity_type, entity_id, metadata, created_at) values ($1, 'sop_created', 'sop', $2, $3, now() - interval '1 day') returning id`,
      [user, n, JSON.stringify({ title: `Procedure ${n}`, nested: { b: 1, a: [n] } })],
    );
    ids.push(Number(id));
    // A gap in the ids, as an append rolled back leaves.
    if (n === 1) await old.query(`select nextval(pg_get_serial_sequence('audit_events', 'id'))`);
  }
});

const rows = async () =>
  ((await upgraded.db.execute(sql`select id, hash from audit_events order by id`)) as unknown as { rows: { id: number; hash: string }[] }).rows;

describe('migration 0017 (the audit hash chain)', () => {
  it('chains the events recorded before it, gap and all', async () => {
    const before = await rows();
    expect(before.map((r) => r.id)).toEqual(ids);
    expect(ids[1] - ids[0]).toBe(2);
    for (const row of before) expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(before.map((r) => r.hash)).size).toBe(3);
    expect(await verifyAuditChain(upgraded.db)).toMatchObject({ intact: true, events: 3 });
  });

  it('continues the chain with the next events', async () => {
    await recordAudit(upgraded.db, { actorId: null, action: 'department_created', entityType: 'department', metadata: { name: 'Deck' } });
    const after = await rows();
    expect(after.map((r) => r.id)).toEqual([...ids, ids[2] + 1]);
    expect(await verifyAuditChain(upgraded.db)).toMatchObject({ intact: true, events: 4 });
  });
});
