import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { auditHmac, auditKey } from '../../db/audit-key';
import { TEST_AUDIT_KEY } from '../../test/audit-key-setup';
import { crewOf } from '../../test/factories';
import { recordAudit } from './audit.service';

/**
 * The audit trail as a keyed hash chain: every event's hash is an HMAC with AUDIT_KEY (the tests'
 * fixed key) over its content and the previous event's hash, set as the event is appended. Rows are edited here as the
 * database owner would (lifting the append-only trigger), since nothing else can.
 */
const { t, admin, approver } = await crewOf({ admin: 'admin', approver: 'approver' });

const run = async <R>(db: Db, text: string) => ((await db.execute(sql.raw(text))) as unknown as { rows: R[] }).rows;
const verify = () => t.as(admin, { method: 'GET', url: '/api/audit/verify' });
const eventIds = async () => (await run<{ id: number }>(t.db, 'select id from audit_events order by id')).map((r) => r.id);

/** Runs a statement on the trail as the owner, with the append-only guard lifted for it only. */
async function asOwner(statement: string) {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql.raw('alter table audit_events disable trigger audit_events_no_update_or_delete'));
    await tx.execute(sql.raw(statement));
    await tx.execute(sql.raw('alter table audit_events enable trigger audit_events_no_update_or_delete'));
  });
}

describe('the audit hash chain', () => {
  it('verifies the events the app records, for admins only', async () => {
    await recordAudit(t.db, { actorId: admin.id, action: 'department_created', entityType: 'department', entityId: 1, metadata: { name: 'Galley' } });
    const res = await verify();
    expect(res.statusCode).toBe(200);
    const events = (await eventIds()).length;
    expect(events).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({ intact: true, events, keyFingerprint: auditKey(TEST_AUDIT_KEY).fingerprint });
    expect(new Date(res.json().checkedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await t.as(approver, { method: 'GET', url: '/api/audit/verify' })).statusCode).toBe(403);
    expect((await t.as(approver, { method: 'GET', url: '/api/audit/verification' })).statusCode).toBe(403);
  });

  it('numbers and chains events appended at once from two server instances', async () => {
    const second = await t.anotherInstance();
    const before = (await eventIds()).at(-1) ?? 0;
    // Each transaction appends, then holds its lock a moment, so the appends really queue.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? second.db : t.db).transaction(async (tx) => {
          await recordAudit(tx, { actorId: admin.id, action: 'sop_emailed', entityType: 'sop', entityId: i, metadata: { title: `Parallel ${i}` } });
          await tx.execute(sql`select pg_sleep(0.01)`);
        }),
      ),
    );
    const ids = (await eventIds()).filter((id) => id > before);
    expect(ids).toEqual(Array.from({ length: 12 }, (_, i) => before + 1 + i));
    expect((await verify()).json()).toMatchObject({ intact: true });
  });

  it('finds an event edited in SQL, and the last verification shows it', async () => {
    const [victim] = await run<{ id: number; metadata: Record<string, unknown> }>(
      t.db,
      `select id, metadata from audit_events where metadata->>'title' = 'Parallel 3'`,
    );
    await asOwner(`update audit_events set metadata = '{"title":"Parallel 4"}' where id = ${victim.id}`);
    const broken = await verify();
    expect(broken.json()).toMatchObject({ intact: false, firstBrokenId: victim.id, events: (await eventIds()).length });
    const last = await t.as(admin, { method: 'GET', url: '/api/audit/verification' });
    expect(last.json()).toMatchObject({ intact: false, firstBrokenId: victim.id });

    // Put back exactly, the chain holds again: the hash is of the content, nothing else.
    await asOwner(`update audit_events set metadata = '${JSON.stringify(victim.metadata)}' where id = ${victim.id}`);
    expect((await verify()).json()).toMatchObject({ intact: true });
  });

  it('finds an edit whose hash was recomputed with the key itself, at the event after it', async () => {
    const ids = await eventIds();
    const victim = ids[ids.length - 3];
    await asOwner(`update audit_events set actor_id = ${approver.id} where id = ${victim}`);
    const [row] = await run<{ previous: string; content: string }>(
      t.db,
      `select (select hash from audit_events p where p.id < ${victim} order by p.id desc limit 1) as previous,
        audit_event_content(id, actor_id, action, entity_type, entity_id, metadata, created_at) as content from audit_events where id = ${victim}`,
    );
    await asOwner(`update audit_events set hash = '${auditHmac(auditKey(TEST_AUDIT_KEY), row.previous, row.content)}' where id = ${victim}`);
    expect((await verify()).json()).toMatchObject({ intact: false, firstBrokenId: ids[ids.length - 2] });
  });

  it('finds an edit whose whole chain was recomputed without the key (the unkeyed function), at the edited event', async () => {
    const fresh = await crewOf({ admin: 'admin' });
    for (const n of [1, 2, 3]) await recordAudit(fresh.t.db, { actorId: fresh.admin.id, action: 'sop_emailed', entityType: 'sop', entityId: n });
    const ids = (await run<{ id: number }>(fresh.t.db, 'select id from audit_events order by id')).map((r) => r.id);
    const victim = ids.at(-2)!;
    // As a forger with the database but not the key: the event edited, then its hash, every later one and the head redone.
    await fresh.t.db.transaction(async (tx) => {
      await tx.execute(sql.raw('alter table audit_events disable trigger audit_events_no_update_or_delete'));
      await tx.execute(sql.raw(`update audit_events set entity_id = 99 where id = ${victim}`));
      await tx.execute(
        sql.raw(`do $$ declare r record; prev text := (select hash from audit_events where id < ${victim} order by id desc limit 1); begin
          for r in select * from audit_events where id >= ${victim} order by id loop
            prev := audit_event_digest(prev, r.id, r.actor_id, r.action, r.entity_type, r.entity_id, r.metadata, r.created_at);
            update audit_events set hash = prev where id = r.id;
          end loop;
          update audit_chain set hash = prev where id = 1;
        end $$`),
      );
      await tx.execute(sql.raw('alter table audit_events enable trigger audit_events_no_update_or_delete'));
    });
    const res = await fresh.t.as(fresh.admin, { method: 'GET', url: '/api/audit/verify' });
    expect(res.json()).toMatchObject({ intact: false, firstBrokenId: victim, keyFingerprint: auditKey(TEST_AUDIT_KEY).fingerprint });
  });

  it('finds an event removed from the middle, and one removed from the end', async () => {
    const fresh = await crewOf({ admin: 'admin' });
    const check = () => fresh.t.as(fresh.admin, { method: 'GET', url: '/api/audit/verify' });
    for (const n of [1, 2, 3]) await recordAudit(fresh.t.db, { actorId: fresh.admin.id, action: 'sop_emailed', entityType: 'sop', entityId: n });
    const ids = (await run<{ id: number }>(fresh.t.db, 'select id from audit_events order by id')).map((r) => r.id);
    const remove = (id: number) =>
      fresh.t.db.transaction(async (tx) => {
        await tx.execute(sql.raw('alter table audit_events disable trigger audit_events_no_update_or_delete'));
        await tx.execute(sql.raw(`delete from audit_events where id = ${id}`));
        await tx.execute(sql.raw('alter table audit_events enable trigger audit_events_no_update_or_delete'));
      });
    await remove(ids.at(-1)!);
    expect((await check()).json()).toMatchObject({ intact: false, firstBrokenId: ids.at(-1) });
    await remove(ids.at(-3)!);
    expect((await check()).json()).toMatchObject({ intact: false, firstBrokenId: ids.at(-2) });
  });
});
