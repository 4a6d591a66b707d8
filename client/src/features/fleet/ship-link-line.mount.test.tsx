import { cleanup, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { FleetStatus } from '@common/contracts/fleet';
import { queryKeys } from '@/lib/query-keys';
import { asked, network } from '@/test/network';
import { appClient, renderWithClient, settled } from '@/test/render';
import { ShipLinkLine } from './ship-link-line';

const office: FleetStatus = {
  role: 'office',
  vessel: null,
  connected: true,
  lastContactAt: null,
  waiting: { toSend: 0 },
  problem: null,
  link: { state: 'connected', since: new Date().toISOString(), error: null },
};
const ship: FleetStatus = {
  role: 'ship',
  vessel: { code: 'AURORA', name: 'Aurora' },
  connected: true,
  lastContactAt: new Date().toISOString(),
  waiting: { toSend: 0 },
  problem: null,
  link: { state: 'connected', since: new Date().toISOString(), error: null },
};

/** The status the session's reader fetched a moment before the header mounted. */
function clientHolding(status: FleetStatus) {
  const client = appClient();
  client.setQueryData(queryKeys.fleet.status(), status);
  return client;
}

afterEach(cleanup);

describe('the ship link line on mount', () => {
  it("takes the session reader's fresh answer instead of asking the server again", async () => {
    renderWithClient(<ShipLinkLine />, clientHolding(ship));
    expect((await screen.findByTestId('ship-link-line')).textContent).toMatch(/^Ship copy · in step with the office at \d{1,2}:\d\d(\s[AP]M)?$/);
    await settled();
    expect(asked()).toEqual([]);
  });

  it('shows nothing at the office and never asks there', async () => {
    const { container } = renderWithClient(<ShipLinkLine />, clientHolding(office));
    await settled();
    expect(container.innerHTML).toBe('');
    expect(asked()).toEqual([]);
  });

  it('asks when nothing is held yet', async () => {
    network.use(http.get('/api/fleet/status', () => HttpResponse.json(ship)));
    renderWithClient(<ShipLinkLine />, appClient());
    expect((await screen.findByTestId('ship-link-line')).textContent).toContain('Ship copy');
    await settled();
    expect(asked()).toEqual(['GET /api/fleet/status']);
  });
});
