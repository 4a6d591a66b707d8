import { memo, startTransition, useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { PublicUser } from '@common/contracts/auth';
import type { SopListItem } from '@common/contracts/sops';
import { formatRelativeDay } from '@/lib/labels';
import { ownerNameOf } from '@/lib/names';
import { actionsFor, SopRowActions, type RowAction } from './sop-row-actions';
import { ReviewBadge } from './review-badge';
import { InForceStatus } from './in-force-status';
import { MatchSnippet } from './match-snippet';
import { t } from '@lingui/core/macro';

export const versionLabel = (sop: SopListItem) => (sop.latestVersion ? `v${sop.latestVersion.versionNumber}` : t`No version`);

interface Props {
  sops: SopListItem[];
  user: PublicUser | null;
  busyId: number | null;
  onAction: (action: RowAction, sop: SopListItem) => void;
}

/** Cards painted with the list itself: more than fill a tablet's first screen (two columns). */
export const FIRST_CARDS = 12;
/** Cards added per background step after that. */
const CARDS_PER_STEP = 8;

/**
 * How many of `total` cards to render. The first time a list shows, only FIRST_CARDS are
 * rendered with it and the rest follow in small non-urgent steps, each its own short task:
 * the page paints and answers taps sooner on a slow phone than with 50 cards at once. Once
 * all are in, later pages and sorts render whole at once (the count only grows).
 */
function useGrowingCount(total: number): number {
  const [count, setCount] = useState(FIRST_CARDS);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((n) => n + CARDS_PER_STEP)), 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  return Math.min(count, total);
}

/** Tablets and phones: one card per SOP with what a reader scans for first, and the same actions. */
export function SopCards({ sops, user, busyId, onAction }: Props) {
  const shown = useGrowingCount(sops.length);
  return (
    <ul className="grid gap-3 p-3 sm:grid-cols-2" aria-label={t`SOPs`}>
      {sops.slice(0, shown).map((sop) => (
        <SopCard key={sop.id} sop={sop} user={user} busy={busyId === sop.id} onAction={onAction} />
      ))}
    </ul>
  );
}

/**
 * One card; unchanged cards skip re-rendering when another card's action is busy.
 * (content-visibility: auto on the cards was tried and measured: it added style and paint
 * work on the first frames instead of saving it, so the cards are plain.)
 */
const SopCard = memo(function SopCard({
  sop,
  user,
  busy,
  onAction,
}: {
  sop: SopListItem;
  user: PublicUser | null;
  busy: boolean;
  onAction: Props['onAction'];
}) {
  return (
    <li className="flex flex-col gap-2 rounded-lg border bg-background/40 p-3" data-testid="sop-card">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <Link
            href={`/sop/${sop.id}`}
            className="rounded-sm font-medium wrap-anywhere text-navy outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {sop.title}
          </Link>
          <MatchSnippet match={sop.match} />
        </div>
        <ReviewBadge status={sop.reviewStatus} />
      </div>
      <InForceStatus sop={sop} />
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        <div>
          <dt className="text-muted-foreground">{t`Department`}</dt>
          <dd className="font-medium wrap-anywhere">{sop.department?.name ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t`Version`}</dt>
          <dd className="font-medium tabular-nums">{versionLabel(sop)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t`Owner`}</dt>
          <dd className="wrap-anywhere">{ownerNameOf(sop.owner)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t`Last Edited`}</dt>
          <dd>{formatRelativeDay(sop.updatedAt)}</dd>
        </div>
      </dl>
      <div className="-mx-1 mt-auto border-t pt-1">
        <SopRowActions sop={sop} actions={actionsFor(sop, user)} busy={busy} onAction={onAction} />
      </div>
    </li>
  );
});
