import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Circular } from '@common/contracts/circulars';
import { queryClient } from '@/lib/query-client';
import { fleetStatus } from '@/test/fixtures';
import { asked, network } from '@/test/network';
import { renderScreen, signedIn } from '@/test/render';
import CircularsPage from './circulars-page';

const circular = (acknowledged: boolean): Circular => ({
  id: 7,
  number: 'FC-2026-014',
  title: 'Mooring lines after a parting incident',
  status: 'published',
  versionId: 70,
  latestVersionId: 70,
  issuedAt: '2026-11-20T08:00:00.000Z',
  dueDate: '2026-12-01',
  expiresAt: '2027-02-01',
  expired: false,
  vesselCodes: ['AURORA'],
  departments: [],
  positions: [{ id: 3, name: 'Bosun' }],
  read: 1,
  readers: 3,
  vessels: [
    {
      vesselCode: 'AURORA',
      vesselName: 'Aurora Star',
      read: 1,
      readers: 3,
      acknowledgedAt: acknowledged ? '2026-11-21T09:30:00.000Z' : null,
      acknowledgedBy: acknowledged ? 'Magnus Master' : null,
    },
  ],
});

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('the circulars register', () => {
  it("on a ship's copy, the master acknowledges receipt for the vessel", async () => {
    let acknowledged = false;
    network.use(
      http.get('/api/circulars', () => HttpResponse.json([circular(acknowledged)])),
      http.post('/api/circulars/7/vessel-acknowledgement', () => {
        acknowledged = true;
        return HttpResponse.json(
          { circularId: 7, vesselCode: 'AURORA', acknowledgedAt: '2026-11-21T09:30:00.000Z', acknowledgedBy: 'Magnus Master' },
          { status: 201 },
        );
      }),
      // What waits to be sent to the office is read again after the acknowledgement.
      http.get('/api/fleet/status', () => HttpResponse.json(fleetStatus('ship'))),
    );
    signedIn(queryClient, 'approver', 'ship');
    renderScreen('/circulars', <CircularsPage />, queryClient);
    const vessels = await screen.findByRole('list', { name: 'Vessels of FC-2026-014' });
    expect(within(vessels).getByText(/1 of 3 read/)).toBeTruthy();
    // Written ashore: no 'New circular' on board.
    expect(screen.queryByRole('button', { name: 'New circular' })).toBeNull();
    fireEvent.click(within(vessels).getByRole('button', { name: 'Acknowledge receipt for the vessel' }));
    expect(await within(vessels).findByText(/Receipt acknowledged by Magnus Master/)).toBeTruthy();
    expect(asked()).toContain('POST /api/circulars/7/vessel-acknowledgement');
  });

  it('ashore, a crew member reads the register without writing or acknowledging', async () => {
    network.use(http.get('/api/circulars', () => HttpResponse.json([circular(false)])));
    signedIn(queryClient, 'user');
    renderScreen('/circulars', <CircularsPage />, queryClient);
    const vessels = await screen.findByRole('list', { name: 'Vessels of FC-2026-014' });
    expect(within(vessels).getByText('Receipt not yet acknowledged')).toBeTruthy();
    expect(within(vessels).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New circular' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Mooring lines after a parting incident' }).getAttribute('href')).toBe('/sop/7');
  });
});
