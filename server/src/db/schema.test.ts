import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../../common/limits';
import { openTestDatabase } from '../test/database';
import type { Database } from './client';
import * as schema from './schema';

/**
 * The rules the database keeps by itself, tried with plain SQL as a script or a restore would
 * write, and the schema files checked against what the migrations really built.
 */
let database: Database;
const ids: Record<string, number> = {};

const run = async (text: string) => (await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };
const one = async (text: string) => (await run(text)).rows[0] as { id: number };

/** The constraint a statement broke, or 'accepted'. */
async function outcome(text: string): Promise<string> {
  try {
    await run(text);
    return 'accepted';
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string; code?: string; message?: string } }).cause ?? (error as { constraint?: string; code?: string });
    return cause.constraint ?? `${cause.code}`;
  }
}

beforeAll(async () => {
  database = await openTestDatabase();
  const user = await one(`insert into users (username, password) values ('schema-user', 'x') returning id`);
  const dept = await one(`insert into departments (name) values ('Deck') returning id`);
  const sop = await one(`insert into sops (title, department_id, owner_id) values ('Mooring', ${dept.id}, ${user.id}) returning id`);
  const version = await one(`insert into sop_versions (sop_id, content) values (${sop.id}, 'Steps') returning id`);
  await run(`insert into stored_files (sha256, size) values ('${'a'.repeat(64)}', 3)`);
  Object.assign(ids, { user: user.id, dept: dept.id, sop: sop.id, version: version.id });
});

afterAll(async () => {
  await database?.close();
});

const program = (code: string, sequence = 1, size = 3) =>
  `insert into daily_programs (cruise_code, program_date, file_sequence, filename, original_name, mime_type, size, sha256)
   values ('${code}', '2025-11-20', ${sequence}, 'p.pdf', 'p.pdf', 'application/pdf', ${size}, '${'a'.repeat(64)}')`;

describe('the database refuses what no screen can store', () => {
  it('holds one pending approval task per version, and any number of decided ones', async () => {
    expect(await outcome(`insert into approval_tasks (version_id) values (${ids.version})`)).toBe('accepted');
    expect(await outcome(`insert into approval_tasks (version_id) values (${ids.version})`)).toBe('approval_tasks_one_pending_key');
    await run(`update approval_tasks set status = 'rejected' where version_id = ${ids.version}`);
    expect(await outcome(`insert into approval_tasks (version_id, status) values (${ids.version}, 'changes_requested')`)).toBe('accepted');
    expect(await outcome(`insert into approval_tasks (version_id) values (${ids.version})`)).toBe('accepted');
  });

  it('takes cruise codes only as upper-case letters and digits', async () => {
    expect(await outcome(program('AR250928'))).toBe('accepted');
    for (const bad of ['ar250929', 'AR-250928', 'AR 250928', '']) {
      expect(await outcome(program(bad)), bad).toBe('daily_programs_cruise_code_check');
    }
  });

  it('numbers a day’s files 1 to 4', async () => {
    expect(await outcome(program('MS1', 4))).toBe('accepted');
    expect(await outcome(program('MS1', 0))).toBe('daily_programs_file_sequence_check');
    expect(await outcome(program('MS1', 5))).toBe('daily_programs_file_sequence_check');
  });

  it('refuses a negative size everywhere and a file over the upload limit on every record of an upload', async () => {
    const attachment = (size: number) =>
      `insert into attachments (version_id, filename, original_name, mime_type, size) values (${ids.version}, 'a.pdf', 'a.pdf', 'application/pdf', ${size})`;
    const itinerary = (size: number) =>
      `insert into itineraries (upload_date, filename, original_name, mime_type, size, sha256) values ('2025-11-20', 'i.csv', 'i.csv', 'text/csv', ${size}, '${'a'.repeat(64)}')`;
    const pending = (size: number) => `insert into pending_uploads (user_id, size) values (${ids.user}, ${size})`;
    expect(await outcome(attachment(MAX_FILE_BYTES))).toBe('accepted');
    expect(await outcome(attachment(-1))).toBe('attachments_size_check');
    expect(await outcome(attachment(MAX_FILE_BYTES + 1))).toBe('attachments_size_check');
    expect(await outcome(program('SZ1', 1, -1))).toBe('daily_programs_size_check');
    expect(await outcome(program('SZ1', 1, MAX_FILE_BYTES + 1))).toBe('daily_programs_size_check');
    expect(await outcome(itinerary(-1))).toBe('itineraries_size_check');
    expect(await outcome(itinerary(MAX_FILE_BYTES + 1))).toBe('itineraries_size_check');
    expect(await outcome(pending(-1))).toBe('pending_uploads_size_check');
    expect(await outcome(`insert into stored_files (sha256, size) values ('${'b'.repeat(64)}', -1)`)).toBe('stored_files_size_check');
  });

  it('takes a review frequency of 1 to 60 months, or none', async () => {
    const review = (months: string) => `update sops set review_frequency = ${months} where id = ${ids.sop}`;
    for (const months of ['1', '60', 'null']) expect(await outcome(review(months)), months).toBe('accepted');
    for (const months of ['0', '-3', '61', '365']) expect(await outcome(review(months)), months).toBe('sops_review_frequency_check');
  });

  it('derives "published" from the approval, and refuses to store it apart', async () => {
    const published = async () => (await run(`select is_published from sop_versions where id = ${ids.version}`)).rows[0].is_published;
    expect(await published()).toBe(false);
    await run(`update sop_versions set approved_at = now() where id = ${ids.version}`);
    expect(await published()).toBe(true);
    // 428C9: a generated column cannot be written.
    expect(await outcome(`update sop_versions set is_published = false where id = ${ids.version}`)).toBe('428C9');
    await run(`update sop_versions set approved_at = null where id = ${ids.version}`);
    expect(await published()).toBe(false);
  });
});

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

describe('the schema files and the migrations agree', () => {
  it('declare the same indexes and checks, and the same generated columns', async () => {
    const declared = tables.flatMap((table) => {
      const config = getTableConfig(table);
      return [
        ...config.indexes.map((index) => `index ${index.config.name}`),
        ...config.checks.map((check) => `check ${check.name}`),
        ...config.columns.filter((column) => column.generated).map((column) => `generated ${config.name}.${column.name}`),
      ];
    });
    const built = await run(`
      select 'index ' || c.relname as item from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and not i.indisprimary
      union all select 'check ' || conname from pg_constraint k join pg_namespace n on n.oid = k.connamespace where n.nspname = 'public' and k.contype = 'c'
      union all select 'generated ' || table_name || '.' || column_name from information_schema.columns where table_schema = 'public' and is_generated = 'ALWAYS'`);
    expect(built.rows.map((r) => r.item).sort()).toEqual(declared.sort());
  });

  it('index every foreign-key column, so deleting the row it points at never scans the table', async () => {
    const unindexed = await run(`
      select c.relname || '.' || a.attname as column
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
      where k.contype = 'f' and n.nspname = 'public'
      and not exists (select 1 from pg_index i where i.indrelid = k.conrelid and i.indkey[0] = k.conkey[1] and i.indpred is null)
      order by 1`);
    expect(unindexed.rows.map((r) => r.column)).toEqual([]);
  });
});
