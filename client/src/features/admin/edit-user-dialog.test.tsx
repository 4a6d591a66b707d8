import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FleetVessel } from '@common/contracts/fleet';
import type { AdminUser } from '@common/contracts/users';
import { queryClient } from '@/lib/query-client';
import { chiefMate, departments, positions } from '@/test/fixtures';
import { asked, bodiesOf, network } from '@/test/network';
import { renderScreen, settled, signedIn } from '@/test/render';
import { choose } from '@/test/radix';
import { EditUserDialog } from './edit-user-dialog';

/** The chief mate as a plain user of Deck, before the admin's changes. */
const mate: AdminUser = { ...chiefMate, role: 'user', departmentId: 2 };
const aurora: FleetVessel = {
  code: 'AURORA',
  name: 'Aurora Star',
  lastContactAt: null,
  documents: { current: 3, pending: 0 },
  problem: null,
  setAside: 0,
  lastReviewAt: null,
};
const PATCH = 'PATCH /api/admin/users/7';

/** An admin at the office edits `user`; the dialog reads the departments and the vessel register. */
function openDialog(user: AdminUser, { isSelf = false } = {}) {
  signedIn(queryClient, 'admin');
  network.use(
    http.get('/api/departments', () => HttpResponse.json(departments)),
    http.get('/api/positions', () => HttpResponse.json(positions)),
    http.get('/api/fleet/vessels', () => HttpResponse.json([aurora])),
  );
  const onClose = vi.fn();
  renderScreen('/admin', <EditUserDialog user={user} isSelf={isSelf} onClose={onClose} />, queryClient);
  return onClose;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('editing a user', () => {
  it('starts from the account as it is, and sends every change made', async () => {
    network.use(http.patch('/api/admin/users/7', () => HttpResponse.json({ ...mate, role: 'approver' })));
    const onClose = openDialog(mate);
    expect(screen.getByText('Ines Berg (chief.mate). A new role or deactivation applies on their next request.')).toBeTruthy();
    expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('Ines');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('chief@ship.example');

    type('Last Name', 'Berg-Olsen');
    await choose('Role', 'Approver');
    await choose('Department', 'Marine › Engine');
    await choose('Position', 'Chief Engineer · Engine');
    fireEvent.click(await screen.findByRole('checkbox', { name: /Aurora Star/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Active' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('User updated successfully')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(await bodiesOf(PATCH)).toEqual([
      {
        firstName: 'Ines',
        lastName: 'Berg-Olsen',
        email: 'chief@ship.example',
        role: 'approver',
        departmentId: 3,
        positionId: 5,
        vesselCodes: ['AURORA'],
        active: false,
      },
    ]);
  });

  it('sends no department when "No department" is chosen', async () => {
    network.use(http.patch('/api/admin/users/7', () => HttpResponse.json(mate)));
    openDialog(mate);
    await choose('Department', 'No department');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('User updated successfully')).toBeTruthy();
    const [body] = await bodiesOf(PATCH);
    expect(body).toMatchObject({ departmentId: null });
  });

  it('refuses an email address that is not one, beside the field, and sends nothing', async () => {
    const onClose = openDialog(mate);
    type('Email', 'chief at ship');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    await settled();
    expect(asked().filter((line) => !line.startsWith('GET'))).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('stays open with the server’s refusal', async () => {
    network.use(
      http.patch('/api/admin/users/7', () => HttpResponse.json({ message: 'The last active admin cannot lose the role', code: 'conflict' }, { status: 409 })),
    );
    const onClose = openDialog({ ...mate, role: 'admin' });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('The last active admin cannot lose the role')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
  });

  it('does not let an admin deactivate their own account', async () => {
    openDialog(mate, { isSelf: true });
    expect(screen.getByText('You cannot deactivate your own account.')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Active' }) as HTMLButtonElement).disabled).toBe(true));
  });
});
