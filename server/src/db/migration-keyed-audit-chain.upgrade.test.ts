import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../features/audit/audit-chain.service';
import { TEST_AUDIT_KEY } from '../test/audit-key-setup';
import { openPreviousRelease, type PreviousRelease, upgradedFrom } from '../test/previous-release';
import { AuditChainRefusedError } from './audit-chain';
import { auditKey } from './audit-key';
import { openDatabase } from './client';

/**
 * Migration 0034 and the start-up step after it: a trail chained before keys (unkeyed SHA-256)
 * is verified as it stands and re-keyed once with AUDIT_KEY; a broken one is refused, not re-keyed.
 */
const fillEvents = async (old: PreviousRelease) => {
  const user = Number((await old.one(`insert into users (username, password) values ('old-admin', 'x') returning id`)).id);
  for (const n of [1, 2, 3]) {
    await old.query(`insert into audit_events (actor_id, action, entity_type, entity_id, metadata) values ($1, 'sop_created', 'sop', $2, $3)`, [
      user,
      n,
      JSON.stringify({ title: `Procedure ${n}` }),
    ]);
  }
  return (await old.query('select id, hash from audit_events order by id')).rows as { id: number; hash: string }[];
};

let unkeyed: { id: number; hash: string }[] = [];
const upgraded = upgradedFrom(33, async (old) => {
  unkeyed = await fillEvents(old);
});
const rowsOf = async <R>(text: string) => ((await upgraded.db.execute(sql.raw(text))) as unknown as { rows: R[] }).rows;

describe('migration 0034 (the keyed audit chain)', () => {
  it('re-keys the unkeyed chain once at the first start, which then verifies with the key', async () => {
    const keyed = await rowsOf<{ id: number; hash: string }>('select id, hash from audit_events order by id');
    expect(keyed.map((r) => r.id)).toEqual(unkeyed.map((r) => r.id));
    for (const [i, row] of keyed.entries()) expect(row.hash).not.toBe(unkeyed[i].hash);
    const [head] = await rowsOf<{ hash: string; fingerprint: string }>('select hash, key_fingerprint as fingerprint from audit_chain');
    expect(head).toEqual({ hash: keyed[2].hash, fingerprint: auditKey(TEST_AUDIT_KEY).fingerprint });
    expect(await verifyAuditChain(upgraded.db)).toMatchObject({ intact: true, events: 3, keyFingerprint: auditKey(TEST_AUDIT_KEY).fingerprint });
  });

  it('refuses to re-key a chain that does not verify, at every start, and leaves it unkeyed', { timeout: 120_000 }, async () => {
    const work = await mkdtemp(path.join(os.tmpdir(), 'sop-upgrade-broken-'));
    const old = await openPreviousRelease(work, 33);
    try {
      const before = await fillEvents(old);
      await old.query('alter table audit_events disable trigger audit_events_no_update_or_delete');
      await old.query(`update audit_events set metadata = '{"title":"Procedure 9"}' where id = ${before[1].id}`);
      await old.close();
      const opening = openDatabase(old.reopen);
      await expect(opening).rejects.toBeInstanceOf(AuditChainRefusedError);
      await expect(opening).rejects.toThrow(`breaks at event ${before[1].id}), so it is not re-keyed`);
      // Nothing was re-keyed: the next start finds the same unkeyed, broken chain.
      await expect(openDatabase(old.reopen)).rejects.toThrow(`breaks at event ${before[1].id}), so it is not re-keyed`);
    } finally {
      await old.drop();
      await rm(work, { recursive: true, force: true });
    }
  });
});
