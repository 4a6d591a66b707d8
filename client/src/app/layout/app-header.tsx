import { lazy, Suspense, useRef, useState } from 'react';
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

/** Below 1024 px the tabs, the user and Logout move into a sheet opened by this button. */
function MenuButton({ user, tabs, location }: { user: PublicUser; tabs: Tab[]; location: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const { t } = useLingui();
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={cn('-ml-2 rounded-md p-2 text-slate-100 hover:bg-white/10 lg:hidden', HEADER_FOCUS)}
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
const USER_AREA = `flex items-center gap-3 rounded-full xl:rounded-md xl:pr-1 ${HEADER_FOCUS}`;

function UserArea({ user }: { user: SessionUser }) {
  const [pressed, setPressed] = useState(false);
  // Named by the visible name (wide screens) plus what it opens; the initials are decoration.
  const content = (
    <>
      <Avatar className="size-8" aria-hidden="true">
        <AvatarFallback className="bg-sky-200 text-navy">{initialsOf(user)}</AvatarFallback>
      </Avatar>
      {/* A long name is cut short beside seven tabs; screen readers still hear all of it. */}
      <span className="sr-only text-sm font-medium xl:not-sr-only xl:inline-block xl:max-w-40 xl:truncate" data-testid="header-display-name">
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

export function AppHeader() {
  const { user } = useCurrentUser();
  const [location] = useLocation();
  if (!user) return null;
  const tabs = TABS.filter((tab) => !tab.requires || can(user, tab.requires));

  return (
    <header className="sticky top-0 z-40 bg-navy text-white shadow-sm">
      <div className="mx-auto flex h-14 w-full max-w-[1440px] items-center gap-3 px-4 sm:px-6 lg:gap-6 lg:px-8">
        <MenuButton user={user} tabs={tabs} location={location} />
        <Link href="/" aria-label="SOP Harbor" className={cn('flex shrink-0 items-center gap-2 rounded-md font-semibold tracking-tight', HEADER_FOCUS)}>
          <Ship className="size-5 text-sky-300" aria-hidden="true" />
          <span className="lg:hidden xl:inline">SOP Harbor</span>
        </Link>
        {/* Seven tabs for an admin: tighter below 1536 px so they never run under the bell. */}
        <nav aria-label="Main" className="-mb-px hidden h-full min-w-0 flex-1 items-stretch gap-0 lg:flex 2xl:gap-1">
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
        <div className="ml-auto flex shrink-0 items-center gap-2 sm:gap-3">
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
      <ShipLinkLine />
    </header>
  );
}
