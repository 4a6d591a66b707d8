import type { ReactNode } from 'react';
import { HardDriveDownload, KeyRound, UserRound } from 'lucide-react';
import { useLocation } from 'wouter';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';

interface Props {
  /** The trigger's look and accessible name, shared with the placeholder shown while this loads. */
  className: string;
  children: ReactNode;
  /** Opened already: the placeholder was pressed before this module arrived. */
  defaultOpen?: boolean;
  /** On a ship's copy the password is changed ashore: no such item. */
  onShip?: boolean;
}

/** The user area's menu (the account page, change password ashore, offline copies). Its own chunk: the menu and popper code is not needed to paint a screen. */
export default function AccountMenu({ className, children, defaultOpen, onShip }: Props) {
  const [, navigate] = useLocation();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={className}>{children}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => navigate('/account')}>
          <UserRound aria-hidden="true" />
          My account
        </DropdownMenuItem>
        {!onShip && (
          <DropdownMenuItem onSelect={() => navigate('/account/password')}>
            <KeyRound aria-hidden="true" />
            Change password
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => navigate('/offline')}>
          <HardDriveDownload aria-hidden="true" />
          Offline copies
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
