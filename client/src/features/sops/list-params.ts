import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { SOP_STATUSES, type SopStatus } from '@common/sop-lifecycle';
import { REVIEW_FILTERS, type ReviewFilter } from '@common/review-clock';
import { whenIdle } from '@/lib/idle';
import type { SortColumn, SortState } from './sop-sorting';

/** The procedures list as a link: everything that shapes it lives in the query string. */
export interface ListParams {
  search: string;
  departmentId: number | null;
  status: SopStatus | 'all';
  noApprovedVersion: boolean;
  /** The archive: only withdrawn SOPs (approvers and admins). */
  archive: boolean;
  /** Only SOPs whose periodic review is due soon or overdue. */
  review: ReviewFilter | null;
  sort: SortState | null;
  page: number;
}

const SORT_COLUMNS: readonly SortColumn[] = ['title', 'department', 'status', 'updatedAt'];
const LAST_LIST_KEY = 'sop-harbor:procedures-list';

/** The list's last query string in this tab: sessionStorage's copy, kept in memory once read. */
let lastList: string | undefined;
function readLastList(): string {
  try {
    return sessionStorage.getItem(LAST_LIST_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Cancels the write still waiting for an idle moment, if any. */
let cancelWrite: (() => void) | undefined;

/**
 * Keeps the list's query in memory at once and in sessionStorage when idle: a first write waits
 * for the storage like a first read (below), and on the list's first paint that wait was one
 * 20-50 ms task on a phone. Typing a search writes once, its last value; the write is not
 * cancelled when the list closes, so an opened SOP reloaded still finds its way back.
 */
function rememberList(list: string) {
  lastList = list;
  cancelWrite?.();
  cancelWrite = whenIdle(() => {
    try {
      sessionStorage.setItem(LAST_LIST_KEY, list);
    } catch {
      // Storage refused (private mode, quota): the list is still remembered in memory for this page.
    }
  });
}

// A tab's first read of sessionStorage waits for the browser to hand the storage over, which on
// a busy phone can hold the main thread for tens of milliseconds: it is done when idle, usually
// while the page still waits for its data, instead of in the render of an opened SOP.
whenIdle(() => {
  lastList ??= readLastList();
});

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

export function parseListParams(query: string): ListParams {
  const q = new URLSearchParams(query);
  const status = q.get('status');
  const sortColumn = q.get('sort') as SortColumn | null;
  return {
    search: q.get('q') ?? '',
    departmentId: positiveInt(q.get('dept')),
    status: status && (SOP_STATUSES as readonly string[]).includes(status) ? (status as SopStatus) : 'all',
    noApprovedVersion: q.get('unapproved') === '1',
    archive: q.get('archive') === '1',
    review: (REVIEW_FILTERS as readonly string[]).includes(q.get('review') ?? '') ? (q.get('review') as ReviewFilter) : null,
    sort: sortColumn && SORT_COLUMNS.includes(sortColumn) ? { column: sortColumn, direction: q.get('dir') === 'desc' ? 'desc' : 'asc' } : null,
    page: positiveInt(q.get('page')) ?? 1,
  };
}

/** Only what differs from the defaults is written, so the plain list stays '/documents'. */
export function formatListParams(params: ListParams): string {
  const q = new URLSearchParams();
  if (params.search) q.set('q', params.search);
  if (params.departmentId) q.set('dept', String(params.departmentId));
  if (params.status !== 'all') q.set('status', params.status);
  if (params.noApprovedVersion) q.set('unapproved', '1');
  if (params.archive) q.set('archive', '1');
  if (params.review) q.set('review', params.review);
  if (params.sort) {
    q.set('sort', params.sort.column);
    q.set('dir', params.sort.direction);
  }
  if (params.page > 1) q.set('page', String(params.page));
  const text = q.toString();
  return text ? `?${text}` : '';
}

/**
 * Reads and writes the list state in the URL. Changes replace the history entry, so Back from
 * an opened SOP lands on the list exactly as it was and Back from the list leaves it.
 */
export function useListParams() {
  const query = useSearch();
  const [, navigate] = useLocation();
  const params = useMemo(() => parseListParams(query), [query]);
  useEffect(() => {
    rememberList(query ? `?${query}` : '');
  }, [query]);
  const update = useCallback(
    (change: Partial<ListParams>) => {
      // Any filter change starts again at page 1 unless the change is the page itself.
      const next = { ...params, page: 1, ...change };
      navigate(`/documents${formatListParams(next)}`, { replace: true });
    },
    [params, navigate],
  );
  return [params, update] as const;
}

/** Where "Back to Procedures" goes: the list as the user last left it in this tab. */
export function proceduresHref(): string {
  lastList ??= readLastList();
  return `/documents${lastList}`;
}
