import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIST_SORTS, type ListSort, type SopListItem, SopPage } from '../../../../common/contracts/sops';
import { sops, sopVersions } from '../../db/schema';
import { buildDepartment, buildSop, crewOf, type TestUser } from '../../test/factories';

/**
 * GET /api/sops in pages (decision 077): keyset cursors that neither repeat nor skip a row when
 * rows are added or removed between two pages, every sort, the limits, refused cursors, totals,
 * and what a plain user may see on every page.
 */
const { t, approver, crew, author } = await crewOf({ approver: 'approver', crew: 'user', author: 'user' });
const dept = { deck: 0, engine: 0 };
/** The SOPs the crew may not see: drafts and submissions of another user, never approved. */
const hidden = new Set<number>();
const DAY = 86_400_000;
const BASE = Date.UTC(2026, 0, 1);

/** An SOP with version 1.0 in force (published), edited `edited` days after BASE. */
async function inForce(title: string, departmentId: number, edited: number, reviewFrequency: number | null = null) {
  const { sop, version } = await buildSop(t.db, { title, departmentId, ownerId: author.id, submittedBy: null });
  await t.db
    .update(sopVersions)
    .set({ approvedAt: new Date(BASE), approvedBy: approver.id })
    .where(eq(sopVersions.id, version.id));
  await t.db
    .update(sops)
    .set({ status: 'approved', reviewFrequency, updatedAt: new Date(BASE + edited * DAY) })
    .where(eq(sops.id, sop.id));
  return sop.id;
}

async function draft(title: string, departmentId: number, edited: number) {
  const { sop } = await buildSop(t.db, { title, departmentId, ownerId: author.id, submittedBy: edited % 2 ? author.id : null });
  await t.db
    .update(sops)
    .set({ updatedAt: new Date(BASE + edited * DAY) })
    .where(eq(sops.id, sop.id));
  hidden.add(sop.id);
  return sop.id;
}

const WORDS = ['anchor', 'Bunker', 'cargo', 'Drill', 'engine', 'Fire', 'gangway', 'Hull'];

beforeAll(async () => {
  dept.deck = (await buildDepartment(t.db, 'Deck')).id;
  dept.engine = (await buildDepartment(t.db, 'Engine')).id;
  // 24 in force and 8 hidden; several share an edit day (ties broken by id) and a title word
  // in another case ('Drill' and 'drill' sort together).
  for (let i = 0; i < 24; i++) {
    const word = WORDS[i % WORDS.length];
    await inForce(
      `${i % 3 === 0 ? word.toLowerCase() : word} procedure ${String(i).padStart(2, '0')}`,
      i % 2 ? dept.deck : dept.engine,
      i % 5,
      i % 4 ? 12 : null,
    );
  }
  for (let i = 0; i < 8; i++) await draft(`Drill draft ${i}`, dept.deck, i % 3);
});

async function page(user: TestUser, query: string): Promise<SopPage> {
  const res = await t.as(user, { method: 'GET', url: `/api/sops?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Follows nextCursor to the end; `between` runs after each page (to change rows meanwhile). */
async function walk(user: TestUser, query: string, between?: (pageNo: number) => Promise<void>) {
  const seen: SopListItem[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const p: SopPage = await page(user, `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    seen.push(...p.items);
    cursor = p.nextCursor;
    pages += 1;
    if (between) await between(pages);
    expect(pages).toBeLessThan(100);
  } while (cursor);
  return { items: seen, pages };
}

const ids = (rows: SopListItem[]) => rows.map((r) => r.id);

const sortValue: Record<string, (r: SopListItem) => string | number> = {
  title: (r) => r.title.toLowerCase(),
  updated: (r) => Date.parse(r.updatedAt),
  status: (r) => r.status,
  department: (r) => (r.department?.name ?? '').toLowerCase(),
  reviewDue: (r) => (r.nextReviewDue ? Date.parse(r.nextReviewDue) : Number.POSITIVE_INFINITY),
};

/** Whether the rows are in the sort's order, the id breaking ties in the same direction. */
function inOrder(rows: SopListItem[], sort: ListSort) {
  const [column, direction] = sort.split(':');
  const sign = direction === 'asc' ? 1 : -1;
  const key = sortValue[column];
  return rows.every((row, i) => {
    if (i === 0) return true;
    const a = key(rows[i - 1]);
    const b = key(row);
    const order = a < b ? -1 : a > b ? 1 : rows[i - 1].id - row.id;
    return order * sign < 0;
  });
}

describe('GET /api/sops in pages', () => {
  it.each(LIST_SORTS)('walks every SOP once, in order, sorted by %s', async (sort) => {
    const whole = await page(approver, `limit=200&sort=${sort}`);
    expect(whole.items).toHaveLength(32);
    expect(whole.nextCursor).toBeNull();
    expect(inOrder(whole.items, sort)).toBe(true);
    const walked = await walk(approver, `limit=5&sort=${sort}`);
    expect(walked.pages).toBe(7);
    expect(ids(walked.items)).toEqual(ids(whole.items));
  });

  it('answers pages the shared contract accepts, with and without a search', async () => {
    // The JSON is built by the database, not the route's serializer: checked here on both databases.
    for (const query of ['limit=3&sort=reviewDue:asc', 'limit=3&search=drill']) {
      const res = await t.as(approver, { method: 'GET', url: `/api/sops?${query}` });
      expect(SopPage.safeParse(res.json()).success, res.body).toBe(true);
    }
  });

  it('without a sort pages newest edit first, as the whole list does', async () => {
    const whole = (await t.as(approver, { method: 'GET', url: '/api/sops' })).json() as SopListItem[];
    const walked = await walk(approver, 'limit=7');
    expect(ids(walked.items)).toEqual(ids(whole));
  });

  it('pages a search in the order of its best matches, each with its match', async () => {
    const whole = (await t.as(approver, { method: 'GET', url: '/api/sops?search=drill' })).json() as SopListItem[];
    expect(whole.length).toBeGreaterThan(5);
    const first = await page(approver, 'search=drill&limit=2');
    expect(first.total).toBe(whole.length);
    const walked = await walk(approver, 'search=drill&limit=2');
    expect(ids(walked.items)).toEqual(ids(whole));
    expect(walked.items.every((r) => r.match)).toBe(true);
  });

  it('counts the SOPs the filters find on every page', async () => {
    const deck = await page(approver, `limit=3&departmentId=${dept.deck}`);
    expect(deck).toMatchObject({ total: 20, totalIsEstimate: false });
    const next = await page(approver, `limit=3&departmentId=${dept.deck}&cursor=${encodeURIComponent(deck.nextCursor!)}`);
    expect(next.total).toBe(20);
    expect((await page(approver, 'limit=3&status=approved')).total).toBe(24);
    expect((await page(approver, 'limit=3&status=draft')).total).toBe(5);
  });

  it('takes 1 to 200 rows a page, 50 unless told', async () => {
    expect((await page(approver, 'limit=1')).items).toHaveLength(1);
    const first = await page(approver, 'limit=1');
    const rest = await page(approver, `cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(rest.items).toHaveLength(31);
    for (const limit of ['0', '201', 'ten', '-1', '2.5', '']) {
      const res = await t.as(approver, { method: 'GET', url: `/api/sops?limit=${limit}` });
      expect(res.statusCode, limit).toBe(400);
      expect(res.json()).toMatchObject({ field: 'limit', message: 'limit must be a whole number from 1 to 200' });
    }
    const sort = await t.as(approver, { method: 'GET', url: '/api/sops?limit=5&sort=owner:asc' });
    expect(sort.statusCode).toBe(400);
    expect(sort.json()).toMatchObject({ field: 'sort' });
  });

  it('refuses a cursor it did not give, or gave for another sort, naming the field', async () => {
    const title = await page(approver, 'limit=5&sort=title:asc');
    const decoded = JSON.parse(Buffer.from(title.nextCursor!, 'base64url').toString());
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const bad = [
      'not a cursor',
      Buffer.from('{"s":').toString('base64url'),
      forged({ ...decoded, id: -3 }),
      forged({ ...decoded, k: [] }),
      forged({ s: 'updated:desc', k: ["2026'; drop table sops; --"], id: 1 }),
      forged({ s: 'reviewDue:asc', k: ['2026-13-45'], id: 1 }),
      'x'.repeat(3000),
    ];
    for (const cursor of [...bad, title.nextCursor!]) {
      const sort = cursor === title.nextCursor ? 'updated:asc' : 'updated:desc';
      const res = await t.as(approver, { method: 'GET', url: `/api/sops?limit=5&sort=${sort}&cursor=${encodeURIComponent(cursor)}` });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toMatchObject({ field: 'cursor' });
    }
  });

  it.each(LIST_SORTS)('never shows a plain user a draft on any page, sorted by %s', async (sort) => {
    const walked = await walk(crew, `limit=4&sort=${sort}`);
    expect(walked.items).toHaveLength(24);
    expect(walked.items.filter((r) => hidden.has(r.id))).toEqual([]);
    expect(walked.items.every((r) => r.inForce !== null)).toBe(true);
    expect((await page(crew, `limit=4&sort=${sort}`)).total).toBe(24);
    expect((await page(crew, 'limit=4&search=draft')).total).toBe(0);
  });

  // These change rows: they run after the tests that count them.
  it('neither repeats nor skips a row when rows are added, removed and edited between pages', async () => {
    const before = ids((await page(approver, 'limit=200&sort=title:asc')).items);
    const added: number[] = [];
    const removed: number[] = [];
    const walked = await walk(approver, 'limit=4&sort=title:asc', async (n) => {
      if (n === 1) {
        // One before the pages read and one after; one row read and one not yet read removed.
        added.push(await inForce('aaa first of all', dept.deck, 1), await inForce('zzz last of all', dept.deck, 1));
        removed.push(before[1], before[20]);
        await t.db.delete(sops).where(inArray(sops.id, removed));
      }
      if (n === 3) await t.db.update(sops).set({ title: 'Anchor renamed to the front' }).where(eq(sops.id, before[15]));
    });
    const got = ids(walked.items);
    expect(new Set(got).size).toBe(got.length);
    // Every row there from start to end is read once, in the order it had.
    const stayed = before.filter((id) => !removed.includes(id) && id !== before[15]);
    expect(got.filter((id) => stayed.includes(id))).toEqual(stayed);
    expect(got).toContain(added[1]);
    expect(got).not.toContain(added[0]);
    expect(got).not.toContain(before[20]);
    // Put back what this test took away, for the tests after it.
    await t.db.delete(sops).where(inArray(sops.id, added));
    await t.db.update(sops).set({ title: 'Fire procedure 15' }).where(eq(sops.id, before[15]));
  });

  it('keeps its place by the exact edit time when new edits arrive at the front', async () => {
    const before = ids((await page(approver, 'limit=200&sort=updated:desc')).items);
    const walked = await walk(approver, 'limit=6&sort=updated:desc', async (n) => {
      // An SOP already read is edited now: it moves to the front, behind the cursor.
      if (n === 2) await t.db.update(sops).set({ updatedAt: sql`now()` }).where(eq(sops.id, before[0]));
    });
    expect(ids(walked.items)).toEqual(before);
  });

  it('estimates a total above 10,000 from what the caller may see, and says so', async () => {
    const big = (await buildDepartment(t.db, 'Galley')).id;
    // 18,000 drafts of the author, which the crew member may not see, and 12,000 of the crew
    // member's own, which they may.
    await t.db.execute(sql`insert into sops (title, department_id, owner_id, status)
      select 'Bulk ' || n, ${big}, case when n <= 18000 then ${author.id}::int else ${crew.id}::int end, 'draft' from generate_series(1, 30000) n`);
    const within = (got: number, want: number, share: number) => expect(Math.abs(got - want) / want).toBeLessThan(share);

    const all = await page(approver, `limit=2&departmentId=${big}&sort=title:asc`);
    expect(all.items).toHaveLength(2);
    expect(all.totalIsEstimate).toBe(true);
    within(all.total, 30_000, 0.1);
    expect(all.total % 100).toBe(0);
    // The same total on the next page: the sample does not change between pages.
    expect((await page(approver, `limit=2&departmentId=${big}&sort=title:asc&cursor=${all.nextCursor}`)).total).toBe(all.total);

    const mine = await page(crew, 'limit=2');
    expect(mine.totalIsEstimate).toBe(true);
    within(mine.total, 12_000, 0.15);

    const exact = await page(approver, `limit=2&departmentId=${dept.deck}`);
    expect(exact.totalIsEstimate).toBe(false);
    await t.db.execute(sql`delete from sops where department_id = ${big}`);
  });
});
