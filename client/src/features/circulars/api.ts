import { queryOptions } from '@tanstack/react-query';
import type { Circular, CircularDetailsInput, CreateCircularInput, VesselAcknowledgement } from '@common/contracts/circulars';
import type { SopDetail } from '@common/contracts/sops';
import { apiRequest, postForm } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useApiMutation } from '@/lib/use-api-mutation';
import { t } from '@lingui/core/macro';

export const circularKeys = {
  all: () => ['/api/circulars'] as const,
};

export const circularQueries = {
  list: () => queryOptions<Circular[]>({ queryKey: circularKeys.all() }),
};

/** A plain link: the browser downloads it. */
export const circularsCsvUrl = '/api/circulars.csv';

export interface IssueCircular {
  input: CreateCircularInput;
  files: File[];
}

/**
 * Drafts the circular (numbered by the server), adds its files to its version, then submits it
 * for review, as an SOP is: an approver's decision issues it.
 */
export function useIssueCircular(onDone: (sop: SopDetail) => void) {
  return useApiMutation({
    mutationFn: async ({ input, files }: IssueCircular) => {
      const sop = (await (await apiRequest('POST', '/api/circulars', input)).json()) as SopDetail;
      for (const file of files) {
        const body = new FormData();
        body.append('file', file);
        await postForm(`/api/sop-versions/${sop.latestVersionId}/attachments`, body);
      }
      await apiRequest('POST', `/api/sops/${sop.id}/submit`, {});
      return sop;
    },
    invalidates: [circularKeys.all(), queryKeys.sops.lists(), queryKeys.approvals.pending(), queryKeys.notifications()],
    onSuccess: onDone,
    success: (sop) => t`${sop.title} submitted for review`,
    failure: { fallback: t`The circular could not be issued` },
  });
}

/** A draft or sent-back circular's audience and days (the server refuses them under review and once issued). */
export function useChangeCircularDetails(onDone: () => void) {
  return useApiMutation({
    mutationFn: async ({ id, details }: { id: number; details: CircularDetailsInput }) => {
      await apiRequest('PUT', `/api/circulars/${id}/details`, details);
    },
    invalidates: [circularKeys.all(), queryKeys.sops.lists()],
    onSuccess: onDone,
    success: t`The circular's audience and days are saved`,
    failure: { fallback: t`The circular's audience and days could not be saved` },
  });
}

/** On board: the master acknowledges for the vessel that the circular was received. */
export function useAcknowledgeCircular() {
  return useApiMutation({
    mutationFn: async (id: number) => (await apiRequest('POST', `/api/circulars/${id}/vessel-acknowledgement`)).json() as Promise<VesselAcknowledgement>,
    invalidates: [circularKeys.all(), queryKeys.fleet.status()],
    success: t`Receipt acknowledged for the vessel`,
    failure: { fallback: t`The receipt could not be acknowledged` },
  });
}
