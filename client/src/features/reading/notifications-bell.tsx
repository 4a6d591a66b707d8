import { useQuery } from '@tanstack/react-query';
import { Bell, BookOpenCheck, CalendarClock, ClipboardCheck, MessageSquareWarning } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import type { NotificationItem, NotificationKind } from '@common/contracts/reading';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { formatRelativeDay } from '@/lib/format';
import { cn } from '@/lib/utils';
import { readingQueries } from './api';

const KIND: Record<NotificationKind, { label: string; icon: typeof Bell; tone: string }> = {
  approval: { label: 'Waiting for your approval', icon: ClipboardCheck, tone: 'text-sky-700' },
  reading: { label: 'Required reading', icon: BookOpenCheck, tone: 'text-amber-700' },
  changes_requested: { label: 'Changes requested', icon: MessageSquareWarning, tone: 'text-red-700' },
  review_due: { label: 'Periodic review due', icon: CalendarClock, tone: 'text-violet-700' },
};

function whenOf(item: NotificationItem) {
  if (item.kind !== 'review_due') return formatRelativeDay(item.at);
  return new Date(item.at) < new Date() ? `overdue since ${new Date(item.at).toLocaleDateString()}` : `due ${new Date(item.at).toLocaleDateString()}`;
}

/**
 * The header's bell: the number of things waiting for the signed-in user (no badge at 0) and,
 * opened, the list, each item leading to its SOP. Read again on every screen change, since
 * the app does not poll.
 */
export function NotificationsBell({ className }: { className?: string }) {
  const [location] = useLocation();
  const notifications = useQuery(readingQueries.notifications());
  const { refetch } = notifications;
  // The first screen's read is the query's own; every later screen change reads again.
  const shownAt = useRef(location);
  useEffect(() => {
    if (shownAt.current === location) return;
    shownAt.current = location;
    refetch();
  }, [location, refetch]);
  const count = notifications.data?.count ?? 0;
  const items = notifications.data?.items ?? [];
  const badge = count > 99 ? '99+' : String(count);
  return (
    <DropdownMenu onOpenChange={(open) => open && refetch()}>
      <DropdownMenuTrigger className={cn('relative rounded-full p-2 text-slate-200 hover:bg-white/10', className)} data-testid="notifications-bell">
        <Bell className="size-5" aria-hidden="true" />
        <span className="sr-only">{count === 0 ? 'Notifications, none' : `Notifications, ${count} waiting`}</span>
        {count > 0 && (
          <span
            aria-hidden="true"
            data-testid="notifications-badge"
            className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-bold text-white"
          >
            {badge}
          </span>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(22rem,calc(100vw-1rem))]">
        <div className="flex items-center justify-between px-2 py-1.5 text-sm font-semibold">
          Notifications <span className="text-xs font-normal text-muted-foreground">{count === 0 ? 'none' : `${count} waiting`}</span>
        </div>
        <DropdownMenuSeparator />
        {items.length === 0 ? (
          <p className="px-2 py-4 text-center text-sm text-muted-foreground">Nothing is waiting for you.</p>
        ) : (
          <div className="max-h-[60vh] overflow-y-auto">
            {items.map((item) => {
              const kind = KIND[item.kind];
              const Icon = kind.icon;
              return (
                <DropdownMenuItem key={`${item.kind}-${item.sopId}-${item.at}`} asChild>
                  <Link href={`/sop/${item.sopId}`} className="flex items-start gap-2.5" data-kind={item.kind}>
                    <Icon className={cn('mt-0.5 size-4 shrink-0', kind.tone)} aria-hidden="true" />
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{item.title}</span>
                      <span className="block text-xs text-muted-foreground">
                        {kind.label} · {whenOf(item)}
                      </span>
                    </span>
                  </Link>
                </DropdownMenuItem>
              );
            })}
            {count > items.length && <p className="px-2 py-2 text-xs text-muted-foreground">and {count - items.length} older.</p>}
          </div>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
