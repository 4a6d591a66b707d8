import { cleanup, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FleetLinkState } from '@common/contracts/fleet';
import { fleetStatus } from '@/test/fixtures';
import { asked, network } from '@/test/network';
import { appClient, renderWithClient } from '@/test/render';
import { OfficeLinkStatus } from './office-link-status';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const withLink = (link: FleetLinkState) => network.use(http.get('/api/fleet/status', () => HttpResponse.json({ ...fleetStatus('office'), link })));

describe("the office's link on the Fleet page", () => {
  it('says the link to NATS is down, since when and why', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    withLink({ state: 'down', since: new Date(2026, 10, 26, 9, 15).toISOString(), error: 'Cannot reach NATS at nats://hub:4222: CONNECTION_REFUSED' });
    renderWithClient(<OfficeLinkStatus />, appClient());
    const line = await screen.findByTestId('office-link');
    expect(line.dataset.state).toBe('down');
    expect(line.textContent).toBe(
      "The office's link to NATS is down since 26 Nov 2026, 09:15: Cannot reach NATS at nats://hub:4222: CONNECTION_REFUSED. Nothing reaches the ships until it is back.",
    );
    expect(asked()).toEqual(['GET /api/fleet/status']);
  });

  it('says since when it is connected', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    withLink({ state: 'connected', since: new Date(2026, 10, 26, 8, 0).toISOString(), error: null });
    renderWithClient(<OfficeLinkStatus />, appClient());
    expect((await screen.findByTestId('office-link')).textContent).toBe('The office is connected to the fleet link (NATS) since 26 Nov 2026, 08:00.');
  });

  it('says when no link is configured', async () => {
    withLink({ state: 'not_configured', since: null, error: null });
    renderWithClient(<OfficeLinkStatus />, appClient());
    expect((await screen.findByTestId('office-link')).textContent).toBe('The office has no fleet link: NATS_URL is not set, so nothing is sent to the ships.');
  });
});
