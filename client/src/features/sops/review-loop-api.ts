import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ConfirmedReview, SopHistory } from '@common/contracts/review-loop';
import { toast } from '@/hooks/use-toast';
import { apiRequest, serverMessage } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { refreshSopLists } from './api';

/** The review loop's reads: an SOP's history (the comparison lives with its view, components/version-diff.tsx). */
export const reviewLoopQueries = {
  history: (id: number) => queryOptions<SopHistory | null>({ queryKey: [`/api/sops/${id}/history`] }),
};

/** After a review, decision or submit: the SOP's history too. */
export async function refreshSopHistory(id: number) {
  await queryClient.invalidateQueries({ queryKey: reviewLoopQueries.history(id).queryKey });
}

export function useConfirmReview() {
  return useMutation({
    mutationFn: async ({ sopId, comments }: { sopId: number; comments: string }): Promise<ConfirmedReview> =>
      (await apiRequest('POST', `/api/sops/${sopId}/reviews`, { comments })).json(),
    onSuccess: async (review) => {
      toast({ title: 'Success', description: `Review confirmed for version ${review.versionNumber}` });
      await Promise.all([refreshSopLists(review.sopId), refreshSopHistory(review.sopId)]);
    },
    onError: (error) => {
      toast({ title: 'Error', description: serverMessage(error, 'Failed to confirm the review'), variant: 'destructive' });
    },
  });
}
