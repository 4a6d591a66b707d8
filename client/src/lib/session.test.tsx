import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const { holdToast } = vi.hoisted(() => ({ holdToast: vi.fn() }));
vi.mock('@/hooks/use-toast', () => ({ holdToast, toast: vi.fn() }));

import { markSignedOut, useCurrentUser } from './session';

const alice = { id: 1, username: 'alice', firstName: 'Alice', lastName: 'Reed', email: null, role: 'user' };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function setup(fetch: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, mount: () => renderHook(() => useCurrentUser(), { wrapper }) };
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
    expect(fetch).toHaveBeenCalledTimes(1);
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
