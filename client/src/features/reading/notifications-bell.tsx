import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useLocation } from 'wouter';
import { cn } from '@/lib/utils';
import { loadOnce } from '@/lib/load-once';
import { readingQueries } from './api';
import { t } from '@lingui/core/macro';

// The list's Radix menu and popper code is not in the app's entry file: it arrives just after the
// header (or with an SOP page's code, the header's loadHeaderParts); until then a placeholder bell
// that looks the same stands in and remembers a press.
export const loadNotificationsMenu = loadOnce(() => import('./notifications-menu'));
const NotificationsMenu = lazy(loadNotificationsMenu);

/**
 * The header's bell: the number of things waiting for the signed-in user (no badge at 0) and,
 * opened, the list, each item leading to its SOP. Read again on every screen change, since
 * the app does not poll.
 */
export function NotificationsBell({ className }: { className?: string }) {
  const [location] = useLocation();
  const notifications = useQuery(readingQueries.notifications());
  const { refetch } = notifications;
  const [pressed, setPressed] = useState(false);
  // The first screen's read is the query's own; every later screen change reads again.
  const shownAt = useRef(location);
  useEffect(() => {
    if (shownAt.current === location) return;
    shownAt.current = location;
    refetch();
  }, [location, refetch]);
  const count = notifications.data?.count ?? 0;
  const badge = count > 99 ? '99+' : String(count);
  const trigger = cn('relative rounded-full p-2 text-slate-200 hover:bg-white/10', className);
  const face = (
    <>
      <Bell className="size-5" aria-hidden="true" />
      <span className="sr-only">{count === 0 ? t`Notifications, none` : t`Notifications, ${count} waiting`}</span>
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="notifications-badge"
          className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-bold text-white"
        >
          {badge}
        </span>
      )}
    </>
  );
  const placeholder = (
    <button type="button" className={trigger} aria-haspopup="menu" aria-expanded={false} data-testid="notifications-bell" onClick={() => setPressed(true)}>
      {face}
    </button>
  );
  return (
    <Suspense fallback={placeholder}>
      <NotificationsMenu className={trigger} defaultOpen={pressed} count={count} items={notifications.data?.items ?? []} onOpen={refetch}>
        {face}
      </NotificationsMenu>
    </Suspense>
  );
}
