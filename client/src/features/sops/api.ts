import { queryOptions } from '@tanstack/react-query';
import type { Attachment } from '@common/contracts/attachments';
import type { DecidedTask } from '@common/contracts/approvals';
import type { SopArrival } from '@common/contracts/fleet';
import type { CreateSopInput, ListSort, SopDetail, SopListItem, SopPage, UpdateSopInput, WithdrawSopInput } from '@common/contracts/sops';
import { LIST_PAGE_DEFAULT } from '@common/limits';
import { DECISION, type SopStatus } from '@common/sop-lifecycle';
import type { ReviewFilter } from '@common/review-clock';
import type { RevisionClass } from '@common/revision-classes';
import { apiRequest, getJson, postForm, withQuery } from '@/lib/api';
import { queryClient, refreshQueries } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { decisionLabel } from '@/lib/labels';
import { t } from '@lingui/core/macro';
import { useApiMutation } from '@/lib/use-api-mutation';
import type { SortState } from './sop-sorting';

export interface SopListFilters {
  departmentId?: number | null;
  /** 'all' is never sent: no status parameter already means every status. */
  status?: SopStatus | 'all';
  search?: string;
  review?: ReviewFilter | null;
  /** Only SOPs that have never had an approved version. */
  noApprovedVersion?: boolean;
  /** The archive: only withdrawn SOPs. */
  archive?: boolean;
}

/** GET /api/sops/export.csv for the filters the list shows (the server applies the list's own rules). */
export const registerExportUrl = (filters: SopListFilters) =>
  withQuery('/api/sops/export.csv', {
    departmentId: filters.departmentId,
    status: filters.status === 'all' ? undefined : filters.status,
    search: filters.search?.trim(),
    review: filters.review,
    noApprovedVersion: filters.noApprovedVersion ? 'true' : undefined,
    archive: filters.archive ? 'true' : undefined,
  });

/** The answer of POST and PUT /api/sops: the SOP row, pointing at its newest version. */
export interface SavedSop {
  id: number;
  title: string;
  latestVersionId: number | null;
  /** Edits only: whether the save added a version, and the server's sentence saying what it did. */
  versionAdded?: boolean;
  message?: string;
}

/** What is sent for the filters ('all' and blanks are not). */
const listParams = (filters: SopListFilters) => ({
  departmentId: filters.departmentId ?? undefined,
  status: filters.status === 'all' ? undefined : filters.status,
  search: filters.search?.trim() || undefined,
  review: filters.review ?? undefined,
  noApprovedVersion: filters.noApprovedVersion || undefined,
  archive: filters.archive || undefined,
});

/** The list's columns as the server names its sorts (decision 077). */
const SERVER_SORT = { title: 'title', department: 'department', status: 'status', updatedAt: 'updated' } as const;
export const serverSort = (sort: SortState | null | undefined): ListSort | undefined => (sort ? `${SERVER_SORT[sort.column]}:${sort.direction}` : undefined);

/** Rows a page of the Procedures list. */
export const LIST_PAGE_SIZE = LIST_PAGE_DEFAULT;

/**
 * Page `page` of the list for the filters and sort, from the server (decision 077). The server
 * pages by cursor: page n asks for the rows after page n-1, which comes from the cache when it
 * was read (paging forward, prefetched) and is read first when not (a reload on page 3 reads
 * pages 1 and 2). The signal cancels a request a newer one replaced (search as you type).
 */
function pageQuery(filters: SopListFilters, sort: SortState | null | undefined, page: number) {
  const params = listParams(filters);
  const order = serverSort(sort);
  return queryOptions<SopPage>({
    queryKey: [...queryKeys.sops.list(params), { sort: order, page }] as const,
    // A page read ahead is shown when asked for without being read again; every change made
    // here makes the lists stale at once (sopChangeKeys), others' changes show within 30 s.
    staleTime: 30_000,
    queryFn: async ({ signal }): Promise<SopPage> => {
      // The page before as cached, even stale: its cursor still points at the same place.
      const before: SopPage | undefined = page > 1 ? await queryClient.ensureQueryData(pageQuery(filters, sort, page - 1)) : undefined;
      // Past the last page (a link kept while the list shrank): nothing more, counted as the page before.
      if (before && !before.nextCursor) return { items: [], nextCursor: null, total: before.total, totalIsEstimate: before.totalIsEstimate };
      return getJson<SopPage>(withQuery('/api/sops', { ...params, limit: LIST_PAGE_SIZE, sort: order, cursor: before?.nextCursor }), { signal });
    },
  });
}

/** Lists are cached per filter (and pages per sort and page number). */
export const sopQueries = {
  page: pageQuery,
  detail: (id: number) => queryOptions<SopDetail>({ queryKey: queryKeys.sops.detail(id) }),
  arriving: (id: number) => queryOptions<SopArrival>({ queryKey: queryKeys.sops.arriving(id) }),
};

/** What any SOP change makes stale: the lists, the sidebar counts, the dashboard figures, the SOP itself. */
export const sopChangeKeys = (id?: number) => [
  queryKeys.sops.lists(),
  queryKeys.departments(),
  queryKeys.dashboard.stats(),
  id ? queryKeys.sops.detail(id) : undefined,
  id ? queryKeys.sops.history(id) : undefined,
  id ? queryKeys.sops.comparisons(id) : undefined,
];

/** For the flows that save in several calls (form, upload dialog) rather than one mutation. */
export const refreshSopLists = (id?: number) => refreshQueries(sopChangeKeys(id));

export async function createSop(input: CreateSopInput): Promise<SavedSop> {
  return (await apiRequest('POST', '/api/sops', input)).json();
}

export async function updateSop(id: number, input: UpdateSopInput): Promise<SavedSop> {
  return (await apiRequest('PUT', `/api/sops/${id}`, input)).json();
}

/** POST /api/sop-versions/{id}/attachments with one file, reporting its upload progress. */
export function uploadAttachment(versionId: number, file: File, onProgress?: (percent: number) => void): Promise<Attachment | Attachment[]> {
  const body = new FormData();
  body.append('file', file);
  return postForm(`/api/sop-versions/${versionId}/attachments`, body, onProgress);
}

export const useSubmitSop = () =>
  useApiMutation({
    mutationFn: async (sop: Pick<SopListItem, 'id'>) => {
      await apiRequest('POST', `/api/sops/${sop.id}/submit`);
    },
    invalidates: (_data, sop) => sopChangeKeys(sop.id),
    success: () => t`SOP submitted for approval successfully`,
    failure: { fallback: t`Failed to submit SOP for approval` },
  });

export const useDeleteSop = () =>
  useApiMutation({
    mutationFn: async (sop: Pick<SopListItem, 'id'>) => {
      await apiRequest('DELETE', `/api/sops/${sop.id}`);
    },
    onSuccess: (_data, sop) => queryClient.removeQueries({ queryKey: queryKeys.sops.detail(sop.id) }),
    invalidates: sopChangeKeys(),
    success: () => t`SOP deleted successfully`,
    failure: { fixed: t`Failed to delete SOP` },
  });

/** An SOP that has had a version in force is withdrawn with a reason (and a signature when required), never deleted. */
export const useWithdrawSop = () =>
  useApiMutation({
    mutationFn: async ({ id, ...body }: { id: number } & WithdrawSopInput) => {
      await apiRequest('POST', `/api/sops/${id}/withdraw`, body);
    },
    invalidates: (_data, sop) => sopChangeKeys(sop.id),
    success: () => t`SOP withdrawn; it is kept in the archive`,
    failure: { fallback: t`Failed to withdraw the SOP` },
  });

/** The list's Approve action decides the pending task of the latest version (the Approval Center's call). */
export const useApproveSop = () =>
  useApiMutation({
    mutationFn: async (sop: Pick<SopListItem, 'id' | 'pendingTaskId'> & { revisionClass?: RevisionClass }) => {
      const res = await apiRequest('PUT', `/api/approvals/${sop.pendingTaskId}`, { status: DECISION.approve, revisionClass: sop.revisionClass });
      return (await res.json()) as DecidedTask;
    },
    invalidates: (_data, sop) => [...sopChangeKeys(sop.id), queryKeys.approvals.pending()],
    success: decisionLabel,
    failure: { fixed: t`Failed to update approval task` },
  });
