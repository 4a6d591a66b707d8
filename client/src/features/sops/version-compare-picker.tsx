import { useState } from 'react';
import { Link } from 'wouter';
import type { SopDetail } from '@common/contracts/sops';
import { versionStanding } from '@common/sop-lifecycle';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { formatDateTime } from '@/lib/labels';
import { ownerNameOf } from '@/lib/names';
import { VersionDiffLoader } from '@/components/version-diff';
import { VersionStandingBadge } from './version-standing-badge';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * Every version newest first with its standing and a link to read it; tick two to compare
 * them (older to newer).
 */
export function VersionComparePicker({ sop }: { sop: SopDetail }) {
  const [picked, setPicked] = useState<number[]>([]);
  const [comparing, setComparing] = useState<[number, number] | null>(null);
  const versions = [...sop.versions].sort((a, b) => b.id - a.id);
  const { t } = useLingui();
  const toggle = (id: number, on: boolean) => {
    setComparing(null);
    setPicked((current) => (on ? [...current.filter((v) => v !== id), id].slice(-2) : current.filter((v) => v !== id)));
  };
  const compare = () => {
    const [a, b] = [...picked].sort((x, y) => x - y);
    setComparing([a, b]);
  };

  return (
    <div className="space-y-3">
      <ol className="max-h-[32vh] space-y-2 overflow-y-auto" aria-label={t`All versions`}>
        {versions.map((version) => {
          const number = version.versionNumber;
          const created = formatDateTime(version.createdAt, t`Unknown`);
          const submitter = version.submittedByUser ? ownerNameOf(version.submittedByUser) : null;
          return (
            <li key={version.id} className="flex items-start gap-3 rounded-md border p-3 text-sm" data-testid="history-version">
              <Checkbox
                id={`pick-${version.id}`}
                className="mt-0.5"
                checked={picked.includes(version.id)}
                onCheckedChange={(on) => toggle(version.id, on === true)}
                aria-label={t`Compare v${number}`}
              />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <label htmlFor={`pick-${version.id}`} className="font-semibold text-navy">
                    v{version.versionNumber}
                  </label>
                  <div className="flex items-center gap-2">
                    <VersionStandingBadge standing={versionStanding(version, sop.effectiveVersionId, sop)} />
                    <Link href={`/sop/${sop.id}?version=${version.id}`} className="text-xs font-medium text-ocean underline underline-offset-2">
                      <Trans>Open v{number}</Trans>
                    </Link>
                  </div>
                </div>
                <p className="mt-1 text-muted-foreground">{version.changelog || t`No changelog`}</p>
                <p className="mt-1 text-xs text-muted-foreground">
                  {submitter ? (
                    <Trans>
                      Created {created} · Submitted by {submitter}
                    </Trans>
                  ) : (
                    <Trans>Created {created} · Not submitted</Trans>
                  )}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
      {versions.length > 1 && (
        <div className="flex items-center gap-3">
          <Button size="sm" variant="outline" disabled={picked.length !== 2} onClick={compare}>
            <Trans>Compare selected</Trans>
          </Button>
          <span className="text-xs text-muted-foreground">
            <Trans>Tick two versions to compare them.</Trans>
          </span>
        </div>
      )}
      {comparing && <VersionDiffLoader sopId={sop.id} from={comparing[0]} to={comparing[1]} />}
    </div>
  );
}
