import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import type { AuditVerification } from '@common/contracts/audit';
import { Button } from '@/components/ui/button';
import { getJson } from '@/lib/api';
import { formatDateTime } from '@/lib/labels';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { useApiMutation } from '@/lib/use-api-mutation';

/** As the other answers' dates, `checkedAt` arrives as ISO text, which formatDateTime reads. */
type Verification = AuditVerification;

const verificationQuery = { queryKey: queryKeys.audit.verification() };

/** What the last check of the audit trail's hash chain found, and when. */
export function LastAuditVerification() {
  const { data, isLoading, isError } = useQuery<Verification | null>(verificationQuery);
  if (isLoading) return '...';
  if (isError) return '—';
  if (!data) return 'Never';
  const when = formatDateTime(data.checkedAt);
  return data.intact ? (
    <span className="text-emerald-700">Intact · {when}</span>
  ) : (
    <span className="text-destructive">
      Broken at event {data.firstBrokenId} · {when}
    </span>
  );
}

/** Recomputes the chain over the whole trail now; the card then shows the answer. */
export function VerifyAuditChainButton() {
  const verify = useApiMutation<Verification>({
    mutationFn: () => getJson<Verification>('/api/audit/verify'),
    onSuccess: (result) => queryClient.setQueryData(verificationQuery.queryKey, result),
    success: (result) =>
      result.intact
        ? `The audit trail verifies with audit key ${result.keyFingerprint}: ${result.events} events, none changed.`
        : `The audit trail does not verify with audit key ${result.keyFingerprint}: event ${result.firstBrokenId} was changed or an event before it removed.`,
    failure: { fallback: 'The audit trail could not be verified.' },
  });
  return (
    <Button type="button" variant="outline" size="sm" className="w-full" disabled={verify.isPending} onClick={() => verify.mutate()}>
      <ShieldCheck className="size-4" aria-hidden="true" />
      {verify.isPending ? 'Verifying...' : 'Verify Audit Trail'}
    </Button>
  );
}
