import { useQuery } from '@tanstack/react-query';
import type { SopDetail } from '@common/contracts/sops';
import { Spinner } from '@/components/spinner';
import { queryKeys } from '@/lib/query-keys';
import { VersionDiffLoader } from './version-diff';

/**
 * What a version changes against the version in force; with none in force yet, against the
 * version before it (one sent back, say), else a line saying this will be the first.
 */
export function ChangesSinceInForce({ sopId, versionId }: { sopId: number; versionId: number }) {
  // The SOP detail, by its shared key: the same cache entry as the SOP page's.
  const detail = useQuery<SopDetail>({ queryKey: queryKeys.sops.detail(sopId) });
  if (detail.isLoading) return <Spinner className="size-6" label="Loading the version in force" />;
  const versions = detail.data?.versions ?? [];
  const inForce = versions.find((v) => v.id === detail.data?.effectiveVersionId);
  if (inForce?.id === versionId) return <p className="text-sm text-muted-foreground">This is the version in force.</p>;
  if (inForce) return <VersionDiffLoader sopId={sopId} from={inForce.id} to={versionId} />;
  const previous = versions.filter((v) => v.id < versionId).sort((a, b) => b.id - a.id)[0];
  if (!previous) return <p className="text-sm text-muted-foreground">No version is in force yet: this will be the first approved version.</p>;
  return (
    <div className="space-y-2">
      <p className="text-sm text-muted-foreground">No version is in force yet: compared with v{previous.versionNumber}, the version before it.</p>
      <VersionDiffLoader sopId={sopId} from={previous.id} to={versionId} />
    </div>
  );
}
