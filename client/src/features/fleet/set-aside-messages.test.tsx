import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { FleetVessel, SetAsideMessage } from '@common/contracts/fleet';
import { Toaster } from '@/components/ui/toaster';
import { queryClient } from '@/lib/query-client';
import { asked, network } from '@/test/network';
import { renderWithClient } from '@/test/render';
import { SetAsideMessages } from './set-aside-messages';

const vessel: FleetVessel = {
  code: 'AURORA',
  name: 'Aurora Star',
  lastContactAt: null,
  documents: { current: 3, pending: 0 },
  problem: 'One message from the ship set aside ashore (the first: The message is not JSON.). An admin retries or discards it.',
  setAside: 1,
  lastReviewAt: null,
};
const message: SetAsideMessage = { id: 7, seq: 12, reason: 'The message is not JSON.', body: 'plain text', createdAt: new Date().toISOString() };
const LIST = '/api/fleet/vessels/AURORA/set-aside';

/** The office's list of set-aside messages: `message` until it is retried or discarded, then nothing. */
function office(answer: 'retry' | 'discard') {
  let waiting = [message];
  network.use(
    http.get(LIST, () => HttpResponse.json(waiting)),
    http.post(`${LIST}/7/retry`, () => {
      waiting = [];
      return HttpResponse.json({ outcome: 'applied', reason: null });
    }),
    http.post(`${LIST}/7/discard`, () => {
      waiting = [];
      return new HttpResponse(null, { status: 204 });
    }),
    // Retrying or discarding also reads the vessels and the vessel's documents again: none are on screen here.
  );
  return answer;
}

/** Rendered with the app's query client, which a retry refreshes, and its toasts. */
const show = () =>
  renderWithClient(
    <>
      <SetAsideMessages vessel={vessel} />
      <Toaster />
    </>,
    queryClient,
  );

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('messages set aside from a ship', () => {
  it('shows each with its reason and what arrived, retries one on the server, and reads the list again', async () => {
    office('retry');
    show();
    expect(await screen.findByText('The message is not JSON.')).toBeTruthy();
    expect(screen.getByText('plain text')).toBeTruthy();
    expect(screen.getByText(/Message 12 of the ship/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Retry/ }));
    expect(await screen.findByText('The message from the ship now counts ashore.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('The message is not JSON.')).toBeNull());
    expect(asked()).toEqual([`GET ${LIST}`, `POST ${LIST}/7/retry`, `GET ${LIST}`]);
  });

  it('asks before discarding, and discards only once confirmed', async () => {
    office('discard');
    show();
    fireEvent.click(await screen.findByRole('button', { name: /^Discard/ }));
    expect(await screen.findByText('Discard this message?')).toBeTruthy();
    expect(asked()).toEqual([`GET ${LIST}`]);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('The message is kept on record and no longer waits.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Discard this message?')).toBeNull());
    expect(asked()).toEqual([`GET ${LIST}`, `POST ${LIST}/7/discard`, `GET ${LIST}`]);
  });
});
