import { Bell, Ship } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { can, type Action } from '@common/permissions';
import { ROLE_LABELS, type Role } from '@common/roles';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useCurrentUser, useLogout } from '@/features/auth/api';
import { displayNameOf, initialsOf } from '@/lib/names';
import { cn } from '@/lib/utils';

const TABS: { label: string; href: string; requires?: Action }[] = [
  { label: 'Dashboard', href: '/' },
  { label: 'Procedures', href: '/documents' },
  { label: 'Daily Program', href: '/daily-program' },
  { label: 'Itinerary', href: '/itinerary' },
  { label: 'Approvals', href: '/approvals', requires: 'approval.list' },
  { label: 'Admin', href: '/admin', requires: 'users.manage' },
];

/** SPEC §6 badge colours: admin destructive, approver default, user secondary. */
const ROLE_BADGE: Record<Role, 'destructive' | 'default' | 'secondary'> = { admin: 'destructive', approver: 'default', user: 'secondary' };

function isActive(href: string, location: string) {
  if (href === '/') return location === '/';
  if (href === '/documents') return location.startsWith('/documents') || location.startsWith('/sop');
  return location.startsWith(href);
}

export function AppHeader() {
  const { user } = useCurrentUser();
  const logout = useLogout();
  const [location] = useLocation();
  if (!user) return null;
  const tabs = TABS.filter((tab) => !tab.requires || can(user, tab.requires));

  return (
    <header className="sticky top-0 z-40 bg-navy text-white shadow-sm">
      <div className="mx-auto flex h-14 w-full max-w-[1440px] items-center gap-6 px-4 sm:px-6 lg:px-8">
        <Link href="/" aria-label="SOP Harbor" className="flex shrink-0 items-center gap-2 rounded-md font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-white/70">
          <Ship className="size-5 text-sky-300" aria-hidden="true" />
          <span className="hidden lg:inline">SOP Harbor</span>
        </Link>
        <nav aria-label="Main" className="-mb-px flex h-full min-w-0 flex-1 items-stretch gap-1 overflow-x-auto">
          {tabs.map((tab) => {
            const active = isActive(tab.href, location);
            return (
              <Link
                key={tab.href}
                href={tab.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap outline-none transition-colors focus-visible:bg-white/10',
                  active ? 'border-sky-300 text-white' : 'border-transparent text-slate-300 hover:text-white',
                )}
              >
                {tab.label}
              </Link>
            );
          })}
        </nav>
        <div className="flex shrink-0 items-center gap-3">
          {/* SPEC §2: a static badge of 3, not tied to data. */}
          <button type="button" className="relative rounded-full p-2 text-slate-200 outline-none hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-white/70" aria-label="Notifications">
            <Bell className="size-5" />
            <span className="absolute -top-0.5 -right-0.5 flex size-4 items-center justify-center rounded-full bg-red-600 text-[10px] font-bold">3</span>
          </button>
          <Avatar className="size-8">
            <AvatarFallback className="bg-sky-200 text-navy">{initialsOf(user)}</AvatarFallback>
          </Avatar>
          <div className="hidden flex-col items-start leading-tight lg:flex">
            <span className="text-sm font-medium" data-testid="header-display-name">{displayNameOf(user)}</span>
          </div>
          <Badge variant={ROLE_BADGE[user.role]} className={cn(user.role === 'approver' && 'bg-sky-600')} data-testid="header-role-badge">
            {ROLE_LABELS[user.role]}
          </Badge>
          <Button
            variant="outline"
            size="sm"
            className="border-white/30 bg-transparent text-white hover:bg-white/10 hover:text-white"
            disabled={logout.isPending}
            onClick={() => logout.mutate()}
          >
            {logout.isPending ? 'Logging out...' : 'Logout'}
          </Button>
        </div>
      </div>
    </header>
  );
}
