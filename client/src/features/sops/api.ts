import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Department } from '@common/contracts/departments';
import type { Attachment, CreateSopInput, SopDetail, SopListItem, UpdateSopInput } from '@common/contracts/sops';
import { DECISION, type ReviewFilter, type SopStatus } from '@common/sop-lifecycle';
import { toast } from '@/hooks/use-toast';
import { apiRequest, serverMessage } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { postForm } from '@/lib/post-form';

export interface SopListFilters {
  departmentId?: number | null;
  /** 'all' is never sent (SPEC §7). */
  status?: SopStatus | 'all';
  search?: string;
  review?: ReviewFilter | null;
}

/** The answer of POST and PUT /api/sops: the SOP row, pointing at its newest version. */
export interface SavedSop {
  id: number;
  title: string;
  latestVersionId: number | null;
}

/** Query keys live with their fetchers; the default query function reads [url, params]. */
export const sopQueries = {
  lists: () => ['/api/sops'] as const,
  list: (filters: SopListFilters) =>
    queryOptions<SopListItem[] | null>({
      queryKey: [
        '/api/sops',
        {
          departmentId: filters.departmentId ?? undefined,
          status: filters.status === 'all' ? undefined : filters.status,
          search: filters.search?.trim() || undefined,
          review: filters.review ?? undefined,
        },
      ],
    }),
  detail: (id: number) => queryOptions<SopDetail | null>({ queryKey: [`/api/sops/${id}`] }),
};

export const departmentsQuery = queryOptions<Department[] | null>({ queryKey: ['/api/departments'] });

export const dashboardStatsKey = ['/api/dashboard/stats'] as const;

/** After any SOP change: the lists, the sidebar counts and the dashboard figures. */
export async function refreshSopLists(id?: number) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: sopQueries.lists() }),
    queryClient.invalidateQueries({ queryKey: departmentsQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: dashboardStatsKey }),
    id ? queryClient.invalidateQueries({ queryKey: sopQueries.detail(id).queryKey }) : undefined,
  ]);
}

export const isNotFoundError = (error: unknown) => error instanceof Error && error.message.startsWith('404: ');

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

export function useSubmitSop() {
  return useMutation({
    mutationFn: async (sop: Pick<SopListItem, 'id'>) => {
      await apiRequest('POST', `/api/sops/${sop.id}/submit`);
    },
    onSuccess: async (_data, sop) => {
      toast({ title: 'Success', description: 'SOP submitted for approval successfully' });
      await refreshSopLists(sop.id);
    },
    onError: (error) => {
      toast({ title: 'Error', description: serverMessage(error, 'Failed to submit SOP for approval'), variant: 'destructive' });
    },
  });
}

export function useDeleteSop() {
  return useMutation({
    mutationFn: async (sop: Pick<SopListItem, 'id'>) => {
      await apiRequest('DELETE', `/api/sops/${sop.id}`);
    },
    onSuccess: async (_data, sop) => {
      toast({ title: 'Success', description: 'SOP deleted successfully' });
      queryClient.removeQueries({ queryKey: sopQueries.detail(sop.id).queryKey });
      await refreshSopLists();
    },
    onError: () => {
      toast({ title: 'Error', description: 'Failed to delete SOP', variant: 'destructive' });
    },
  });
}

/** The list's Approve action decides the pending task of the latest version (the Approval Center's call). */
export function useApproveSop() {
  return useMutation({
    mutationFn: async (sop: Pick<SopListItem, 'id' | 'pendingTaskId'>) => {
      await apiRequest('PUT', `/api/approvals/${sop.pendingTaskId}`, { status: DECISION.approve });
    },
    onSuccess: async (_data, sop) => {
      toast({ title: 'Success', description: 'Approval task updated successfully' });
      await Promise.all([refreshSopLists(sop.id), queryClient.invalidateQueries({ queryKey: ['/api/approvals'] })]);
    },
    onError: () => {
      toast({ title: 'Error', description: 'Failed to update approval task', variant: 'destructive' });
    },
  });
}
