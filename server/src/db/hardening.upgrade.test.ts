import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailyProgramCruise } from '../../../common/contracts/daily-programs';
import type { SopListItem } from '../../../common/contracts/sops';
import { buildApp, type App } from '../app';
import { buildUser, signIn, TEST_SESSION_SECRET } from '../test/factories';
import { upgradedFrom } from '../test/previous-release';

/**
 * A database of the release before the hardening (migrations up to 0004), holding rows that
 * release allowed but the new constraints refuse, is opened as the server opens it: the
 * upgrade brings each row inside the rules and the answers stay what people saw.
 */
let app: App;
let cookie: string;
const ids: Record<string, number> = {};
const hash = (c: string) => c.repeat(64);

const upgraded = upgradedFrom(4, async (old) => {
  const { one, query } = old;
  const owner = await one(`insert into users (username, password) values ('owner', 'x') returning id`);
  const dept = await one(`insert into departments (name) values ('Deck') returning id`);
  for (const c of ['a', 'b', 'c']) await query(`insert into stored_files (sha256, size) values ($1, 3)`, [hash(c)]);

  const sop = async (title: string, status: string, reviewFrequency: number | null) => {
    const s = await one(`insert into sops (title, department_id, owner_id, status, review_frequency) values ($1, $2, $3, $4, $5) returning id`, [
      title,
      dept.id,
      owner.id,
      status,
      reviewFrequency,
    ]);
    const v = await one(
      `insert into sop_versions (sop_id, content, submitted_by, submitted_at) values ($1, 'Steps', $2, '2025-10-01T08:00:00Z') returning id`,
      [s.id, owner.id],
    );
    await query(`update sops set latest_version_id = $1 where id = $2`, [v.id, s.id]);
    return { sop: s.id, version: v.id };
  };
  // Submitted twice by the old code: two pending tasks for one version, and a decided one.
  const twice = await sop('Submitted twice', 'submitted', 0);
  ids.twiceSop = twice.sop;
  await query(`insert into approval_tasks (version_id, status) values ($1, 'rejected')`, [twice.version]);
  ids.firstPending = (await one(`insert into approval_tasks (version_id) values ($1) returning id`, [twice.version])).id;
  ids.secondPending = (await one(`insert into approval_tasks (version_id) values ($1) returning id`, [twice.version])).id;
  // Back to draft with its task left open: submitting it again must not be refused by the new index.
  const stale = await sop('Stale task', 'draft', 5000);
  ids.staleSop = stale.sop;
  ids.stalePending = (await one(`insert into approval_tasks (version_id) values ($1) returning id`, [stale.version])).id;
  // Published without an approval date; approved but never published; published as today's code does.
  const noDate = await sop('Published without a date', 'published', 30);
  ids.noDateVersion = noDate.version;
  await query(`update sop_versions set is_published = true where id = $1`, [noDate.version]);
  const unpublished = await sop('Approved, not published', 'draft', null);
  ids.unpublishedVersion = unpublished.version;
  await query(`update sop_versions set approved_at = now() where id = $1`, [unpublished.version]);
  const current = await sop('Published today', 'published', 365);
  ids.currentVersion = current.version;
  await query(`update sop_versions set is_published = true, approved_at = '2025-10-02T09:00:00Z' where id = $1`, [current.version]);

  // Sizes outside the rules: one the store knows, one it cannot know, an oversized upload.
  ids.wrongSize = (
    await one(
      `insert into attachments (version_id, filename, original_name, mime_type, size, sha256) values ($1, 'a.pdf', 'a.pdf', 'application/pdf', -5, $2) returning id`,
      [current.version, hash('a')],
    )
  ).id;
  ids.legacy = (
    await one(
      `insert into attachments (version_id, filename, original_name, mime_type, size) values ($1, 'l.pdf', 'l.pdf', 'application/pdf', -1) returning id`,
      [current.version],
    )
  ).id;
  await query(`insert into pending_uploads (user_id, size) values ($1, 20000000), ($1, 10)`, [owner.id]);

  // Cruise codes as the old code let them in: one day's file under two spellings, lower-case, punctuation only.
  const program = (code: string, createdAt: string, sequence = 1) =>
    one(
      `insert into daily_programs (cruise_code, program_date, file_sequence, filename, original_name, mime_type, size, sha256, created_at)
       values ($1, '2025-11-20', $2, $3, $3, 'application/pdf', 3, $4, $5) returning id`,
      [code, sequence, `${code}.pdf`, hash('b'), createdAt],
    );
  ids.olderSpelling = (await program('ar-1', '2025-11-01T10:00:00Z')).id;
  ids.newerSpelling = (await program('AR1', '2025-11-02T10:00:00Z')).id;
  ids.lowerCase = (await program('ms 2', '2025-11-01T10:00:00Z')).id;
  ids.noLetters = (await program('--', '2025-11-01T10:00:00Z')).id;
});

beforeAll(async () => {
  app = await buildApp({ db: upgraded.db, sessionSecret: TEST_SESSION_SECRET });
  await app.ready();
  // An approver reads every status: the old rows include drafts and submissions.
  const reader = await buildUser(upgraded.db, { role: 'approver' });
  cookie = await signIn(app, reader.username, reader.password);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const rows = async <T>(text: string) => ((await upgraded.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const get = async <T>(url: string): Promise<T> => {
  const res = await app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode, url).toBe(200);
  return res.json();
};

describe('upgrading a database made before the schema hardening', () => {
  it('keeps the oldest of several pending tasks of a version, the one the list offered', async () => {
    const tasks = await rows<{ id: number; status: string }>(
      `select t.id, t.status from approval_tasks t join sop_versions v on v.id = t.version_id where v.sop_id = ${ids.twiceSop} order by t.id`,
    );
    expect(tasks.map((t) => t.status)).toEqual(['rejected', 'pending']);
    expect(tasks[1].id).toBe(ids.firstPending);
    const list = await get<SopListItem[]>('/api/sops');
    expect(list.find((s) => s.id === ids.twiceSop)?.pendingTaskId).toBe(ids.firstPending);
  });

  it('submits an SOP again whose old task was left open, reusing that task', async () => {
    const admin = await buildUser(upgraded.db, { role: 'admin' });
    const adminCookie = await signIn(app, admin.username, admin.password);
    const res = await app.inject({ method: 'POST', url: `/api/sops/${ids.staleSop}/submit`, headers: { cookie: adminCookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().taskId).toBe(ids.stalePending);
    const pending = await rows<{ n: number }>(
      `select count(*)::int as n from approval_tasks t join sop_versions v on v.id = t.version_id where v.sop_id = ${ids.staleSop} and t.status = 'pending'`,
    );
    expect(pending[0].n).toBe(1);
  });

  it('derives "published" from the approval date without changing which versions readers have', async () => {
    const versions = await rows<{ id: number; is_published: boolean; approved_at: Date | string | null }>(
      `select id, is_published, approved_at from sop_versions where id in (${ids.noDateVersion}, ${ids.unpublishedVersion}, ${ids.currentVersion}) order by id`,
    );
    const byId = new Map(versions.map((v) => [v.id, v]));
    expect(byId.get(ids.noDateVersion)).toMatchObject({ is_published: true });
    // The date it was submitted stands in for the approval date it never got.
    expect(new Date(byId.get(ids.noDateVersion)!.approved_at!).toISOString()).toBe('2025-10-01T08:00:00.000Z');
    expect(byId.get(ids.unpublishedVersion)).toMatchObject({ is_published: false, approved_at: null });
    expect(byId.get(ids.currentVersion)).toMatchObject({ is_published: true });
    expect(new Date(byId.get(ids.currentVersion)!.approved_at!).toISOString()).toBe('2025-10-02T09:00:00.000Z');
  });

  it('brings review frequencies into 1 to 3650 days (0005), which 0006 then turns into whole months', async () => {
    const list = await get<SopListItem[]>('/api/sops');
    const frequency = (title: string) => list.find((s) => s.title === title)?.reviewFrequency;
    // 0 days -> none; 5000 -> 3650 days -> 60 months; 30 days -> 1 month; 365 days -> 12 months.
    expect([frequency('Submitted twice'), frequency('Stale task'), frequency('Published without a date'), frequency('Published today')]).toEqual([
      null,
      60,
      1,
      12,
    ]);
  });

  it('takes sizes from the stored file, drops uploads that could never be attached', async () => {
    const sizes = await rows<{ id: number; size: number | string }>(
      `select id, size from attachments where id in (${ids.wrongSize}, ${ids.legacy}) order by id`,
    );
    expect(sizes.map((s) => Number(s.size))).toEqual([3, 0]);
    const pending = await rows<{ size: number | string }>('select size from pending_uploads');
    expect(pending.map((p) => Number(p.size))).toEqual([10]);
  });

  it('stores every cruise code upper-case in letters and digits, the newer of two spellings winning', async () => {
    const cruises = await get<DailyProgramCruise[]>('/api/daily-programs/hierarchy');
    const files = cruises.flatMap((c) => c.days.flatMap((d) => d.files.map((f) => [c.cruiseCode, f.id])));
    expect(files.sort()).toEqual(
      [
        ['AR1', ids.newerSpelling],
        ['MS2', ids.lowerCase],
        ['UNKNOWN', ids.noLetters],
      ].sort(),
    );
  });
});
