import { useQuery } from '@tanstack/react-query';
import type { SopListItem, SopVersion } from '@common/contracts/sops';
import { Spinner } from '@/components/spinner';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/labels';
import { ownerNameOf } from '@/lib/names';
import { sopQueries } from './api';
import { SopTimeline } from './sop-timeline';
import { VersionComparePicker } from './version-compare-picker';
import { VersionStandingBadge } from './version-standing-badge';
import { versionStanding } from '@common/sop-lifecycle';
import { CloseFooter } from '@/components/close-footer';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

const submitterOf = (version: SopVersion | null | undefined) => (version?.submittedByUser ? ownerNameOf(version.submittedByUser) : t`Not submitted yet`);

/** Row action History: the current version, then every version newest first. */
export function SopHistoryDialog({ sop, onClose }: { sop: SopListItem | null; onClose: () => void }) {
  const detail = useQuery({ ...sopQueries.detail(sop?.id ?? 0), enabled: !!sop });
  const data = detail.data;
  const current = data?.latestVersion;
  const { t: tr } = useLingui();

  return (
    <Dialog open={!!sop} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[95vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>
            <Trans>Version History</Trans>
          </DialogTitle>
          <DialogDescription>{sop?.title}</DialogDescription>
        </DialogHeader>
        {detail.isLoading ? (
          <div className="flex justify-center py-6">
            <Spinner label={tr`Loading history`} />
          </div>
        ) : detail.isError || !data ? (
          <p className="text-sm text-destructive">
            <Trans>The history could not be loaded.</Trans>
          </p>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3 rounded-md border bg-muted/40 p-4 text-sm">
              <div>
                <dt className="text-xs text-muted-foreground uppercase">
                  <Trans>Current version</Trans>
                </dt>
                <dd className="mt-1 flex items-center gap-2 font-medium">
                  {current ? `v${current.versionNumber}` : tr`No version`}
                  {current && <VersionStandingBadge standing={versionStanding(current, data.effectiveVersionId, data)} />}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground uppercase">
                  <Trans>Submitted by</Trans>
                </dt>
                <dd className="mt-1">{submitterOf(current)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground uppercase">
                  <Trans>Created</Trans>
                </dt>
                <dd className="mt-1">{formatDateTime(data.createdAt, tr`Unknown`)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground uppercase">
                  <Trans>Last modified</Trans>
                </dt>
                <dd className="mt-1">{formatDateTime(data.updatedAt, tr`Unknown`)}</dd>
              </div>
            </dl>
            <VersionComparePicker sop={data} />
            <details className="rounded-md border p-3">
              <summary className="cursor-pointer text-sm font-medium text-navy">
                <Trans>Events</Trans>
              </summary>
              <div className="mt-3 max-h-[30vh] overflow-y-auto">
                <SopTimeline sopId={data.id} />
              </div>
            </details>
          </>
        )}
        <CloseFooter onClose={onClose} />
      </DialogContent>
    </Dialog>
  );
}
