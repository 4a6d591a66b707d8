import { cleanup, screen } from '@testing-library/react';
import { delay, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BackupStatus } from '@common/contracts/backups';
import type { Passkey } from '@common/contracts/signatures';
import type { Role } from '@common/roles';
import AccountPage from '@/features/account/account-page';
import ChangePasswordPage from '@/features/auth/change-password-page';
import { BackUpNowButton, BackUpNowRow } from '@/features/admin/backup-status';
import { queryKeys } from '@/lib/query-keys';
import { network } from '@/test/network';
import { appClient, renderWithClient, settled, signedIn } from '@/test/render';
import AccountMenu from './layout/account-menu';

/**
 * On a ship's copy the screens offer none of the writes the ship refuses (409 office_only):
 * the password, passkeys and 'Back up now' are the office's. Ashore the same screens offer them.
 */
const passkey: Passkey = { id: 1, name: 'Bridge tablet', createdAt: '2026-11-01T08:00:00.000Z', lastUsedAt: null };
const backups: BackupStatus = { configured: true, everyHours: 24, keep: 7, last: null, next: null, inProgress: false };

function signedInOn(where: 'office' | 'ship', role: Role = 'admin') {
  const client = appClient(Number.POSITIVE_INFINITY);
  signedIn(client, role, where);
  client.setQueryData(queryKeys.passkeys(), [passkey]);
  client.setQueryData(queryKeys.admin.backups(), backups);
  return client;
}

beforeEach(() => {
  // Whatever else a screen reads stays unanswered: only what it offers is looked at.
  network.use(http.all('/api/*', () => delay('infinite')));
});

afterEach(cleanup);

describe.each(['office', 'ship'] as const)('signed in on the %s copy', (where) => {
  const offered = where === 'office';

  it(`${offered ? 'offers' : 'does not offer'} the password change on My Account, in the account menu and on its page`, async () => {
    const page = renderWithClient(<AccountPage />, signedInOn(where, 'user'));
    expect(screen.getByRole('heading', { name: 'My Account' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Change password' }) !== null).toBe(offered);
    page.unmount();

    const menu = renderWithClient(
      <AccountMenu className="" defaultOpen>
        Ingrid
      </AccountMenu>,
      signedInOn(where, 'user'),
    );
    expect(await screen.findByRole('menuitem', { name: 'My account' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Change password' }) !== null).toBe(offered);
    menu.unmount();

    renderWithClient(<ChangePasswordPage />, signedInOn(where, 'user'));
    expect(screen.queryByLabelText('Current Password') !== null).toBe(offered);
    expect(screen.queryByText(/your password is changed ashore/) !== null).toBe(!offered);
  });

  it(`lists one's passkeys, and ${offered ? 'offers' : 'does not offer'} adding and removing them`, async () => {
    renderWithClient(<AccountPage />, signedInOn(where, 'user'));
    await settled();
    expect(screen.getByText('Bridge tablet')).toBeTruthy();
    expect(screen.getByText("Sign approvals and attestations with this device's passkey instead of your password.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove' }) !== null).toBe(offered);
    expect(screen.queryByRole('button', { name: 'Add a passkey' }) !== null).toBe(offered);
    expect(screen.queryByRole('button', { name: 'Use an existing passkey' }) !== null).toBe(offered);
    expect(screen.queryByLabelText('Name of the new passkey') !== null).toBe(offered);
  });

  it(`${offered ? 'offers' : 'does not offer'} an admin 'Back up now' where the server makes backups`, () => {
    const client = signedInOn(where, 'admin');
    renderWithClient(
      <dl>
        <BackUpNowRow />
      </dl>,
      client,
    );
    expect(screen.queryAllByRole('button', { name: 'Back up now' })).toHaveLength(offered ? 1 : 0);
    cleanup();
    renderWithClient(<BackUpNowButton />, client);
    expect(screen.queryAllByRole('button', { name: 'Back up now' })).toHaveLength(offered ? 1 : 0);
  });
});
