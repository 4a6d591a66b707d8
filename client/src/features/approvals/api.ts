import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Attestation, AttestationSummary, DecidedTask, DecideTaskInput } from '@common/contracts/approvals';
import type { ApprovalTask, Attachment } from '@common/contracts/sops';
import { toast } from '@/hooks/use-toast';
import { apiRequest, serverMessage } from '@/lib/api';
import { startDownload } from '@/lib/download';
import { queryClient } from '@/lib/query-client';

/** Query keys live with their fetchers; the default query function reads [url]. */
export const approvalQueries = {
  pending: () => queryOptions<ApprovalTask[] | null>({ queryKey: ['/api/approvals'] }),
  attestations: (versionId: number) => queryOptions<AttestationSummary | null>({ queryKey: [`/api/sop-versions/${versionId}/attestations`] }),
};

// Owned by other features; named here by URL so that features do not import each other.
const SOP_LISTS_KEY = ['/api/sops'] as const;
const DASHBOARD_STATS_KEY = ['/api/dashboard/stats'] as const;
const DASHBOARD_ACTIVITY_KEY = ['/api/dashboard/activity'] as const;

export interface Decision extends DecideTaskInput {
  taskId: number;
}

export function useDecideTask(onDecided?: (task: DecidedTask) => void) {
  return useMutation({
    mutationFn: async ({ taskId, ...body }: Decision) => (await apiRequest('PUT', `/api/approvals/${taskId}`, body)).json() as Promise<DecidedTask>,
    onSuccess: async (task) => {
      toast({ title: 'Success', description: 'Approval task updated successfully' });
      onDecided?.(task);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: approvalQueries.pending().queryKey }),
        queryClient.invalidateQueries({ queryKey: SOP_LISTS_KEY }),
        queryClient.invalidateQueries({ queryKey: [`/api/sops/${task.sopId}`] }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_STATS_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_ACTIVITY_KEY }),
      ]);
    },
    onError: (error) => {
      toast({ title: 'Error', description: 'Failed to update approval task', variant: 'destructive' });
    },
  });
}

export function useAttest(versionId: number) {
  return useMutation({
    mutationFn: async () => (await apiRequest('POST', `/api/sop-versions/${versionId}/attestations`)).json() as Promise<Attestation>,
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Your attestation has been recorded' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: approvalQueries.attestations(versionId).queryKey }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_ACTIVITY_KEY }),
      ]);
    },
    onError: (error) => {
      toast({ title: 'Error', description: serverMessage(error, 'Failed to record your attestation'), variant: 'destructive' });
    },
  });
}

/** The shared HEAD-then-open download, with the Approval Center's own failure text. */
export async function downloadAttachment(attachment: Pick<Attachment, 'id' | 'objectPath'>): Promise<void> {
  try {
    await startDownload(attachment.id, attachment.objectPath);
  } catch {
    toast({ title: 'Download failed', description: 'Failed to download the SOP file. The file may no longer be available.', variant: 'destructive' });
  }
}
