import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import type { AuditVerification } from '@common/contracts/audit';
import { Button } from '@/components/ui/button';
import { getJson } from '@/lib/api';
import { formatDateTime } from '@/lib/labels';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { useApiMutation } from '@/lib/use-api-mutation';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';

/** As the other answers' dates, `checkedAt` arrives as ISO text, which formatDateTime reads. */
type Verification = AuditVerification;

const verificationQuery = { queryKey: queryKeys.audit.verification() };

/** What the last check of the audit trail's hash chain found, and when. */
export function LastAuditVerification() {
  const { data, isLoading, isError } = useQuery<Verification | null>(verificationQuery);
  if (isLoading) return '...';
  if (isError) return '—';
  if (!data) return <Trans>Never</Trans>;
  const when = formatDateTime(data.checkedAt);
  const broken = data.intact ? null : data.firstBrokenId;
  return data.intact ? (
    <span className="text-emerald-700">
      <Trans>Intact · {when}</Trans>
    </span>
  ) : (
    <span className="text-destructive">
      <Trans>
        Broken at event {broken} · {when}
      </Trans>
    </span>
  );
}

/** Recomputes the chain over the whole trail now; the card then shows the answer. */
export function VerifyAuditChainButton() {
  const { t } = useLingui();
  const verify = useApiMutation<Verification>({
    mutationFn: () => getJson<Verification>('/api/audit/verify'),
    onSuccess: (result) => queryClient.setQueryData(verificationQuery.queryKey, result),
    success: (result) => {
      const { keyFingerprint: key, events } = result;
      if (result.intact)
        return plural(events, {
          one: `The audit trail verifies with audit key ${key}: # event, none changed.`,
          other: `The audit trail verifies with audit key ${key}: # events, none changed.`,
        });
      const broken = result.firstBrokenId;
      return t`The audit trail does not verify with audit key ${key}: event ${broken} was changed or an event before it removed.`;
    },
    failure: { fallback: t`The audit trail could not be verified.` },
  });
  return (
    <Button type="button" variant="outline" size="sm" className="w-full" disabled={verify.isPending} onClick={() => verify.mutate()}>
      <ShieldCheck className="size-4" aria-hidden="true" />
      {verify.isPending ? t`Verifying...` : t`Verify Audit Trail`}
    </Button>
  );
}
