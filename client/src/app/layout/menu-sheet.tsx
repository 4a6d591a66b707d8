import type { RefObject } from 'react';
import { Ship } from 'lucide-react';
import { Link } from 'wouter';
import type { PublicUser } from '@common/contracts/auth';
import { RoleBadge } from '@/components/role-badge';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { displayNameOf, initialsOf } from '@/lib/names';
import { cn } from '@/lib/utils';
import { HEADER_FOCUS, isActive, LogoutButton, type Tab, TabLabel } from './header-parts';
import { Trans } from '@lingui/react/macro';

interface Props {
  user: PublicUser;
  tabs: Tab[];
  location: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** Below 1024 px the tabs, the user and Logout move into a sheet opened by the menu button. */
export default function MenuSheet({ user, tabs, location, open, onOpenChange, returnFocusTo }: Props) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          // The menu button is not a Radix trigger (the sheet's code loads on first use): focus goes back to it by hand.
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <div className="flex items-center gap-2 px-5 pt-5 pb-4">
          <Ship className="size-5 text-sky-300" aria-hidden="true" />
          <SheetTitle className="font-semibold tracking-tight">SOP Harbor</SheetTitle>
        </div>
        <SheetDescription className="sr-only">
          <Trans>Main navigation and your account</Trans>
        </SheetDescription>
        <div className="mx-5 flex items-center gap-3 rounded-lg bg-white/5 p-3">
          <Avatar className="size-9">
            <AvatarFallback className="bg-sky-200 text-navy">{initialsOf(user)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">{displayNameOf(user)}</p>
            <RoleBadge role={user.role} />
          </div>
        </div>
        <nav aria-label="Main" className="mt-4 flex flex-col gap-1 px-3">
          {tabs.map((tab) => {
            const active = isActive(tab, location);
            return (
              <SheetClose asChild key={tab.href}>
                <Link
                  href={tab.href}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'rounded-md border-l-4 px-3 py-3 text-base font-medium',
                    HEADER_FOCUS,
                    active ? 'border-sky-300 bg-white/10 text-white' : 'border-transparent text-slate-200 hover:bg-white/5',
                  )}
                >
                  <TabLabel tab={tab} />
                </Link>
              </SheetClose>
            );
          })}
        </nav>
        <div className="mt-auto border-t border-white/10 p-5">
          <LogoutButton className="w-full" />
        </div>
      </SheetContent>
    </Sheet>
  );
}
