import { useQuery } from '@tanstack/react-query';
import type { SopDetail } from '@common/contracts/sops';
import { Spinner } from '@/components/spinner';
import { queryKeys } from '@/lib/query-keys';
import { VersionDiffLoader } from './version-diff';
import { Trans, useLingui } from '@lingui/react/macro';

/** What a version changes against the version in force, or a line saying none is in force yet. */
export function ChangesSinceInForce({ sopId, versionId }: { sopId: number; versionId: number }) {
  // The SOP detail, by its shared key: the same cache entry as the SOP page's.
  const detail = useQuery<SopDetail>({ queryKey: queryKeys.sops.detail(sopId) });
  const { t } = useLingui();
  if (detail.isLoading) return <Spinner className="size-6" label={t`Loading the version in force`} />;
  const inForce = detail.data?.versions.find((v) => v.id === detail.data?.effectiveVersionId);
  if (!inForce)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No version is in force yet: this will be the first approved version.</Trans>
      </p>
    );
  if (inForce.id === versionId)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>This is the version in force.</Trans>
      </p>
    );
  return <VersionDiffLoader sopId={sopId} from={inForce.id} to={versionId} />;
}
