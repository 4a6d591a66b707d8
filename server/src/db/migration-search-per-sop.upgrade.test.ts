import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listSopsJson } from '../features/sops/sop-list.service';
import { EVERYTHING } from '../features/sops/sop-visibility.service';
import { upgradedFrom } from '../test/previous-release';

/**
 * Migration 0009 adds the words of each SOP's files (`sop_search_files`): a database of the
 * release before it, whose SOPs have files with extracted text on their latest, effective
 * and superseded versions (and one still waiting for its text), is opened as the server opens
 * it. The backfill holds the words of the latest and effective versions' files only; search
 * answers as before; and the triggers keep the words as text arrives, files go and versions move.
 */
const ids: Record<string, number> = {};
const sha = (name: string) => createHash('sha256').update(name).digest('hex');

const upgraded = upgradedFrom(8, async (old) => {
  const id = async (text: string, params: unknown[] = []) => Number((await old.one(text, params)).id);
  const dept = await id(`insert into departments (name) values ('Deck') returning id`);
  const version = (sop: number, number: string, approved: boolean) =>
    id(`insert into sop_versions (sop_id, version_number, content, approved_at) values ($1, $2, 'Steps', $3) returning id`, [
      sop,
      number,
      approved ? new Date() : null,
    ]);
  const file = async (versionId: number, name: string, text: string | null) => {
    await old.query(`insert into stored_files (sha256, size) values ($1, 10) on conflict do nothing`, [sha(name)]);
    await old.query(`insert into attachments (version_id, filename, original_name, mime_type, size, sha256) values ($1, $2, $3, 'application/pdf', 10, $4)`, [
      versionId,
      `${name}.bin`,
      `${name}.pdf`,
      sha(name),
    ]);
    if (text !== null) {
      await old.query(
        `insert into file_texts (sha256, status, text, search_vector) values ($1, 'ready', $2, strip(to_tsvector('english', $2))) on conflict do nothing`,
        [sha(name), text],
      );
    }
  };
  ids.harbour = await id(`insert into sops (title, department_id) values ('Harbour routines', $1) returning id`, [dept]);
  ids.harbourOld = await version(ids.harbour, '1.0', true);
  ids.harbourInForce = await version(ids.harbour, '2.0', true);
  ids.harbourDraft = await version(ids.harbour, '3.0', false);
  await old.query(`update sops set latest_version_id = $1 where id = $2`, [ids.harbourDraft, ids.harbour]);
  await file(ids.harbourOld, 'old', 'Check the capstan pawl.');
  await file(ids.harbourInForce, 'in-force', 'Single up to the springline before departure.');
  await file(ids.harbourDraft, 'draft', 'Degrease the salamander grill nightly.');
  await file(ids.harbourDraft, 'waiting', null);
  ids.galley = await id(`insert into sops (title, department_id) values ('Galley hygiene', $1) returning id`, [dept]);
  ids.galleyFirst = await version(ids.galley, '1.0', false);
  await old.query(`update sops set latest_version_id = $1 where id = $2`, [ids.galleyFirst, ids.galley]);
});

const words = async (sopId: number) => {
  const result = (await upgraded.db.execute(sql`select tsvector_to_array(words) as words from sop_search_files where sop_id = ${sopId}`)) as unknown as {
    rows: { words: string[] }[];
  };
  return result.rows[0]?.words ?? [];
};
const titles = async (term: string) => (JSON.parse(await listSopsJson(upgraded.db, EVERYTHING, { search: term })) as { title: string }[]).map((s) => s.title);
const run = (query: ReturnType<typeof sql>) => upgraded.db.execute(query);

describe('migration 0009: the words of each SOP’s files', () => {
  it('fills them from the files of the latest and the effective version, not a superseded one', async () => {
    expect(await words(ids.harbour)).toEqual(expect.arrayContaining(['springlin', 'salamand', 'grill']));
    expect(await words(ids.harbour)).not.toContain('capstan');
    expect(await words(ids.galley)).toEqual([]);
    expect(await titles('springline')).toEqual(['Harbour routines']);
    expect(await titles('salamander')).toEqual(['Harbour routines']);
    expect(await titles('capstan')).toEqual([]);
  });

  it('keeps them as a text arrives, a file goes, a version is published and a new one becomes the latest', async () => {
    await run(sql`insert into file_texts (sha256, status, text, search_vector)
      values (${sha('waiting')}, 'ready', 'Rig the pilot ladder.', strip(to_tsvector('english', 'Rig the pilot ladder.')))`);
    expect(await words(ids.harbour)).toContain('ladder');
    expect(await titles('ladder')).toEqual(['Harbour routines']);

    await run(sql`delete from attachments where original_name = 'draft.pdf'`);
    expect(await words(ids.harbour)).not.toContain('salamand');
    expect(await titles('salamander')).toEqual([]);

    // The draft is approved: it is now in force, and the version before it is superseded.
    await run(sql`update sop_versions set approved_at = now() where id = ${ids.harbourDraft}`);
    expect(await words(ids.harbour)).not.toContain('springlin');
    expect(await titles('springline')).toEqual([]);

    // A file on the galley SOP's next version counts once that version is the latest.
    const next = Number(
      (
        (await run(sql`insert into sop_versions (sop_id, version_number, content) values (${ids.galley}, '2.0', 'x') returning id`)) as unknown as {
          rows: { id: number }[];
        }
      ).rows[0].id,
    );
    await run(sql`insert into attachments (version_id, filename, original_name, mime_type, size, sha256)
      values (${next}, 'copy.bin', 'copy.pdf', 'application/pdf', 10, ${sha('old')})`);
    expect(await titles('capstan')).toEqual([]);
    await run(sql`update sops set latest_version_id = ${next} where id = ${ids.galley}`);
    expect(await words(ids.galley)).toContain('capstan');
    expect(await titles('capstan')).toEqual(['Galley hygiene']);

    await run(sql`delete from sops where id = ${ids.galley}`);
    const left = (await run(sql`select count(*)::int as n from sop_search_files where sop_id = ${ids.galley}`)) as unknown as { rows: { n: number }[] };
    expect(left.rows[0].n).toBe(0);
  });
});
