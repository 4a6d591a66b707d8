import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { upgradedFrom } from '../test/previous-release';

/**
 * Migration 0006 turns the stored review frequency, a number of days nothing used (1 to 3650
 * since 0005), into whole months (1-60): a database of the release before it, holding day
 * counts, is opened as the server opens it and each value checked.
 */
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

const upgraded = upgradedFrom(5, async (old) => {
  const dept = await old.one(`insert into departments (name) values ('Hotel') returning id`);
  for (const [days] of DAYS_TO_MONTHS) {
    ids.push(Number((await old.one(`insert into sops (title, department_id, review_frequency) values ('Old', $1, $2) returning id`, [dept.id, days])).id));
  }
});

const run = async (text: string) => (await upgraded.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };

/** The constraint a statement broke, or 'accepted'. */
async function outcome(text: string): Promise<string> {
  try {
    await run(text);
    return 'accepted';
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string; code?: string } }).cause ?? (error as { constraint?: string; code?: string });
    return cause.constraint ?? `${cause.code}`;
  }
}

describe('migration 0006: review frequency from days to months', () => {
  it('turns each stored day count into the nearest whole month within 1-60', async () => {
    const { rows } = await run(`select id, review_frequency from sops order by id`);
    expect(rows.map((r) => r.review_frequency)).toEqual(DAYS_TO_MONTHS.map(([, months]) => months));
    expect(rows.map((r) => Number(r.id))).toEqual(ids);
  });

  it('refuses a frequency outside 1-60 months from then on', async () => {
    for (const months of [61, 0, 365]) {
      expect(await outcome(`update sops set review_frequency = ${months} where id = ${ids[0]}`), String(months)).toBe('sops_review_frequency_check');
    }
    expect(await outcome(`update sops set review_frequency = 60 where id = ${ids[0]}`)).toBe('accepted');
  });
});
