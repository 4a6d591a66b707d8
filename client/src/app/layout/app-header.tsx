import { lazy, type RefObject, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { Menu, Ship } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { can } from '@common/permissions';
import type { PublicUser } from '@common/contracts/auth';
import { RoleBadge } from '@/components/role-badge';
import { NotificationsBell } from '@/features/reading/notifications-bell';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { type SessionUser, useCurrentUser } from '@/lib/session';
import { displayNameOf, initialsOf } from '@/lib/names';
import { cn } from '@/lib/utils';
import { ShipLinkLine } from '@/features/fleet/ship-link-line';
import { TABS } from '../screens';
import { HEADER_FOCUS, isActive, LogoutButton, type Tab, TabLabel } from './header-parts';
import { loadAccountMenu } from './header-code';

// The sheet (and the dialog code under it) is fetched on the first tap: desktops never need it.
const MenuSheet = lazy(() => import('./menu-sheet'));
const AccountMenu = lazy(loadAccountMenu);

/**
 * Below 1024 px the tabs, the user and Logout move into a sheet opened by this button; wider,
 * too, when the tabs' words do not fit beside the bell and the user (`crowded`).
 */
function MenuButton({ user, tabs, location, crowded }: { user: PublicUser; tabs: Tab[]; location: string; crowded: boolean }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const { t } = useLingui();
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={cn('-ml-2 rounded-md p-2 text-slate-100 hover:bg-white/10', !crowded && 'lg:hidden', HEADER_FOCUS)}
        aria-label={t`Open menu`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu className="size-6" aria-hidden="true" />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <MenuSheet user={user} tabs={tabs} location={location} open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}

// A plain string: a cn() call here would build tailwind-merge's tables while the app's code is
// still being evaluated, lengthening the first long task.
const USER_AREA = `flex items-center gap-3 rounded-full 2xl:rounded-md 2xl:pr-1 ${HEADER_FOCUS}`;

function UserArea({ user }: { user: SessionUser }) {
  const [pressed, setPressed] = useState(false);
  // Named by the visible name (wide screens) plus what it opens; the initials are decoration.
  const content = (
    <>
      <Avatar className="size-8" aria-hidden="true">
        <AvatarFallback className="bg-sky-200 text-navy">{initialsOf(user)}</AvatarFallback>
      </Avatar>
      {/* Shown from 1536 px only: below, the tabs need the room (eight for an admin); the account
          menu names the person, and screen readers hear the whole name. */}
      <span className="sr-only text-sm font-medium 2xl:not-sr-only 2xl:inline-block 2xl:max-w-40 2xl:truncate" data-testid="header-display-name">
        {displayNameOf(user)}
      </span>
      <span className="sr-only">
        {' '}
        <Trans>account menu</Trans>
      </span>
    </>
  );
  const placeholder = (
    <button type="button" className={USER_AREA} aria-haspopup="menu" aria-expanded={false} onClick={() => setPressed(true)}>
      {content}
    </button>
  );
  return (
    <Suspense fallback={placeholder}>
      <AccountMenu className={USER_AREA} defaultOpen={pressed}>
        {content}
      </AccountMenu>
    </Suspense>
  );
}

/**
 * Whether the tabs run into the bell: the words of some languages are half as long again as
 * English ('Адміністрування'), and seven tabs in Ukrainian ran under the bell at 1366 px.
 * Measured, so it holds for any language, name and width: the last tab's right edge against the
 * left edge of the bell's group (the gap between them counts as room, as it looks). The tabs stay
 * laid out (invisible, clipped so they widen no page) while crowded, so the check can tell when
 * they fit again.
 */
function useCrowded(nav: RefObject<HTMLElement | null>, end: RefObject<HTMLElement | null>, words: string): boolean {
  const [crowded, setCrowded] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tabs' words (language, which tabs) change their width, not the nav's box.
  useLayoutEffect(() => {
    const element = nav.current;
    const rightGroup = end.current;
    if (!element || !rightGroup || typeof ResizeObserver === 'undefined') return;
    // Below 1024 px (lg) the nav is not displayed and the menu holds the tabs. Asked of the media
    // query, not of the nav's box: measuring a box lays the whole page out there and then, inside
    // the render that first draws it, which on a phone is the first screen's longest task.
    const shown = typeof window.matchMedia === 'function' ? window.matchMedia('(min-width: 64rem)') : null;
    const check = () => {
      const last = element.lastElementChild;
      if (!last || shown?.matches === false || element.clientWidth === 0) return setCrowded(false);
      setCrowded(last.getBoundingClientRect().right > rightGroup.getBoundingClientRect().left);
    };
    check();
    // The boxes change with the window, each tab's with its words and with the web font when it
    // arrives after the first check (the fallback font is wider), the bell's group with its badge.
    const observer = new ResizeObserver(check);
    observer.observe(element);
    observer.observe(rightGroup);
    for (const tab of element.children) observer.observe(tab);
    document.fonts?.addEventListener?.('loadingdone', check);
    return () => {
      observer.disconnect();
      document.fonts?.removeEventListener?.('loadingdone', check);
    };
  }, [nav, end, words]);
  return crowded;
}

export function AppHeader() {
  const { user } = useCurrentUser();
  const [location] = useLocation();
  const { i18n } = useLingui();
  const nav = useRef<HTMLElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const tabs = user ? TABS.filter((tab) => !tab.requires || can(user, tab.requires)) : [];
  const crowded = useCrowded(nav, end, `${i18n.locale}|${tabs.map((tab) => tab.href).join()}`);
  if (!user) return null;

  return (
    <header className="sticky top-0 z-40 bg-navy text-white shadow-sm">
      <div className="mx-auto flex h-14 w-full max-w-[1440px] items-center gap-3 px-4 sm:px-6 lg:gap-6 lg:px-8">
        <MenuButton user={user} tabs={tabs} location={location} crowded={crowded} />
        <Link href="/" aria-label="SOP Harbor" className={cn('flex shrink-0 items-center gap-2 rounded-md font-semibold tracking-tight', HEADER_FOCUS)}>
          <Ship className="size-5 text-sky-300" aria-hidden="true" />
          {/* Beside the tabs from 1280 px; with the tabs in the menu there is room for it again. */}
          <span className={crowded ? undefined : 'lg:hidden xl:inline'}>SOP Harbor</span>
        </Link>
        {/* Seven tabs for an admin: tighter below 1536 px so they never run under the bell. */}
        <nav
          ref={nav}
          aria-label="Main"
          aria-hidden={crowded || undefined}
          className={cn('-mb-px hidden h-full min-w-0 flex-1 items-stretch gap-0 lg:flex 2xl:gap-1', crowded && 'invisible overflow-hidden')}
        >
          {tabs.map((tab) => {
            const active = isActive(tab, location);
            return (
              <Link
                key={tab.href}
                href={tab.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center border-b-2 px-2 text-sm font-medium whitespace-nowrap transition-colors 2xl:px-3',
                  'outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-inset',
                  active ? 'border-sky-300 text-white' : 'border-transparent text-slate-300 hover:text-white',
                )}
              >
                <TabLabel tab={tab} />
              </Link>
            );
          })}
        </nav>
        <div ref={end} className="ml-auto flex shrink-0 items-center gap-2 sm:gap-3">
          {/* What waits for the user (approvals, reading, changes requested, reviews due); no badge at 0. */}
          <NotificationsBell className={HEADER_FOCUS} />
          {/* The user area opens the account menu (change password, offline copies). */}
          <UserArea user={user} />
          <span className="hidden sm:inline-flex">
            <RoleBadge role={user.role} data-testid="header-role-badge" />
          </span>
          <LogoutButton className="hidden lg:inline-flex" />
        </div>
      </div>
      <ShipLinkLine user={user} />
    </header>
  );
}
