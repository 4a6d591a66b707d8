import { type SQL, sql } from 'drizzle-orm';
import { LIST_TOTAL_EXACT_UP_TO, type ListSort, type ListSortColumn } from '../../../../common/contracts/sops';
import { OPEN_TASK_STATUS } from '../../../../common/sop-lifecycle';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import { type ListFilters, listScope, ROW_SEPARATOR, sopJson, withMatches } from './sop-list.service';
import { nextReviewDue, reviewClockJoins, reviewClockLateralJoins } from './sop-review-schedule.service';
import type { SopView } from './sop-visibility.service';

export const BAD_CURSOR = 'cursor is not one this list gave: start again from the first page';

/**
 * One part of a sort's key: `expr` orders the rows and is compared with the cursor; `out` is
 * how the cursor carries its value as text, `read` turns that text back into SQL, and `valid`
 * checks it first, so a cursor edited by hand is a 400 and never a database error.
 */
interface KeyPart {
  expr: SQL;
  out: SQL;
  read: (text: string) => SQL;
  valid: RegExp;
}

const textKey = (expr: SQL): KeyPart => ({ expr, out: expr, read: (v) => sql`${v}::text`, valid: /^[\s\S]{0,1000}$/ });

/** Microseconds since 1970 as an integer: the exact timestamp, which an ISO text in milliseconds is not. */
const updatedKey: KeyPart = {
  expr: sql`sops.updated_at`,
  out: sql`(extract(epoch from sops.updated_at) * 1000000)::bigint::text`,
  read: (v) => sql`(timestamptz 'epoch' + ${v}::bigint * interval '1 microsecond')`,
  valid: /^-?\d{1,17}$/,
};

/** SOPs without a review date sort after every date (ascending), as 'infinity'. */
const reviewDueExpr = sql`coalesce(${nextReviewDue}, 'infinity'::date)`;
const reviewDueKey: KeyPart = {
  expr: reviewDueExpr,
  out: sql`case when ${reviewDueExpr} = 'infinity'::date then 'infinity' else (${reviewDueExpr} - date '1970-01-01')::text end`,
  read: (v) => (v === 'infinity' ? sql`'infinity'::date` : sql`(date '1970-01-01' + ${Number(v)}::int)`),
  valid: /^(-?\d{1,7}|infinity)$/,
};

const rankKey: KeyPart = {
  expr: sql`hits.rank::float8`,
  out: sql`hits.rank::float8::text`,
  read: (v) => sql`${v}::float8`,
  valid: /^-?\d+(\.\d+)?(e[+-]?\d+)?$/,
};

interface SortPlan {
  /** Written into the cursor: a cursor of another sort is refused. */
  name: string;
  /** The parts before the SOP id, which ends every key so no two rows tie. */
  keys: KeyPart[];
  desc: boolean;
  /** Whether a key reads the review clock (`eff`, `rev`). */
  clock: boolean;
}

function sortPlan(sort: ListSort | undefined, searching: boolean, status: SQL): SortPlan {
  if (!sort) {
    // Today's orders: best match first for a search, else the newest edit first.
    if (searching) return { name: 'relevance', keys: [rankKey, updatedKey], desc: true, clock: false };
    return { name: 'updated:desc', keys: [updatedKey], desc: true, clock: false };
  }
  const [column, direction] = sort.split(':') as [ListSortColumn, 'asc' | 'desc'];
  const keys: Record<ListSortColumn, KeyPart> = {
    // Case does not split the alphabet ('anchor' beside 'Anchor').
    title: textKey(sql`lower(sops.title)`),
    updated: updatedKey,
    status: textKey(sql`(${status})::text`),
    department: textKey(sql`coalesce((select lower(dk.name) from departments dk where dk.id = sops.department_id), '')`),
    reviewDue: reviewDueKey,
  };
  return { name: sort, keys: [keys[column]], desc: direction === 'desc', clock: column === 'reviewDue' };
}

interface Cursor {
  s: string;
  k: string[];
  id: number;
}

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string, plan: SortPlan): Cursor {
  let cursor: unknown;
  try {
    cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(BAD_CURSOR, undefined, 'cursor');
  }
  const c = cursor as Partial<Cursor> | null;
  const fits =
    typeof c === 'object' &&
    c !== null &&
    c.s === plan.name &&
    Array.isArray(c.k) &&
    c.k.length === plan.keys.length &&
    c.k.every((v, i) => typeof v === 'string' && plan.keys[i].valid.test(v)) &&
    Number.isSafeInteger(c.id) &&
    (c.id as number) > 0 &&
    (c.id as number) < 2 ** 31;
  if (!fits) throw badRequest(BAD_CURSOR, undefined, 'cursor');
  return c as Cursor;
}

export interface PageRequest {
  limit: number;
  cursor?: string;
  sort?: ListSort;
}

/**
 * One page of GET /api/sops (decision 077): the SOPs after the cursor in the sort's order, by
 * keyset (the sort's key and the id, compared as a row), so rows added or removed between two
 * pages never make the next page repeat or skip a row that stayed. The filters, search and
 * visibility are the list's own (`listScope`); each page is built as the whole list is, by
 * PostgreSQL, as one JSON text per SOP.
 */
export async function listSopsPage(db: Db, view: SopView, filters: ListFilters, page: PageRequest): Promise<string> {
  const { search, today, shown, status, hits, from, filter } = listScope(view, filters);
  const plan = sortPlan(page.sort, Boolean(search), status);
  const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor, plan);

  const dir = plan.desc ? sql`desc` : sql`asc`;
  const names = plan.keys.map((_, i) => sql.raw(`k${i}`));
  const order = (table: string) => sql.join([...names.map((n) => sql`${sql.raw(table)}.${n} ${dir}`), sql`${sql.raw(table)}.id ${dir}`], sql`, `);
  const needsClock = plan.clock || filters.review !== undefined || filters.noApprovedVersion === true;
  const clock = needsClock ? (search ? reviewClockLateralJoins : reviewClockJoins) : sql``;
  const keyset = after
    ? sql`where (${sql.join([...names, sql`id`], sql`, `)}) ${plan.desc ? sql`<` : sql`>`} (${sql.join(
        [...plan.keys.map((key, i) => key.read(after.k[i])), sql`${after.id}::int`],
        sql`, `,
      )})`
    : sql``;
  const columns = sql.join(
    plan.keys.flatMap((key, i) => [sql`${key.expr} as ${names[i]}`, sql`${key.out} as ${sql.raw(`c${i}`)}`]),
    sql`, `,
  );
  const pageCte = sql`page as (
      select * from (select sops.id, ${columns} from ${from} ${clock} ${filter}) listed
      ${keyset}
      order by ${order('listed')}
      limit ${page.limit + 1})`;
  const keyOut = sql.join([...plan.keys.map((_, i) => sql.raw(`page.c${i}`)), sql`page.id::text`], sql`, `);

  const result = (await db.execute(sql`
    ${search ? sql`${hits}, ` : sql`with `}${pageCte}
    select string_agg(${sopJson(status, today)}::text, ${ROW_SEPARATOR} order by ${order('page')}) as rows,
      json_agg(json_build_array(${keyOut}) order by ${order('page')})::text as keys
      ${search ? sql`, json_agg(${search.matchSource} order by ${order('page')})::text as matches` : sql``}
    from page join sops on sops.id = page.id
    ${search ? sql`join hits on hits.id = page.id` : sql``}
    left join departments d on d.id = sops.department_id
    left join users o on o.id = sops.owner_id
    left join sop_versions lv on lv.id = ${shown}
    left join users su on su.id = lv.submitted_by
    left join lateral (select count(*)::int as count, min(id) as first_id from attachments where version_id = lv.id) files on true
    ${reviewClockLateralJoins}
    left join approval_tasks pending on pending.version_id = lv.id and pending.status = ${OPEN_TASK_STATUS}`)) as unknown as {
    rows: { rows: string | null; keys: string | null; matches?: string | null }[];
  };
  const answer = result.rows[0];
  let rows = answer.rows === null ? [] : answer.rows.split(ROW_SEPARATOR);
  if (search && answer.matches) rows = withMatches(rows, answer.matches, search.words);
  const keys = answer.keys === null ? [] : (JSON.parse(answer.keys) as string[][]);
  const more = rows.length > page.limit;
  const last = keys[page.limit - 1];
  const nextCursor = more && last ? encodeCursor({ s: plan.name, k: last.slice(0, -1), id: Number(last.at(-1)) }) : null;
  const { total, estimate } = await countListed(db, { hits, from, filter, clock: needsClock ? clock : sql``, searching: Boolean(search) });
  return `{"items": [${rows.slice(0, page.limit).join(', ')}], "nextCursor": ${JSON.stringify(nextCursor)}, "total": ${total}, "totalIsEstimate": ${estimate}}`;
}

/** The share of the SOPs read for an estimate above LIST_TOTAL_EXACT_UP_TO, in percent. */
const ESTIMATE_SAMPLE_PERCENT = 10;

/**
 * How many SOPs pass the filters: counted up to LIST_TOTAL_EXACT_UP_TO (the count stops
 * there), above it estimated, said to be one, so a page of a huge library never waits for a
 * count of every row. The estimate counts the rows that pass the same filters and visibility in
 * a fixed random tenth of the SOPs (the same tenth on every page while the table is unchanged,
 * so the total does not jump between pages) and scales it up: the planner's own guess was
 * wrong both ways, 10,001 for 50,000 on the embedded database (no statistics) and 49,775 for
 * a crew member who sees 20,000 on PostgreSQL (it cannot estimate the visibility rule).
 */
async function countListed(db: Db, q: { hits: SQL; from: SQL; filter: SQL; clock: SQL; searching: boolean }) {
  const counted = (await db.execute(
    sql`${q.hits} select count(*)::int as n from (select 1 from ${q.from} ${q.clock} ${q.filter} limit ${LIST_TOTAL_EXACT_UP_TO + 1}) c`,
  )) as unknown as { rows: { n: number }[] };
  const n = Number(counted.rows[0].n);
  // A search answers at most SEARCH_RESULT_LIMIT rows, so only the plain list gets this far.
  if (n <= LIST_TOTAL_EXACT_UP_TO || q.searching) return { total: n, estimate: false };
  const sample = sql`sops tablesample bernoulli (${sql.raw(String(ESTIMATE_SAMPLE_PERCENT))}) repeatable (0)`;
  const sampled = (await db.execute(sql`select count(*)::int as n from ${sample} ${q.clock} ${q.filter}`)) as unknown as { rows: { n: number }[] };
  const scaled = (Number(sampled.rows[0].n) * 100) / ESTIMATE_SAMPLE_PERCENT;
  // Said in hundreds: the last digits of an estimate would claim a precision it has not.
  return { total: Math.max(LIST_TOTAL_EXACT_UP_TO + 100, Math.round(scaled / 100) * 100), estimate: true };
}
