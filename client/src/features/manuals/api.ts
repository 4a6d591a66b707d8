import { queryOptions } from '@tanstack/react-query';
import type { ManualDetail, ManualInput, ManualRevisions, ManualStructureInput, ManualSummary } from '@common/contracts/manuals';
import type { SopListItem } from '@common/contracts/sops';
import { apiRequest, withQuery } from '@/lib/api';
import { useApiMutation } from '@/lib/use-api-mutation';
import { t } from '@lingui/core/macro';

export const manualKeys = {
  all: () => ['/api/manuals'] as const,
  detail: (id: number) => [`/api/manuals/${id}`] as const,
  revisions: (id: number) => [`/api/manuals/${id}/revisions`] as const,
};

export const manualQueries = {
  list: () => queryOptions<ManualSummary[]>({ queryKey: manualKeys.all() }),
  detail: (id: number) => queryOptions<ManualDetail>({ queryKey: manualKeys.detail(id) }),
  revisions: (id: number) => queryOptions<ManualRevisions>({ queryKey: manualKeys.revisions(id) }),
  /** Every SOP in use, for arranging sections (approvers and admins see them all). */
  sops: () => queryOptions<SopListItem[]>({ queryKey: ['/api/sops'] }),
};

/** Plain links: the browser downloads them. */
export const effectiveCsvUrl = (id: number, at?: string) => withQuery(`/api/manuals/${id}/effective.csv`, { at });
export const controlledCopyUrl = (id: number) => `/api/manuals/${id}/controlled-copy`;

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
