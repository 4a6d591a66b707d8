import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Rows } from './rows';
import { upgradedFrom } from '../test/previous-release';

/**
 * Migration 0041 sends ships the approved translations of each version in force in its SOP's
 * record: a translation approved before the upgrade has its SOP's record built again (the
 * planner builds a record only when it changes), a draft does not; and from then on a
 * translation added, approved or removed is a change of its SOP's record.
 */
const ids: Record<string, number> = {};

const upgraded = upgradedFrom(40, async (old) => {
  const dept = await old.one(`insert into departments (name) values ('Deck') returning id`);
  for (const [key, title] of [
    ['approved', 'Mooring'],
    ['draft', 'Anchoring'],
    ['later', 'Bunkering'],
  ]) {
    const sop = await old.one(`insert into sops (title, department_id) values ($1, $2) returning id`, [title, dept.id]);
    const version = await old.one(`insert into sop_versions (sop_id, content, approved_at) values ($1, 'Steps', now()) returning id`, [sop.id]);
    await old.query(`update sops set latest_version_id = $1, status = 'published' where id = $2`, [version.id, sop.id]);
    ids[key] = sop.id;
    ids[`${key}Version`] = version.id;
  }
  await old.query(`insert into sop_translations (version_id, language, content, status, approved_at) values ($1, 'fil', 'Mga hakbang', 'approved', now())`, [
    ids.approvedVersion,
  ]);
  await old.query(`insert into sop_translations (version_id, language, content) values ($1, 'es', 'Pasos')`, [ids.draftVersion]);
  // Registered last: with no vessel, nothing the SOPs' triggers would note is kept.
  await old.query(`insert into vessels (code, name) values ('AURORA', 'Aurora Star')`);
});

const sopChanges = async () =>
  ((await upgraded.db.execute(sql`select key from fleet_changes where kind = 'sop' order by id`)) as unknown as Rows<{ key: string }>).rows.map((r) =>
    Number(r.key),
  );

describe('migration 0041: translations travel with the SOP record', () => {
  it('queues the record of each SOP with an approved translation, not one with a draft only', async () => {
    expect(await sopChanges()).toEqual([ids.approved]);
  });

  it('notes a translation added or approved afterwards as a change of its SOP', async () => {
    await upgraded.db.execute(sql`delete from fleet_changes`);
    await upgraded.db.execute(sql`insert into sop_translations (version_id, language, content) values (${ids.laterVersion}, 'id', 'Langkah')`);
    await upgraded.db.execute(sql`update sop_translations set status = 'approved', approved_at = now() where version_id = ${ids.draftVersion}`);
    expect(await sopChanges()).toEqual([ids.later, ids.draft]);
  });
});
