import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ConfirmedReview, SopHistory } from '@common/contracts/review-loop';
import type { SopListItem } from '@common/contracts/sops';
import type { ReviewFilter } from '@common/sop-lifecycle';
import { toast } from '@/hooks/use-toast';
import { apiRequest, serverMessage } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { refreshSopLists, sopQueries } from './api';

/** The review loop's reads: an SOP's history, the SOPs whose review is due, those waiting for their author. */
export const reviewLoopQueries = {
  history: (id: number) => queryOptions<SopHistory | null>({ queryKey: [`/api/sops/${id}/history`] }),
  reviewsDue: (review: ReviewFilter) => queryOptions<SopListItem[] | null>({ queryKey: [...sopQueries.lists(), { review }] }),
  changesRequested: () => queryOptions<SopListItem[] | null>({ queryKey: [...sopQueries.lists(), { status: 'changes_requested' }] }),
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
