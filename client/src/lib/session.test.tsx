import { QueryClient } from '@tanstack/react-query';
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const { holdToast } = vi.hoisted(() => ({ holdToast: vi.fn() }));
vi.mock('@/hooks/use-toast', () => ({ holdToast, toast: vi.fn() }));

import { renderHookWithClient } from '@/test/render';
import { markSignedOut, useCurrentUser } from './session';

const alice = { id: 1, username: 'alice', firstName: 'Alice', lastName: 'Reed', email: null, role: 'user' };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const userReads = (fetch: ReturnType<typeof vi.fn>) => fetch.mock.calls.filter(([url]) => String(url).endsWith('/api/user')).length;

function setup(fetch: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { client, mount: () => renderHookWithClient(() => useCurrentUser(), client) };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  holdToast.mockClear();
});

describe('useCurrentUser', () => {
  it('reads a 401 as signed out: no user, no Unauthorized notice, and no second ask', async () => {
    const fetch = vi.fn(async () => json(401, { message: 'Unauthorized', code: 'unauthorized' }));
    const { mount } = setup(fetch);
    const first = mount();
    await waitFor(() => expect(first.result.current.isLoading).toBe(false));
    expect(first.result.current.user).toBeNull();
    // Another screen (the sign-in page) mounts: it does not ask the server again.
    const second = mount();
    expect(second.result.current).toMatchObject({ user: null, isLoading: false });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(holdToast).not.toHaveBeenCalled();
  });

  it('signs out on this page at once when told, without asking the server', async () => {
    const fetch = vi.fn(async () => json(200, alice));
    const { client, mount } = setup(fetch);
    const shown = mount();
    await waitFor(() => expect(shown.result.current.user).toEqual(alice));
    markSignedOut(client);
    await waitFor(() => expect(shown.result.current.user).toBeNull());
    // As after logout: the cache is cleared, then the sign-in screen mounts and finds 'signed out'.
    client.clear();
    markSignedOut(client);
    expect(mount().result.current).toMatchObject({ user: null, isLoading: false });
    // The user was read once (the fleet status, read beside it once signed in, is another address).
    expect(userReads(fetch)).toBe(1);
  });

  it("marks the user onShip once the fleet status says this is a ship's copy, and only then", async () => {
    const status = (role: 'office' | 'ship') => ({ role, vessel: null, connected: true, lastContactAt: null, waiting: { toSend: 0 }, problem: null });
    for (const role of ['office', 'ship'] as const) {
      const fetch = vi.fn(async (url: string) => json(200, url.endsWith('/api/fleet/status') ? status(role) : alice));
      const shown = setup(fetch).mount();
      await waitFor(() => expect(fetch.mock.calls.some(([url]) => url.endsWith('/api/fleet/status'))).toBe(true));
      if (role === 'ship') await waitFor(() => expect(shown.result.current.user).toEqual({ ...alice, onShip: true }));
      else await waitFor(() => expect(shown.result.current.user).toEqual(alice));
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it('forgets the user when a later read answers 401', async () => {
    const fetch = vi.fn(async () => json(200, alice));
    const { client, mount } = setup(fetch);
    const shown = mount();
    await waitFor(() => expect(shown.result.current.user).toEqual(alice));
    fetch.mockImplementation(async () => json(401, { message: 'Unauthorized', code: 'unauthorized' }));
    await client.refetchQueries();
    await waitFor(() => expect(shown.result.current.user).toBeNull());
  });
});
