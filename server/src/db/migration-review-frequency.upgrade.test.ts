import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../test/database';

/**
 * Migration 0006 turns the stored review frequency, a number of days nothing used, into
 * whole months (1-60): a database holding day counts is upgraded and each value checked.
 */
const migrations = path.resolve(import.meta.dirname, 'migrations');
const REVIEW_LOOP = '0006_review_loop';

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

let work: string;
let query: Query;
let migrateAll: () => Promise<void>;
let close: () => Promise<void>;

/** The migrations folder as it was before the review loop. */
async function migrationsBeforeReviewLoop(): Promise<string> {
  const folder = path.join(work, 'before');
  await mkdir(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(await readFile(path.join(migrations, 'meta/_journal.json'), 'utf8'));
  const cut = journal.entries.findIndex((e: { tag: string }) => e.tag === REVIEW_LOOP);
  journal.entries = journal.entries.slice(0, cut);
  for (const entry of journal.entries) await cp(path.join(migrations, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  return folder;
}

const DAYS_TO_MONTHS: [number | null, number | null][] = [
  [null, null],
  [1, 1],
  [7, 1],
  [30, 1],
  [45, 1],
  [46, 2],
  [90, 3],
  [180, 6],
  [365, 12],
  [730, 24],
  [1826, 60],
  [3650, 60],
];

const ids: number[] = [];

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'sop-review-upgrade-'));
  const before = await migrationsBeforeReviewLoop();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const scratch = await createScratchDatabase(serverUrl, 'sop_review_upgrade');
    const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
    await migratePg(drizzlePg(pool) as never, { migrationsFolder: before });
    query = (text, params) => pool.query(text, params as unknown[]);
    migrateAll = () => migratePg(drizzlePg(pool) as never, { migrationsFolder: migrations });
    close = async () => {
      await pool.end();
      await scratch.drop();
    };
  } else {
    const client = await PGlite.create('memory://');
    await migratePglite(drizzlePglite(client) as never, { migrationsFolder: before });
    query = (text, params) => client.query(text, params);
    migrateAll = () => migratePglite(drizzlePglite(client) as never, { migrationsFolder: migrations });
    close = () => client.close();
  }
  const [dept] = (await query(`insert into departments (name) values ('Hotel') returning id`)).rows;
  for (const [days] of DAYS_TO_MONTHS) {
    const [row] = (await query(`insert into sops (title, department_id, review_frequency) values ('Old', $1, $2) returning id`, [dept.id, days])).rows;
    ids.push(Number(row.id));
  }
  await migrateAll();
}, 120_000);

afterAll(async () => {
  await close?.();
  await rm(work, { recursive: true, force: true });
});

describe('migration 0006: review frequency from days to months', () => {
  it('turns each stored day count into the nearest whole month within 1-60', async () => {
    const { rows } = await query(`select id, review_frequency from sops order by id`);
    expect(rows.map((r) => r.review_frequency)).toEqual(DAYS_TO_MONTHS.map(([, months]) => months));
    expect(rows.map((r) => Number(r.id))).toEqual(ids);
  });

  it('refuses a frequency outside 1-60 months from then on', async () => {
    await expect(query(`update sops set review_frequency = 61 where id = $1`, [ids[0]])).rejects.toThrow(/sops_review_frequency_months/);
    await expect(query(`update sops set review_frequency = 0 where id = $1`, [ids[0]])).rejects.toThrow(/sops_review_frequency_months/);
  });
});
