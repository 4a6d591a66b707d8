import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, Clock, ShieldCheck } from 'lucide-react';
import type { SopDetail } from '@common/contracts/sops';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { useCurrentUser } from '@/lib/session';
import { queueAttestation, useWaitingAttestation } from '@/offline/attestation-queue';
import { useOnline } from '@/offline/offline-status';
import { approvalQueries, useAttest } from './api';

function EffectiveVersionAttestation({ sopId, versionId, versionNumber }: { sopId: number; versionId: number; versionNumber: string }) {
  const { data, isLoading, isError, refetch } = useQuery(approvalQueries.attestations(versionId));
  const attest = useAttest(versionId, sopId);
  const { user } = useCurrentUser();
  const online = useOnline();
  const waiting = useWaitingAttestation(user?.id, versionId);
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
      ) : waiting ? (
        <p className="flex items-center gap-2 font-medium text-amber-800" data-testid="attestation-waiting">
          <Clock className="size-4" aria-hidden="true" /> Waiting to send: your attestation is recorded when the link returns.
        </p>
      ) : (
        <>
          <p className="text-muted-foreground">Confirm that you have read and understood this procedure.</p>
          {/* With no link the attestation waits in this browser and is sent when the link returns. */}
          <Button size="sm" disabled={attest.isPending} onClick={() => (online || !user ? attest.mutate() : queueAttestation(user.id, versionId))}>
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
