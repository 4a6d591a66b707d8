import type { ReactNode } from 'react';
import { HardDriveDownload, KeyRound, UserRound } from 'lucide-react';
import { useLocation } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { can } from '@common/permissions';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { useCurrentUser } from '@/lib/session';

interface Props {
  /** The trigger's look and accessible name, shared with the placeholder shown while this loads. */
  className: string;
  children: ReactNode;
  /** Opened already: the placeholder was pressed before this module arrived. */
  defaultOpen?: boolean;
}

/** The user area's menu (the account page, change password ashore, offline copies). Its own chunk: the menu and popper code is not needed to paint a screen. */
export default function AccountMenu({ className, children, defaultOpen }: Props) {
  const [, navigate] = useLocation();
  const { user } = useCurrentUser();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={className}>{children}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => navigate('/account')}>
          <UserRound aria-hidden="true" />
          <Trans>My account</Trans>
        </DropdownMenuItem>
        {/* On a ship's copy the password is changed ashore: no such item. */}
        {can(user, 'account.password') && (
          <DropdownMenuItem onSelect={() => navigate('/account/password')}>
            <KeyRound aria-hidden="true" />
            <Trans>Change password</Trans>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => navigate('/offline')}>
          <HardDriveDownload aria-hidden="true" />
          <Trans>Offline copies</Trans>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
