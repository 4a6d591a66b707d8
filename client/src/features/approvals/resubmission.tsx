import type { ApprovalTask } from '@common/contracts/sops';
import { VersionDiffLoader } from '@/components/version-diff';
import { ReviewThread } from './review-thread';
import { Trans } from '@lingui/react/macro';

/**
 * A version sent back and submitted again, in its context: the reviewer's request and the
 * author's reply on the version sent back, and what changed since it.
 */
export function Resubmission({ task }: { task: ApprovalTask }) {
  const { sentBack, version } = task;
  if (!sentBack) return null;
  const sentBackNumber = sentBack.versionNumber;
  const versionNumber = version.versionNumber;
  return (
    <section aria-labelledby={`resubmission-${task.id}`} data-testid="resubmission" className="space-y-4 rounded-lg border border-amber-300 bg-amber-50/60 p-4">
      <div>
        <h3 id={`resubmission-${task.id}`} className="text-sm font-semibold text-navy">
          <Trans>Changes were requested on version {sentBackNumber}</Trans>
        </h3>
        <p className="text-sm text-muted-foreground">
          <Trans>The request and the author's reply, then what version {versionNumber} changed.</Trans>
        </p>
      </div>
      <ReviewThread versionId={sentBack.versionId} />
      <div className="rounded-md border bg-card p-3">
        <VersionDiffLoader sopId={version.sop.id} from={sentBack.versionId} to={version.id} />
      </div>
    </section>
  );
}
