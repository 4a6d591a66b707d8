import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Circular } from '@common/contracts/circulars';
import { queryClient } from '@/lib/query-client';
import { fleetStatus } from '@/test/fixtures';
import { asked, bodiesOf, network } from '@/test/network';
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

  it('ashore, an admin changes the audience and days of a circular sent back, not of one issued', async () => {
    const sentBack: Circular = {
      ...circular(false),
      id: 8,
      number: 'FC-2026-015',
      title: 'Provision stores check',
      status: 'changes_requested',
      versionId: null,
      issuedAt: null,
      vessels: [],
    };
    network.use(
      http.get('/api/circulars', () => HttpResponse.json([circular(false), sentBack])),
      http.get('/api/departments', () => HttpResponse.json([])),
      http.get('/api/positions', () => HttpResponse.json([])),
      http.get('/api/fleet/vessels', () => HttpResponse.json([])),
      http.put('/api/circulars/8/details', () => new HttpResponse(null, { status: 204 })),
    );
    signedIn(queryClient, 'admin');
    renderScreen('/circulars', <CircularsPage />, queryClient);
    await screen.findByText('Provision stores check');
    const cards = [...screen.getByRole('list', { name: 'Fleet circulars' }).children] as HTMLElement[];
    const issued = cards.find((c) => c.textContent?.includes('FC-2026-014'))!;
    expect(within(issued).queryByRole('button', { name: 'Change audience and days' })).toBeNull();
    const draft = cards.find((c) => c.textContent?.includes('FC-2026-015'))!;
    fireEvent.click(within(draft).getByRole('button', { name: 'Change audience and days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Audience and days of FC-2026-015' });
    // The contract's rule before the server's: it must expire after its due day.
    fireEvent.change(within(dialog).getByLabelText('Expires on'), { target: { value: '2026-11-30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'The circular must expire after its due date');
    fireEvent.change(within(dialog).getByLabelText('Expires on'), { target: { value: '2027-03-01' } });
    fireEvent.change(within(dialog).getByLabelText('Read by'), { target: { value: '2026-12-10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("The circular's audience and days are saved")).toBeTruthy();
    expect(await bodiesOf('PUT /api/circulars/8/details')).toEqual([
      { dueDate: '2026-12-10', expiresAt: '2027-03-01', vesselCodes: ['AURORA'], departmentIds: [], positionIds: [3] },
    ]);
  });
});
