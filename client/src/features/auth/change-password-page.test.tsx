import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { asked, bodiesOf, network } from '@/test/network';
import { renderScreen, signedIn } from '@/test/render';
import ChangePasswordPage from './change-password-page';

const PASSWORD = 'POST /api/user/password';

function openPage(where: 'office' | 'ship' = 'office') {
  signedIn(queryClient, 'user', where);
  return renderScreen('/change-password', <ChangePasswordPage />, queryClient);
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const fieldValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

function fill(current: string, next: string, confirm: string) {
  type('Current Password', current);
  type('New Password', next);
  type('Confirm New Password', confirm);
  fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
}

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('changing one’s password', () => {
  it('says what is wrong with each field before sending anything', async () => {
    openPage();
    fill('', 'short', 'other');
    expect(await screen.findByText('Current password is required')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();

    fill('old secret', 'harbour lights 7', 'harbour lights 8');
    await waitFor(() => expect(screen.queryByText('Current password is required')).toBeNull());
    expect(screen.queryByText('Password must be at least 8 characters')).toBeNull();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(["Passwords don't match"]);
    expect(asked()).toEqual([]);
  });

  it('sends the current and the new password (never the confirmation), says so and empties the form', async () => {
    network.use(http.post('/api/user/password', () => new HttpResponse(null, { status: 204 })));
    openPage();
    fill('old secret', 'harbour lights 7', 'harbour lights 7');
    expect(await screen.findByText('Password changed. Your other sessions have been signed out.')).toBeTruthy();
    expect(await bodiesOf(PASSWORD)).toEqual([{ currentPassword: 'old secret', newPassword: 'harbour lights 7' }]);
    await waitFor(() => expect(fieldValue('Current Password')).toBe(''));
    expect(fieldValue('New Password')).toBe('');
    expect(fieldValue('Confirm New Password')).toBe('');
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    network.use(
      http.post('/api/user/password', () =>
        HttpResponse.json({ message: 'The current password is not correct', code: 'invalid_credentials' }, { status: 400 }),
      ),
    );
    openPage();
    fill('wrong secret', 'harbour lights 7', 'harbour lights 7');
    expect(await screen.findByText('The current password is not correct')).toBeTruthy();
    expect(fieldValue('Current Password')).toBe('wrong secret');
    expect(asked()).toEqual([PASSWORD]);
  });

  it('says a refusal about a field beside that field, and focuses it', async () => {
    network.use(
      http.post('/api/user/password', () =>
        HttpResponse.json({ message: 'The current password is not correct', code: 'validation', field: 'currentPassword' }, { status: 400 }),
      ),
    );
    openPage();
    fill('wrong secret', 'harbour lights 7', 'harbour lights 7');
    const current = screen.getByLabelText('Current Password');
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    const besideField = screen.getAllByRole('alert').filter((alert) => alert.textContent === 'The current password is not correct');
    expect(besideField).toHaveLength(1);
    expect(current.parentElement?.contains(besideField[0])).toBe(true);
    expect(document.activeElement).toBe(current);
  });

  it('on a ship’s copy offers no form: the password is changed ashore', async () => {
    openPage('ship');
    expect(screen.getByText(/your password is changed ashore and reaches the ship with the next update/)).toBeTruthy();
    expect(screen.queryByLabelText('Current Password')).toBeNull();
  });
});
