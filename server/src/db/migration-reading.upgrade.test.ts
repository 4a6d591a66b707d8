import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { upgradedFrom } from '../test/previous-release';

/**
 * Migration 0007 adds the attestation tallies: a database of the release before it, holding
 * attestations by readers in and out of departments, active and not, is opened as the server
 * opens it; the tallies hold exactly the active readers per version and department, and the
 * triggers keep them so as readers move, attest, are deleted and versions go.
 */
const ids: Record<string, number> = {};

const upgraded = upgradedFrom(6, async (old) => {
  const id = async (text: string, params: unknown[] = []) => Number((await old.one(text, params)).id);
  ids.marine = await id(`insert into departments (name) values ('Marine') returning id`);
  ids.deck = await id(`insert into departments (name, parent_id) values ('Deck', $1) returning id`, [ids.marine]);
  const user = (name: string, dept: number | null, active = true) =>
    id(`insert into users (username, password, department_id, active) values ($1, 'x', $2, $3) returning id`, [name, dept, active]);
  ids.ada = await user('ada', ids.deck);
  ids.bo = await user('bo', ids.deck);
  ids.cy = await user('cy', ids.marine);
  ids.gone = await user('gone', ids.deck, false);
  ids.loner = await user('loner', null);
  ids.sop = await id(`insert into sops (title, department_id) values ('Muster', $1) returning id`, [ids.marine]);
  ids.v1 = await id(`insert into sop_versions (sop_id, version_number, content, approved_at) values ($1, '1.0', 'x', now()) returning id`, [ids.sop]);
  ids.v2 = await id(`insert into sop_versions (sop_id, version_number, content, approved_at) values ($1, '2.0', 'y', now()) returning id`, [ids.sop]);
  for (const [who, version] of [
    ['ada', 'v1'],
    ['bo', 'v1'],
    ['cy', 'v1'],
    ['gone', 'v1'],
    ['loner', 'v1'],
    ['ada', 'v2'],
  ]) {
    await old.one(`insert into attestations (user_id, version_id) values ($1, $2) returning id`, [ids[who], ids[version]]);
  }
});

const tallies = async () =>
  (
    (await upgraded.db.execute(sql`select version_id, department_id, readers from attestation_tallies where readers <> 0 order by 1, 2`)) as unknown as {
      rows: { version_id: number; department_id: number; readers: number }[];
    }
  ).rows.map((r) => [Number(r.version_id), Number(r.department_id), Number(r.readers)]);
const run = (text: string) => upgraded.db.execute(sql.raw(text));

describe('migration 0007: attestation tallies', () => {
  it('fills the tallies from the attestations of active readers with a department', async () => {
    expect(await tallies()).toEqual([
      [ids.v1, ids.marine, 1],
      [ids.v1, ids.deck, 2],
      [ids.v2, ids.deck, 1],
    ]);
  });

  it('keeps them as readers attest, move, come back, are deleted, and as versions are deleted', async () => {
    await run(`insert into attestations (user_id, version_id) values (${ids.bo}, ${ids.v2})`);
    await run(`update users set department_id = ${ids.marine} where id = ${ids.ada}`);
    expect(await tallies()).toEqual([
      [ids.v1, ids.marine, 2],
      [ids.v1, ids.deck, 1],
      [ids.v2, ids.marine, 1],
      [ids.v2, ids.deck, 1],
    ]);
    await run(`update users set active = true where id = ${ids.gone}`);
    await run(`update users set department_id = ${ids.deck} where id = ${ids.loner}`);
    expect(await tallies()).toContainEqual([ids.v1, ids.deck, 3]);
    // A hard delete (the app only hides accounts) still takes the reader's attestations out.
    await run(`delete from users where id = ${ids.bo}`);
    expect(await tallies()).toEqual([
      [ids.v1, ids.marine, 2],
      [ids.v1, ids.deck, 2],
      [ids.v2, ids.marine, 1],
    ]);
    await run(`delete from attestations where user_id = ${ids.ada} and version_id = ${ids.v2}`);
    await run(`delete from sop_versions where id = ${ids.v2}`);
    expect(await tallies()).toEqual([
      [ids.v1, ids.marine, 2],
      [ids.v1, ids.deck, 2],
    ]);
  });
});
