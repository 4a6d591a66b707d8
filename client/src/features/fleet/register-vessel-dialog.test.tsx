import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { asked, bodiesOf, network } from '@/test/network';
import { renderScreen, settled, signedIn } from '@/test/render';
import { RegisterVesselDialog } from './register-vessel-dialog';

const REGISTER = 'POST /api/admin/vessels';

function openDialog() {
  signedIn(queryClient, 'admin');
  const onRegistered = vi.fn();
  renderScreen('/fleet', <RegisterVesselDialog onRegistered={onRegistered} />, queryClient);
  fireEvent.click(screen.getByRole('button', { name: 'Register vessel' }));
  return onRegistered;
}

const dialog = () => screen.getByRole('dialog');
function register(code: string, name: string) {
  fireEvent.change(within(dialog()).getByLabelText('Code'), { target: { value: code } });
  fireEvent.change(within(dialog()).getByLabelText('Name'), { target: { value: name } });
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Register vessel' }));
}

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('registering a vessel', () => {
  it('says what the code and name must be before sending anything', async () => {
    openDialog();
    register('a', '');
    expect(await within(dialog()).findByText('Code must be 2 to 16 of the capital letters A-Z, the digits 0-9 and -')).toBeTruthy();
    expect(within(dialog()).getByText('Name is required')).toBeTruthy();
    await settled();
    expect(asked()).toEqual([]);
  });

  it('sends the code in capitals, says so, closes and names the vessel registered', async () => {
    network.use(http.post('/api/admin/vessels', () => HttpResponse.json({ code: 'AURORA', name: 'Aurora Star' }, { status: 201 })));
    const onRegistered = openDialog();
    register('aurora', 'Aurora Star');
    expect(await screen.findByText('Aurora Star (AURORA) is registered')).toBeTruthy();
    expect(onRegistered).toHaveBeenCalledWith('AURORA');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await bodiesOf(REGISTER)).toEqual([{ code: 'AURORA', name: 'Aurora Star' }]);
  });

  it('keeps the form open with the server’s refusal in its words', async () => {
    network.use(
      http.post('/api/admin/vessels', () =>
        HttpResponse.json({ message: 'A vessel with the code AURORA is registered already', code: 'conflict' }, { status: 409 }),
      ),
    );
    const onRegistered = openDialog();
    register('AURORA', 'Aurora Star');
    expect((await within(dialog()).findByRole('alert')).textContent).toBe('A vessel with the code AURORA is registered already');
    expect(onRegistered).not.toHaveBeenCalled();
    expect((within(dialog()).getByLabelText('Name') as HTMLInputElement).value).toBe('Aurora Star');
  });
});
