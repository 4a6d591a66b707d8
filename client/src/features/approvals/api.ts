import { queryOptions } from '@tanstack/react-query';
import type { DecidedTask, DecideTaskInput, ReviewComment } from '@common/contracts/approvals';
import { decisionLabel } from '@/lib/labels';
import type { ApprovalTask } from '@common/contracts/sops';
import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useApiMutation } from '@/lib/use-api-mutation';
import { t } from '@lingui/core/macro';

export const approvalQueries = {
  pending: () => queryOptions<ApprovalTask[]>({ queryKey: queryKeys.approvals.pending() }),
  comments: (versionId: number) => queryOptions<ReviewComment[]>({ queryKey: queryKeys.approvals.comments(versionId) }),
};

/** Adds a comment to a version's review thread; `onPosted` clears the box that held it. */
export const usePostComment = (versionId: number, onPosted?: () => void) =>
  useApiMutation({
    mutationFn: async (body: string) => (await apiRequest('POST', `/api/sop-versions/${versionId}/comments`, { body })).json() as Promise<ReviewComment>,
    onSuccess: () => onPosted?.(),
    invalidates: [queryKeys.approvals.comments(versionId)],
    success: () => t`Comment added to the review thread`,
    failure: { fallback: t`Failed to add the comment` },
  });

export interface Decision extends DecideTaskInput {
  taskId: number;
}

export const useDecideTask = (onDecided?: (task: DecidedTask) => void) =>
  useApiMutation({
    mutationFn: async ({ taskId, ...body }: Decision) => (await apiRequest('PUT', `/api/approvals/${taskId}`, body)).json() as Promise<DecidedTask>,
    onSuccess: (task) => onDecided?.(task),
    invalidates: (task) => [
      queryKeys.approvals.pending(),
      queryKeys.approvals.comments(task.versionId),
      queryKeys.sops.lists(),
      queryKeys.sops.detail(task.sopId),
      queryKeys.sops.history(task.sopId),
      queryKeys.dashboard.stats(),
      queryKeys.dashboard.activity(),
      // A published version is new required reading, and the task leaves the bell.
      queryKeys.notifications(),
      queryKeys.reading.mine(),
      queryKeys.reading.sop(task.sopId),
      queryKeys.compliance.lists(),
      queryKeys.compliance.everyone(),
      queryKeys.compliance.sop(task.sopId),
    ],
    success: decisionLabel,
    failure: { fallback: t`Failed to update approval task` },
  });
