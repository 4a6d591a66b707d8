import { queryOptions } from '@tanstack/react-query';
import type { ManualDetail, ManualInput, ManualRevisions, ManualStructureInput, ManualSummary } from '@common/contracts/manuals';
import type { SopPage } from '@common/contracts/sops';
import { apiRequest, getJson, withQuery } from '@/lib/api';
import { useApiMutation } from '@/lib/use-api-mutation';
import { t } from '@lingui/core/macro';

export const manualKeys = {
  all: () => ['/api/manuals'] as const,
  detail: (id: number) => [`/api/manuals/${id}`] as const,
  revisions: (id: number) => [`/api/manuals/${id}/revisions`] as const,
};

/** How many SOPs a search for a section offers at once. */
export const SOP_CHOICES = 20;

export const manualQueries = {
  list: () => queryOptions<ManualSummary[]>({ queryKey: manualKeys.all() }),
  detail: (id: number) => queryOptions<ManualDetail>({ queryKey: manualKeys.detail(id) }),
  revisions: (id: number) => queryOptions<ManualRevisions>({ queryKey: manualKeys.revisions(id) }),
  /**
   * SOPs to place as sections: the server's search, one short page (a line's library is tens of
   * thousands of documents, never read whole). The signal drops a search the next keystroke replaced.
   */
  findSops: (search: string) =>
    queryOptions<SopPage>({
      queryKey: ['/api/sops', { search, limit: SOP_CHOICES }] as const,
      queryFn: ({ signal }) => getJson<SopPage>(withQuery('/api/sops', { search, limit: SOP_CHOICES }), { signal }),
      staleTime: 30_000,
    }),
};

/** Plain links: the browser downloads them. */
export const effectiveCsvUrl = (id: number, at?: string) => withQuery(`/api/manuals/${id}/effective.csv`, { at });
/** The controlled copy made in the background: started, followed, then fetched once. */
export const startCopyUrl = (id: number) => `/api/manuals/${id}/controlled-copy-jobs`;
export const copyJobUrl = (jobId: string) => `/api/manual-copy-jobs/${jobId}`;
export const copyJobFileUrl = (jobId: string) => `/api/manual-copy-jobs/${jobId}/file`;

export function useCreateManual(onDone: (manual: ManualDetail) => void) {
  return useApiMutation({
    mutationFn: async (input: ManualInput) => (await apiRequest('POST', '/api/manuals', input)).json() as Promise<ManualDetail>,
    invalidates: [manualKeys.all()],
    onSuccess: onDone,
    success: t`Manual created`,
    failure: { fallback: t`The manual could not be created` },
  });
}

export function useArrangeManual(id: number, onDone: () => void) {
  return useApiMutation({
    mutationFn: async (input: ManualStructureInput) => (await apiRequest('PUT', `/api/manuals/${id}/structure`, input)).json() as Promise<ManualDetail>,
    invalidates: [manualKeys.all(), manualKeys.detail(id), manualKeys.revisions(id)],
    onSuccess: onDone,
    success: t`Chapters and sections saved`,
    failure: { fallback: t`The chapters and sections could not be saved` },
  });
}
