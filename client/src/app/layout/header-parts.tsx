import type { Action } from '@common/permissions';
import { Button } from '@/components/ui/button';
import { useLogout } from '@/features/auth/api';
import { cn } from '@/lib/utils';

export type Tab = { label: string; href: string; requires?: Action };

export const TABS: Tab[] = [
  { label: 'Dashboard', href: '/' },
  { label: 'Procedures', href: '/documents' },
  { label: 'Daily Program', href: '/daily-program' },
  { label: 'Itinerary', href: '/itinerary' },
  { label: 'Approvals', href: '/approvals', requires: 'approval.list' },
  { label: 'Compliance', href: '/compliance', requires: 'compliance.read' },
  { label: 'Fleet', href: '/fleet', requires: 'fleet.read' },
  { label: 'Admin', href: '/admin', requires: 'users.manage' },
];

/** A focus ring that stays visible on the navy header (white on navy, well over 3:1). */
export const HEADER_FOCUS = 'outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-navy';

export function isActive(href: string, location: string) {
  if (href === '/') return location === '/';
  if (href === '/documents') return location.startsWith('/documents') || location.startsWith('/sop');
  return location.startsWith(href);
}

export function LogoutButton({ className }: { className?: string }) {
  const logout = useLogout();
  return (
    <Button
      variant="outline"
      size="sm"
      className={cn('border-white/40 bg-transparent text-white hover:bg-white/10 hover:text-white', HEADER_FOCUS, className)}
      disabled={logout.isPending}
      onClick={() => logout.mutate()}
    >
      {logout.isPending ? 'Logging out...' : 'Logout'}
    </Button>
  );
}
