import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../test/database';
import { createTestContext, TEST_PASSWORD } from '../test/factory';
import { type Database, openDatabase } from './client';

/**
 * PostgreSQL with MIGRATION_DATABASE_URL: migrations as the owner, the app as a role that
 * reads and writes rows and can do nothing to the audit guard. (The embedded database has one
 * user; see docs/decisions.md.)
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

async function asAdmin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(!serverUrl)('the app database role on PostgreSQL', () => {
  it('works as usual but cannot disable, bypass or truncate the audit guard', { timeout: 120_000 }, async () => {
    const scratch = await createScratchDatabase(serverUrl!, 'sop_role');
    const role = `sop_app_${randomBytes(4).toString('hex')}`;
    await asAdmin(serverUrl!, `create role ${role} login password 'app-role-password'`);
    cleanup.push(async () => {
      await scratch.drop();
      await asAdmin(serverUrl!, `drop role if exists ${role}`);
    });
    const appUrl = new URL(scratch.url);
    appUrl.username = role;
    appUrl.password = 'app-role-password';

    const database: Database = await openDatabase({ databaseUrl: appUrl.toString(), migrationUrl: scratch.url });
    cleanup.push(() => database.close());
    // The app runs on it: an admin signs in, creates a user, and the audit trail records it.
    const t = await createTestContext({ database: { ...database, close: async () => {} }, jobs: 'manual' });
    cleanup.push(() => t.close());
    const admin = await t.signedInUser('admin');
    const created = await t.as(admin, {
      method: 'POST',
      url: '/api/admin/users',
      payload: { username: `deckhand${role.slice(-4)}`, password: TEST_PASSWORD, role: 'user' },
    });
    expect(created.statusCode).toBe(201);
    const { rows } = await database.pool!.query(`select count(*)::int as n from audit_events where action = 'user_created'`);
    expect(rows[0].n).toBe(1);

    const refusals: string[] = [];
    for (const statement of [
      'alter table audit_events disable trigger audit_events_no_update_or_delete',
      'alter table audit_events disable trigger all',
      "set session_replication_role = 'replica'",
      'truncate audit_events',
      'drop trigger audit_events_no_truncate on audit_events',
      "update audit_events set action = 'nothing_happened'",
      'delete from audit_events',
    ]) {
      const outcome = await database.pool!.query(statement).then(
        () => 'done',
        (err: { code?: string }) => err.code ?? 'refused',
      );
      refusals.push(`${statement.split(' ').slice(0, 3).join(' ')}: ${outcome}`);
    }
    expect(refusals.filter((line) => line.endsWith(': done'))).toEqual([]);
    const { rows: after } = await database.pool!.query(`select count(*)::int as n from audit_events where action = 'user_created'`);
    expect(after[0].n).toBe(1);
  });
});
