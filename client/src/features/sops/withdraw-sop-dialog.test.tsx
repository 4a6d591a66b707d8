import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { settings } from '@/test/fixtures';
import { asked, bodiesOf, network } from '@/test/network';
import { renderScreen, settled, signedIn } from '@/test/render';
import { WithdrawSopDialog } from './withdraw-sop-dialog';

const WITHDRAW = 'POST /api/sops/7/withdraw';

/** An approver withdraws 'Bunkering'; signatures are required or not, as the settings say. */
function openDialog(requireSignatures = false) {
  signedIn(queryClient, 'approver');
  network.use(http.get('/api/settings', () => HttpResponse.json({ ...settings, requireSignatures })));
  const onClose = vi.fn();
  renderScreen('/sop/7', <WithdrawSopDialog sop={{ id: 7, title: 'Bunkering' }} onClose={onClose} />, queryClient);
  return onClose;
}

const dialog = () => screen.getByRole('alertdialog');
const withdrawButton = () => within(dialog()).getByRole('button', { name: 'Withdraw' }) as HTMLButtonElement;

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('withdrawing an SOP', () => {
  it('asks for a reason before sending anything', async () => {
    const onClose = openDialog();
    expect(
      screen.getByText('"Bunkering" will leave the lists, reading and ships. Every version, file, signature and attestation is kept in the archive.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason for withdrawal'), { target: { value: '   ' } });
    fireEvent.click(withdrawButton());
    expect(await screen.findByText('Give a reason for withdrawing this SOP.')).toBeTruthy();
    await settled();
    expect(asked().filter((line) => line.startsWith('POST'))).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the reason, trimmed, says the SOP is in the archive and closes', async () => {
    network.use(http.post('/api/sops/7/withdraw', () => new HttpResponse(null, { status: 204 })));
    const onClose = openDialog();
    fireEvent.change(screen.getByLabelText('Reason for withdrawal'), { target: { value: ' Replaced by the fleet bunkering plan. ' } });
    fireEvent.click(withdrawButton());
    expect(await screen.findByText('SOP withdrawn; it is kept in the archive')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(await bodiesOf(WITHDRAW)).toEqual([{ reason: 'Replaced by the fleet bunkering plan.' }]);
  });

  it('when signatures are required, signs with the password, and shows a refused signature beside it', async () => {
    network.use(
      http.post('/api/sops/7/withdraw', () => HttpResponse.json({ message: 'The password is not correct', code: 'signature_failed' }, { status: 403 })),
    );
    const onClose = openDialog(true);
    const password = await screen.findByLabelText('Your password (signature)');
    expect(withdrawButton().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason for withdrawal'), { target: { value: 'Superseded' } });
    fireEvent.change(password, { target: { value: 'not it' } });
    fireEvent.click(withdrawButton());
    expect(await within(dialog()).findByText('The password is not correct')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(await bodiesOf(WITHDRAW)).toEqual([{ reason: 'Superseded', signature: { password: 'not it' } }]);
  });
});
