import { queryOptions } from '@tanstack/react-query';
import type { AnswerFindingInput, Review, SaveReviewInput } from '@common/contracts/reviews';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useApiMutation } from '@/lib/use-api-mutation';
import { t } from '@lingui/core/macro';

/** The master's review (decision 080). */
export const reviewKeys = {
  vessel: (code: string) => [`/api/fleet/vessels/${encodeURIComponent(code)}/reviews`] as const,
};

export const reviewQueries = {
  vessel: (code: string) => queryOptions<Review[]>({ queryKey: reviewKeys.vessel(code) }),
};

const refreshed = (code: string) => [reviewKeys.vessel(code), queryKeys.fleet.vessels()];

/** On board: the master starts the review (or opens the draft already started). */
export function useStartReview(code: string) {
  return useApiMutation({
    mutationFn: async () => (await apiRequest('POST', '/api/reviews')).json() as Promise<Review>,
    invalidates: refreshed(code),
    failure: { fallback: t`The review could not be started` },
  });
}

/** On board: the draft's answers and findings. */
export function useSaveReview(code: string, id: number) {
  return useApiMutation({
    mutationFn: async (input: SaveReviewInput) => (await apiRequest('PUT', `/api/reviews/${id}`, input)).json() as Promise<Review>,
    invalidates: refreshed(code),
    success: t`Review saved as a draft`,
    failure: { fallback: t`The review could not be saved` },
  });
}

/** On board: the master signs with their password; the review then travels ashore. */
export function useSignReview(code: string, id: number, onDone: () => void) {
  return useApiMutation({
    mutationFn: async (password: string) => (await apiRequest('POST', `/api/reviews/${id}/sign`, { password })).json() as Promise<Review>,
    invalidates: refreshed(code),
    onSuccess: onDone,
    success: t`Review signed: it is sent to the office with the next contact`,
    failure: { fallback: t`The review could not be signed` },
  });
}

/** At the office: the answer to one finding. */
export function useAnswerFinding(code: string, onDone: () => void) {
  return useApiMutation({
    mutationFn: async ({ id, findingId, input }: { id: number; findingId: number; input: AnswerFindingInput }) =>
      (await apiRequest('PUT', `/api/reviews/${id}/findings/${findingId}`, input)).json() as Promise<Review>,
    invalidates: refreshed(code),
    onSuccess: onDone,
    success: t`Answer saved; it reaches the vessel with the next update`,
    failure: { fallback: t`The answer could not be saved` },
  });
}
