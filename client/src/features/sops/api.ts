import { queryOptions } from '@tanstack/react-query';
import type { Attachment } from '@common/contracts/attachments';
import type { DecidedTask } from '@common/contracts/approvals';
import type { SopArrival } from '@common/contracts/fleet';
import type { CreateSopInput, SopDetail, SopListItem, UpdateSopInput, WithdrawSopInput } from '@common/contracts/sops';
import { DECISION, type SopStatus } from '@common/sop-lifecycle';
import type { ReviewFilter } from '@common/review-clock';
import type { RevisionClass } from '@common/revision-classes';
import { apiRequest, postForm, withQuery } from '@/lib/api';
import { queryClient, refreshQueries } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { decisionLabel } from '@/lib/labels';
import { t } from '@lingui/core/macro';
import { useApiMutation } from '@/lib/use-api-mutation';

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

/** Lists are cached per filter; the key holds only what is sent ('all' and blanks are not). */
export const sopQueries = {
  list: (filters: SopListFilters) =>
    queryOptions<SopListItem[]>({
      queryKey: queryKeys.sops.list({
        departmentId: filters.departmentId ?? undefined,
        status: filters.status === 'all' ? undefined : filters.status,
        search: filters.search?.trim() || undefined,
        review: filters.review ?? undefined,
        noApprovedVersion: filters.noApprovedVersion || undefined,
        archive: filters.archive || undefined,
      }),
    }),
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
