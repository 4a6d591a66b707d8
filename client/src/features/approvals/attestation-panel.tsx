import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, ShieldCheck } from 'lucide-react';
import type { SopDetail } from '@common/contracts/sops';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { approvalQueries, useAttest } from './api';

function EffectiveVersionAttestation({ sopId, versionId, versionNumber }: { sopId: number; versionId: number; versionNumber: string }) {
  const { data, isLoading, isError, refetch } = useQuery(approvalQueries.attestations(versionId));
  const attest = useAttest(versionId, sopId);
  if (isLoading) return <p className="text-sm text-muted-foreground">Loading attestations...</p>;
  if (isError || !data) {
    return (
      <p className="text-sm text-muted-foreground">
        The attestations could not be loaded.{' '}
        <button type="button" className="font-medium text-ocean hover:underline" onClick={() => refetch()}>
          Try again
        </button>
      </p>
    );
  }
  const people = `${data.count} ${data.count === 1 ? 'person has' : 'people have'} attested`;
  return (
    <div className="space-y-3 text-sm">
      <p>
        Version <span className="font-medium">{versionNumber}</span> is the effective version. <span data-testid="attestation-count">{people}</span>.
      </p>
      {data.attestedByMe ? (
        <p className="flex items-center gap-2 font-medium text-emerald-800" data-testid="attested-by-me">
          <BadgeCheck className="size-4" aria-hidden="true" /> You attested on {formatDateTime(data.attestedAt)}
        </p>
      ) : (
        <>
          <p className="text-muted-foreground">Confirm that you have read and understood this procedure.</p>
          <Button size="sm" disabled={attest.isPending} onClick={() => attest.mutate()}>
            <ShieldCheck /> {attest.isPending ? 'Attesting...' : 'Attest'}
          </Button>
        </>
      )}
    </div>
  );
}

/** Read-and-attest for the SOP's effective (newest published) version. */
export function AttestationPanel({ sop }: { sop: Pick<SopDetail, 'id' | 'effectiveVersionId' | 'versions'> }) {
  const effective = sop.versions.find((v) => v.id === sop.effectiveVersionId);
  return (
    <Card className="border-l-4 border-l-ocean">
      <CardHeader>
        <CardTitle className="text-base">Read &amp; Attest</CardTitle>
      </CardHeader>
      <CardContent>
        {effective ? (
          <EffectiveVersionAttestation key={effective.id} sopId={sop.id} versionId={effective.id} versionNumber={effective.versionNumber} />
        ) : (
          <p className="text-sm text-muted-foreground">No published version yet. Attestation opens once a version is approved.</p>
        )}
      </CardContent>
    </Card>
  );
}
