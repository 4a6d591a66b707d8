import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Attestation, AttestationSummary } from '@common/contracts/approvals';
import type { SignatureProof } from '@common/contracts/signatures';
import type { LanguageCode } from '@common/languages';
import { queueOpening } from '@/offline/attestation-queue';
import { isOffline } from '@/offline/offline-status';
import { apiRequest } from './api';
import { ApiError } from './api-error';
import { attestationChangeKeys, queryKeys } from './query-keys';
import { useCurrentUser } from './session';
import { useApiMutation } from './use-api-mutation';
import { t } from '@lingui/core/macro';

/** Attesting to a version, from the SOP page and the Approval Center alike. */

/** How many have attested the version, whether the caller has, and which of its files the caller opened. */
export const attestationsQuery = (versionId: number) => queryOptions<AttestationSummary>({ queryKey: queryKeys.approvals.attestations(versionId) });

export const useAttest = (versionId: number, sopId?: number) =>
  useApiMutation({
    /** `language`: the translation read in place of the original, recorded with the attestation. */
    mutationFn: async ({ signature, language }: { signature?: SignatureProof; language?: LanguageCode | null } = {}) => {
      const body = { ...(signature ? { signature } : {}), ...(language ? { language } : {}) };
      const response = await apiRequest('POST', `/api/sop-versions/${versionId}/attestations`, Object.keys(body).length > 0 ? body : undefined);
      return (await response.json()) as Attestation;
    },
    invalidates: attestationChangeKeys(versionId, sopId),
    success: t`Your attestation has been recorded`,
    failure: { fallback: t`Failed to record your attestation` },
  });

/**
 * `(attachmentId) => void` for the document reader's `onOpened`: records that the signed-in
 * user opened that file of the version (POST /api/sop-versions/{id}/reads). The version's
 * attestation card sees it at once; with no link the opening waits in this browser and is sent
 * before any attestation made meanwhile. Nothing is said to the reader: it is bookkeeping.
 */
export function useRecordOpening(versionId: number | null | undefined): (attachmentId: number) => void {
  const client = useQueryClient();
  const { user } = useCurrentUser();
  const userId = user?.id;
  return useCallback(
    (attachmentId: number) => {
      if (versionId == null || userId === undefined) return;
      client.setQueryData<AttestationSummary>(queryKeys.approvals.attestations(versionId), (summary) =>
        summary && !summary.opened.includes(attachmentId) ? { ...summary, opened: [...summary.opened, attachmentId] } : summary,
      );
      if (isOffline()) return queueOpening(userId, versionId, attachmentId);
      apiRequest('POST', `/api/sop-versions/${versionId}/reads`, { attachmentId }).catch((error: unknown) => {
        // The link went while sending: keep it for later. Any other refusal (a file no longer shown) is final.
        if (error instanceof ApiError && (error.status === 0 || error.status >= 500)) queueOpening(userId, versionId, attachmentId);
      });
    },
    [client, versionId, userId],
  );
}
