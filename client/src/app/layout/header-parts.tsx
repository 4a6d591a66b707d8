import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { useLogout } from '@/features/auth/api';
import { cn } from '@/lib/utils';
import { screenFor, type Tab } from '../screens';

export type { Tab };

/** A focus ring that stays visible on the navy header (white on navy, well over 3:1). */
export const HEADER_FOCUS = 'outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-navy';

/** Each tab's words: the route table names tabs in English, the key the screens share. */
const TAB_WORDS: Record<string, MessageDescriptor> = {
  Dashboard: msg`Dashboard`,
  Procedures: msg`Procedures`,
  Manuals: msg`Manuals`,
  'Daily Program': msg`Daily Program`,
  Itinerary: msg`Itinerary`,
  Approvals: msg`Approvals`,
  Compliance: msg`Compliance`,
  Fleet: msg`Fleet`,
  Reviews: msg`Master's review`,
  Admin: msg`Admin`,
};

/** A tab's label in the interface's language. */
export function TabLabel({ tab }: { tab: Tab }) {
  const { i18n } = useLingui();
  const words = TAB_WORDS[tab.label];
  return <>{words ? i18n._(words) : tab.label}</>;
}

/** The tab of the screen on show: an SOP's page sits under Procedures, the audit log under Admin. */
export function isActive(tab: Tab, location: string) {
  return screenFor(location).screen.tab === tab.label;
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
      {logout.isPending ? <Trans>Logging out...</Trans> : <Trans>Logout</Trans>}
    </Button>
  );
}
