import { Link } from 'wouter';
import type { PublicUser } from '@common/contracts/auth';
import type { SopListItem } from '@common/contracts/sops';
import { formatRelativeDay } from '@/lib/format';
import { ownerNameOf } from '@/lib/names';
import { actionsFor, SopRowActions, type RowAction } from './sop-row-actions';
import { ReviewBadge } from './review-badge';
import { StatusBadge } from './status-badge';

export const versionLabel = (sop: SopListItem) => (sop.latestVersion ? `v${sop.latestVersion.versionNumber}` : 'No version');

interface Props {
  sops: SopListItem[];
  user: PublicUser | null;
  busyId: number | null;
  onAction: (action: RowAction, sop: SopListItem) => void;
}

/** Tablets and phones: one card per SOP with what a reader scans for first, and the same actions. */
export function SopCards({ sops, user, busyId, onAction }: Props) {
  return (
    <ul className="grid gap-3 p-3 sm:grid-cols-2" aria-label="SOPs">
      {sops.map((sop) => (
        <li key={sop.id} className="flex flex-col gap-2 rounded-lg border bg-background/40 p-3" data-testid="sop-card">
          <div className="flex items-start justify-between gap-2">
            <Link href={`/sop/${sop.id}`} className="min-w-0 rounded-sm font-medium break-words text-navy outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring">
              {sop.title}
            </Link>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <StatusBadge status={sop.status} />
              <ReviewBadge status={sop.reviewStatus} />
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
            <div>
              <dt className="text-muted-foreground">Department</dt>
              <dd className="font-medium break-words">{sop.department?.name ?? '—'}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Version</dt>
              <dd className="font-medium tabular-nums">
                {versionLabel(sop)}
                {sop.latestVersion?.isPublished && <span className="ml-1 text-emerald-800">· Latest published</span>}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Owner</dt>
              <dd className="break-words">{ownerNameOf(sop.owner)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Last Edited</dt>
              <dd>{formatRelativeDay(sop.updatedAt)}</dd>
            </div>
          </dl>
          <div className="-mx-1 mt-auto border-t pt-1">
            <SopRowActions sop={sop} actions={actionsFor(sop, user)} busy={busyId === sop.id} onAction={onAction} />
          </div>
        </li>
      ))}
    </ul>
  );
}
