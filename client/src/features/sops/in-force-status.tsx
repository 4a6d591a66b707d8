import type { SopListItem } from '@common/contracts/sops';
import { formatDate } from '@/lib/labels';
import { cn } from '@/lib/utils';
import { StatusBadge } from './status-badge';
import { t } from '@lingui/core/macro';

type Latest = { latestVersion: { id: number; versionNumber: string } | null };
type Standing = Pick<SopListItem, 'status' | 'inForce'> & Latest;

/** 'In force · v1.0 · approved Mar 12, 2026' (in the reader's date style), or null for an SOP with no approved version. */
export function inForceLine(sop: Pick<SopListItem, 'inForce'>): string | null {
  const { inForce } = sop;
  if (!inForce) return null;
  const version = inForce.versionNumber;
  const approved = formatDate(inForce.approvedAt);
  return t`In force · v${version} · approved ${approved}`;
}

/**
 * 'Revision v1.1 in progress' when a newer version than the one in force is being worked on.
 * The server sends the newer version only to those who may see it (its owner, approvers and
 * admins); a reader's latest version is the version in force, so they never get this line.
 */
export function revisionLine(sop: Pick<SopListItem, 'inForce'> & Latest): string | null {
  const { inForce, latestVersion } = sop;
  if (!inForce || !latestVersion || latestVersion.id === inForce.id) return null;
  const version = latestVersion.versionNumber;
  return t`Revision v${version} in progress`;
}

/**
 * What the SOP stands on, said plainly: the version in force and when it was approved, and
 * on a second line the revision in progress and where it stands (Draft, Submitted, ...), for
 * those who may see it. An SOP never approved
 * shows its status badge (Draft, Submitted, ...): there is nothing in force to name.
 */
export function InForceStatus({ sop, upper, className }: { sop: Standing; upper?: boolean; className?: string }) {
  const inForce = inForceLine(sop);
  if (!inForce) return <StatusBadge status={sop.status} upper={upper} className={className} data-testid="sop-status" />;
  const revision = revisionLine(sop);
  return (
    <div className={cn('flex min-w-0 flex-col gap-0.5 text-sm', className)} data-testid="sop-status" data-status="in_force">
      <span className="inline-flex w-fit max-w-full items-center rounded-md border border-emerald-300 bg-emerald-50 px-2 py-0.5 font-medium text-emerald-900">
        {inForce}
      </span>
      {revision && (
        <span className="flex flex-wrap items-center gap-1.5 text-xs font-medium text-amber-800" data-testid="sop-revision">
          {revision}
          <StatusBadge status={sop.status} className="text-[11px]" />
        </span>
      )}
    </div>
  );
}
