import { QueryClient } from '@tanstack/react-query';
import { cleanup, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

const { holdToast } = vi.hoisted(() => ({ holdToast: vi.fn() }));
vi.mock('@/hooks/use-toast', () => ({ holdToast, toast: vi.fn() }));

import { fleetStatus } from '@/test/fixtures';
import { asked, network } from '@/test/network';
import { renderHookWithClient, settled } from '@/test/render';
import { markSignedOut, useCurrentUser } from './session';

const alice = { id: 1, username: 'alice', firstName: 'Alice', lastName: 'Reed', email: null, role: 'user' };
const unauthorized = () => HttpResponse.json({ message: 'Unauthorized', code: 'unauthorized' }, { status: 401 });
const userReads = () => asked().filter((line) => line === 'GET /api/user').length;

/** The server's answers to who is signed in and, once someone is, to the fleet status. */
function setup(user: () => Response, fleet: 'office' | 'ship' = 'office') {
  network.use(
    http.get('/api/user', user),
    http.get('/api/fleet/status', () => HttpResponse.json(fleetStatus(fleet))),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { client, mount: () => renderHookWithClient(() => useCurrentUser(), client) };
}

afterEach(() => {
  cleanup();
  holdToast.mockClear();
});

describe('useCurrentUser', () => {
  it('reads a 401 as signed out: no user, no Unauthorized notice, and no second ask', async () => {
    const { mount } = setup(unauthorized);
    const first = mount();
    await waitFor(() => expect(first.result.current.isLoading).toBe(false));
    expect(first.result.current.user).toBeNull();
    // Another screen (the sign-in page) mounts: it does not ask the server again.
    const second = mount();
    expect(second.result.current).toMatchObject({ user: null, isLoading: false });
    await settled();
    // Nobody is signed in: the fleet status is not asked either.
    expect(asked()).toEqual(['GET /api/user']);
    expect(holdToast).not.toHaveBeenCalled();
  });

  it('signs out on this page at once when told, without asking the server', async () => {
    const { client, mount } = setup(() => HttpResponse.json(alice));
    const shown = mount();
    await waitFor(() => expect(shown.result.current.user).toEqual(alice));
    markSignedOut(client);
    await waitFor(() => expect(shown.result.current.user).toBeNull());
    // As after logout: the cache is cleared, then the sign-in screen mounts and finds 'signed out'.
    client.clear();
    markSignedOut(client);
    expect(mount().result.current).toMatchObject({ user: null, isLoading: false });
    // The user was read once (the fleet status, read beside it once signed in, is another address).
    await settled();
    expect(userReads()).toBe(1);
  });

  it.each(['office', 'ship'] as const)("marks the user onShip once the fleet status says this is a ship's copy, and only then (%s)", async (role) => {
    const shown = setup(() => HttpResponse.json(alice), role).mount();
    await waitFor(() => expect(asked()).toEqual(['GET /api/user', 'GET /api/fleet/status']));
    if (role === 'ship') await waitFor(() => expect(shown.result.current.user).toEqual({ ...alice, onShip: true }));
    else await waitFor(() => expect(shown.result.current.user).toEqual(alice));
  });

  it('forgets the user when a later read answers 401', async () => {
    const { client, mount } = setup(() => HttpResponse.json(alice));
    const shown = mount();
    await waitFor(() => expect(shown.result.current.user).toEqual(alice));
    network.use(http.get('/api/user', unauthorized), http.get('/api/fleet/status', unauthorized));
    await client.refetchQueries();
    await waitFor(() => expect(shown.result.current.user).toBeNull());
  });
});
