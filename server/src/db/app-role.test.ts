import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../test/database';
import { createTestContext, TEST_PASSWORD } from '../test/factories';
import { type Database, openDatabase } from './client';

/**
 * PostgreSQL with MIGRATION_DATABASE_URL, and the embedded database on disk: migrations as the
 * owner, the app as a role that reads and writes rows and can do nothing to the audit guard.
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

    expect(await attempts(database.pool!, GUARD_ATTACKS)).toEqual([]);
    const { rows: after } = await database.pool!.query(`select count(*)::int as n from audit_events where action = 'user_created'`);
    expect(after[0].n).toBe(1);
  });
});

/** What a role that may touch the audit guard would do to it. */
const GUARD_ATTACKS = [
  'alter table audit_events disable trigger audit_events_no_update_or_delete',
  'alter table audit_events disable trigger all',
  "set session_replication_role = 'replica'",
  'truncate audit_events',
  'drop trigger audit_events_no_truncate on audit_events',
  "update audit_events set action = 'nothing_happened'",
  'delete from audit_events',
];

/** Runs each statement on its own; answers those that were not refused. */
async function attempts(pool: pg.Pool, statements: (string | pg.QueryConfig)[]): Promise<string[]> {
  const done: string[] = [];
  for (const statement of statements) {
    const refused = await pool.query(statement).then(
      () => false,
      () => true,
    );
    if (!refused) done.push(typeof statement === 'string' ? statement : `${statement.text} (extended)`);
  }
  return done;
}

describe('the app role on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sop-app-role-'));
  cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));

  it('works as usual, cannot touch the audit guard, and cannot get the superuser back', { timeout: 180_000 }, async () => {
    const database = await openDatabase({ dataDir });
    cleanup.push(() => database.close());
    const t = await createTestContext({ database: { ...database, close: async () => {} }, jobs: 'manual' });
    cleanup.push(() => t.close());
    const admin = await t.signedInUser('admin');
    const created = await t.as(admin, { method: 'POST', url: '/api/admin/users', payload: { username: 'deckhand', password: TEST_PASSWORD, role: 'user' } });
    expect(created.statusCode).toBe(201);
    const pool = database.pool!;
    const count = async () => (await pool.query(`select count(*)::int as n from audit_events where action = 'user_created'`)).rows[0].n;
    expect(await count()).toBe(1);
    expect((await pool.query('select current_user as role')).rows[0].role).toBe('sop_app');

    const escapes = [
      'reset role',
      'set role postgres',
      'SET "role" = postgres',
      'set session authorization postgres',
      'reset session authorization',
      'discard all',
      "select set_config('role', 'postgres', false)",
      "do $$ begin execute 'reset role'; end $$",
      'create function own() returns void language sql as $$ select 1 $$',
      'create temporary table scratch (x int)',
      '/* hidden */ reset role',
      'select 1; reset role; truncate audit_events',
      { text: 'reset role', values: [] },
      { text: 'set role postgres', values: [] },
    ];
    expect(await attempts(pool, [...escapes, ...GUARD_ATTACKS])).toEqual([]);

    // A connection asking for settings at startup does not get them.
    const client = new pg.Client({ host: pool.options.host, port: 5432, user: 'postgres', database: 'postgres', options: '-c role=postgres' });
    await client.connect();
    const { rows } = await client.query('select current_user as role');
    await client.end();
    expect(rows[0].role).toBe('sop_app');

    // Nothing changed: still the app role, the guard's triggers all enabled, the event there.
    expect((await pool.query('select current_user as role')).rows[0].role).toBe('sop_app');
    const { rows: triggers } = await pool.query(
      `select tgname, tgenabled from pg_trigger where tgrelid = 'audit_events'::regclass and not tgisinternal order by tgname`,
    );
    expect(triggers.length).toBeGreaterThanOrEqual(2);
    expect(triggers.every((trigger) => trigger.tgenabled === 'O')).toBe(true);
    expect(await count()).toBe(1);
    // The refusal says why.
    const refusal = await pool.query('reset role').catch((err: Error) => err.message);
    expect(refusal).toMatch(/changes the session's role is refused/);
  });

  it('opens as the owner for a restore with the server stopped', { timeout: 120_000 }, async () => {
    const owner = await openDatabase({ dataDir: path.join(dataDir, 'restore'), role: 'owner' });
    cleanup.push(() => owner.close());
    expect((await owner.pool!.query('select current_user as role')).rows[0].role).toBe('postgres');
  });
});
