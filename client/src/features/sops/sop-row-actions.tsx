import type { ComponentType, MouseEvent } from 'react';
import { Archive, CheckCircle2, Download, Eye, History, Send, Trash2 } from 'lucide-react';
import type { PublicUser } from '@common/contracts/auth';
import type { SopListItem } from '@common/contracts/sops';
import { isReleased, OPEN_TASK_STATUS, refuseDecision, refuseSubmit } from '@common/sop-lifecycle';
import { refuseDelete, refuseWithdraw } from '@common/sop-withdrawal';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useOnline } from '@/offline/offline-status';
import { i18n } from '@/lib/i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export type RowAction = 'preview' | 'submit' | 'download' | 'approve' | 'history' | 'delete' | 'withdraw';

/**
 * Which actions a row offers: exactly those the lifecycle module would let this user
 * carry out, so a button never leads to a 403 or 409 the server already knows about.
 */
export function actionsFor(sop: SopListItem, user: PublicUser | null): RowAction[] {
  const actions: RowAction[] = ['preview'];
  if (!refuseSubmit(user, { ...sop, withdrawnAt: sop.withdrawal?.at ?? null })) actions.push('submit');
  if (isReleased(sop.status)) actions.push('download');
  // pendingTaskId is the open task of the latest version, if there is one.
  const task = { status: OPEN_TASK_STATUS, submittedBy: sop.latestVersion?.submittedBy ?? null, sopStatus: sop.status };
  if (sop.pendingTaskId && !refuseDecision(user, task)) actions.push('approve');
  actions.push('history');
  // An SOP that has had a version in force is withdrawn, never deleted; only a draft never approved goes.
  const state = { id: sop.id, ownerId: sop.ownerId, withdrawnAt: sop.withdrawal?.at ?? null, everInForce: sop.hasPublishedVersion };
  if (sop.hasPublishedVersion || sop.withdrawal) {
    if (!refuseWithdraw(user, state)) actions.push('withdraw');
  } else if (!refuseDelete(user, state)) actions.push('delete');
  return actions;
}

const ACTION_META: Record<RowAction, { label: MessageDescriptor; icon: ComponentType<{ className?: string }>; className?: string }> = {
  preview: { label: msg`Preview`, icon: Eye },
  submit: { label: msg`Submit for Approval`, icon: Send },
  download: { label: msg`Download`, icon: Download },
  approve: { label: msg`Approve`, icon: CheckCircle2, className: 'text-emerald-700 hover:text-emerald-800' },
  history: { label: msg`History`, icon: History },
  delete: { label: msg`Delete`, icon: Trash2, className: 'text-destructive hover:text-destructive' },
  withdraw: { label: msg`Withdraw`, icon: Archive, className: 'text-destructive hover:text-destructive' },
};

interface Props {
  sop: SopListItem;
  actions: RowAction[];
  busy: boolean;
  onAction: (action: RowAction, sop: SopListItem) => void;
}

/**
 * Each action's classes, worked out once: a page of 50 cards has up to 300 of these buttons,
 * and merging the same class lists for every one of them was a visible share of the render.
 * The classes are exactly what Button (ghost, icon) gives them.
 */
const ACTION_CLASS = Object.fromEntries(
  Object.entries(ACTION_META).map(([action, meta]) => [
    action,
    cn(buttonVariants({ variant: 'ghost', size: 'icon', className: `size-7 ${meta.className ?? ''}` })),
  ]),
) as Record<RowAction, string>;

/** The actions that change something: refused with no link. */
const WRITES: readonly RowAction[] = ['submit', 'approve', 'delete', 'withdraw'];

export function SopRowActions({ sop, actions, busy, onAction }: Props) {
  const online = useOnline();
  return (
    // The row itself navigates; clicks and keys on its actions (real buttons) stay here.
    // biome-ignore lint/a11y/noStaticElementInteractions: a wrapper that only stops events from reaching the row; the buttons inside are the controls
    <div className="flex items-center gap-0.5" onClick={(e: MouseEvent) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      {actions.map((action) => {
        const { icon: Icon } = ACTION_META[action];
        const label = i18n._(ACTION_META[action].label);
        return (
          // A native title rather than a Radix tooltip: 50 rows of 6 tooltips made paging visibly slower.
          <button
            key={action}
            type="button"
            data-slot="button"
            className={ACTION_CLASS[action]}
            title={label}
            aria-label={`${label}: ${sop.title}`}
            disabled={(busy && (action === 'submit' || action === 'approve' || action === 'download')) || (!online && WRITES.includes(action))}
            onClick={() => onAction(action, sop)}
          >
            <Icon className="size-4" />
          </button>
        );
      })}
    </div>
  );
}
