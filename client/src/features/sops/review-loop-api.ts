import { queryOptions } from '@tanstack/react-query';
import type { ConfirmedReview, SopHistory } from '@common/contracts/review-loop';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useApiMutation } from '@/lib/use-api-mutation';
import { sopChangeKeys } from './api';
import { t } from '@lingui/core/macro';

/** The review loop's reads: an SOP's history (the comparison lives with its view, components/version-diff.tsx). */
export const reviewLoopQueries = {
  history: (id: number) => queryOptions<SopHistory>({ queryKey: queryKeys.sops.history(id) }),
};

export const useConfirmReview = () =>
  useApiMutation({
    mutationFn: async ({ sopId, comments }: { sopId: number; comments: string }): Promise<ConfirmedReview> =>
      (await apiRequest('POST', `/api/sops/${sopId}/reviews`, { comments })).json(),
    invalidates: (review) => sopChangeKeys(review.sopId),
    success: ({ versionNumber }) => t`Review confirmed for version ${versionNumber}`,
    failure: { fallback: t`Failed to confirm the review` },
  });
