import type { ReactNode } from 'react';
import {
  AlarmClock,
  type Bell,
  BellRing,
  BookOpenCheck,
  CalendarClock,
  ClipboardCheck,
  DatabaseBackup,
  MessageSquareWarning,
  Lightbulb,
  UserPlus,
} from 'lucide-react';
import { Link } from 'wouter';
import type { NotificationItem, NotificationKind } from '@common/contracts/reading';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { formatCalendarDay, formatDate, formatRelativeDay, isPastDay } from '@/lib/labels';
import { cn } from '@/lib/utils';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { i18n } from '@/lib/i18n';

const KIND: Record<NotificationKind, { label: MessageDescriptor; icon: typeof Bell; tone: string }> = {
  approval: { label: msg`Waiting for your approval`, icon: ClipboardCheck, tone: 'text-sky-700' },
  reading: { label: msg`Required reading`, icon: BookOpenCheck, tone: 'text-amber-700' },
  reading_due: { label: msg`Reading due`, icon: AlarmClock, tone: 'text-red-700' },
  reading_reminder: { label: msg`Reminder to read`, icon: BellRing, tone: 'text-amber-700' },
  changes_requested: { label: msg`Changes requested`, icon: MessageSquareWarning, tone: 'text-red-700' },
  review_due: { label: msg`Periodic review due`, icon: CalendarClock, tone: 'text-violet-700' },
  backup_failed: { label: msg`Backups`, icon: DatabaseBackup, tone: 'text-red-700' },
  backup_overdue: { label: msg`Backups`, icon: DatabaseBackup, tone: 'text-red-700' },
  account_waiting: { label: msg`Accounts`, icon: UserPlus, tone: 'text-sky-700' },
  suggestion: { label: msg`Suggestion for change`, icon: Lightbulb, tone: 'text-sky-700' },
  suggestion_answered: { label: msg`Your suggestion was answered`, icon: Lightbulb, tone: 'text-emerald-700' },
};

/** An item about an SOP leads to it; one about the system (a backup) to the Administration Center. */
const hrefOf = (item: NotificationItem) =>
  item.kind === 'suggestion' || item.kind === 'suggestion_answered'
    ? `/suggestions?sopId=${item.sopId}`
    : item.sopId === null
      ? '/admin'
      : `/sop/${item.sopId}`;

function whenOf(item: NotificationItem) {
  if (item.kind === 'reading_due') {
    const day = formatCalendarDay(item.at);
    return isPastDay(item.at) ? t`overdue since ${day}` : t`read by ${day}`;
  }
  if (item.kind !== 'review_due') return formatRelativeDay(item.at);
  const date = formatDate(item.at);
  return new Date(item.at) < new Date() ? t`overdue since ${date}` : t`due ${date}`;
}

const OlderCount = ({ count }: { count: number }) => <Trans>and {count} older.</Trans>;

interface Props {
  /** The trigger's look and face (bell, badge, accessible name), shared with the placeholder shown while this loads. */
  className: string;
  children: ReactNode;
  /** Opened already: the placeholder was pressed before this module arrived. */
  defaultOpen?: boolean;
  count: number;
  items: NotificationItem[];
  /** Opening the list reads it again. */
  onOpen: () => void;
}

/** The bell's list, each item leading to its SOP. Its own chunk: the menu and popper code is not needed to paint a screen. */
export default function NotificationsMenu({ className, children, defaultOpen, count, items, onOpen }: Props) {
  return (
    <DropdownMenu defaultOpen={defaultOpen} onOpenChange={(open) => open && onOpen()}>
      <DropdownMenuTrigger className={className} data-testid="notifications-bell">
        {children}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(22rem,calc(100vw-1rem))]">
        <div className="flex items-center justify-between px-2 py-1.5 text-sm font-semibold">
          <Trans>Notifications</Trans> <span className="text-xs font-normal text-muted-foreground">{count === 0 ? t`none` : t`${count} waiting`}</span>
        </div>
        <DropdownMenuSeparator />
        {items.length === 0 ? (
          <p className="px-2 py-4 text-center text-sm text-muted-foreground">
            <Trans>Nothing is waiting for you.</Trans>
          </p>
        ) : (
          <div className="max-h-[60vh] overflow-y-auto">
            {items.map((item) => {
              const kind = KIND[item.kind];
              const Icon = kind.icon;
              return (
                <DropdownMenuItem key={`${item.kind}-${item.sopId}-${item.at}`} asChild>
                  <Link href={hrefOf(item)} className="flex items-start gap-2.5" data-kind={item.kind}>
                    <Icon className={cn('mt-0.5 size-4 shrink-0', kind.tone)} aria-hidden="true" />
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{item.title}</span>
                      <span className="block text-xs text-muted-foreground">
                        {i18n._(kind.label)} · {whenOf(item)}
                      </span>
                    </span>
                  </Link>
                </DropdownMenuItem>
              );
            })}
            {count > items.length && (
              <p className="px-2 py-2 text-xs text-muted-foreground">
                <OlderCount count={count - items.length} />
              </p>
            )}
          </div>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
