import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FleetStatus } from '@common/contracts/fleet';
import { readQueryKey } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { renderWithClient } from '@/test/render';
import { ShipLinkLine } from './ship-link-line';

const office: FleetStatus = { role: 'office', vessel: null, connected: true, lastContactAt: null, waiting: { toSend: 0 }, problem: null };
const ship: FleetStatus = {
  role: 'ship',
  vessel: { code: 'AURORA', name: 'Aurora' },
  connected: true,
  lastContactAt: new Date().toISOString(),
  waiting: { toSend: 0 },
  problem: null,
};

/** A query client that reads through the API client, as the app's does. */
const appClient = () => new QueryClient({ defaultOptions: { queries: { queryFn: readQueryKey, retry: false } } });

/** The status the session's reader fetched a moment before the header mounted. */
function clientHolding(status: FleetStatus) {
  const client = appClient();
  client.setQueryData(queryKeys.fleet.status(), status);
  return client;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the ship link line on mount', () => {
  it("takes the session reader's fresh answer instead of asking the server again", async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithClient(<ShipLinkLine />, clientHolding(ship));
    expect((await screen.findByTestId('ship-link-line')).textContent).toMatch(/^Ship copy · in step with the office at \d\d:\d\d$/);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows nothing at the office and never asks there', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { container } = renderWithClient(<ShipLinkLine />, clientHolding(office));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.innerHTML).toBe('');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks when nothing is held yet', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(ship), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    renderWithClient(<ShipLinkLine />, appClient());
    expect((await screen.findByTestId('ship-link-line')).textContent).toContain('Ship copy');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
