import { QueryClient, useQuery } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { holdToast, navigate } = vi.hoisted(() => ({ holdToast: vi.fn(), navigate: vi.fn() }));
vi.mock('@/hooks/use-toast', () => ({ holdToast, toast: vi.fn() }));
vi.mock('wouter/use-browser-location', () => ({ navigate }));

import { asked, network } from '@/test/network';
import { renderWithClient, settled } from '@/test/render';
import { readQueryKey, setSignedOutHandler } from './api';
import { readWithSession, refetchUnlessJustRead } from './page-load-read';

const alice = { id: 1, username: 'alice' };
const sop = { id: 5, title: 'Muster drill' };
const key = ['/api/sops/5'];
const unauthorized = () => HttpResponse.json({ message: 'Unauthorized', code: 'unauthorized' }, { status: 401 });
/** The server's answer to GET /api/sops/5, as `answer` gives it each time it is asked. */
const serveSop = (answer: (request: Request) => Response | Promise<Response>) => network.use(http.get('/api/sops/5', ({ request }) => answer(request)));
const onTheWire = () => new Promise<Response>(() => {});

/** A promise the test settles: the session check's answer (the user, or null for nobody). */
function sessionCheck() {
  let answer: (user: typeof alice | null) => void = () => {};
  const session = new Promise<typeof alice | null>((resolve) => (answer = resolve));
  return { session, answer };
}

let client: QueryClient;
const signedOut = vi.fn();
const sopReads = () => asked().filter((line) => line === 'GET /api/sops/5').length;

/** The read went out with the session check and the server answered 401; the check has not answered yet. */
async function refusedBeforeTheSession() {
  serveSop(unauthorized);
  const { session, answer } = sessionCheck();
  readWithSession(client, key, session);
  await waitFor(() => expect(sopReads()).toBe(1));
  await waitFor(() => expect(client.getQueryState(key)?.fetchStatus).toBe('idle'));
  return { answer };
}

function SopScreen() {
  const query = useQuery<typeof sop>({ queryKey: key, refetchOnMount: refetchUnlessJustRead });
  return <p>{query.data?.title ?? 'loading'}</p>;
}
const mountScreen = () => renderWithClient(<SopScreen />, client);

beforeEach(() => {
  // As the app's client: the default read, stale at once, no retry.
  client = new QueryClient({ defaultOptions: { queries: { queryFn: readQueryKey, staleTime: 0, retry: false } } });
  setSignedOutHandler(signedOut);
});
afterEach(() => {
  cleanup();
  client.clear();
  vi.clearAllMocks();
});

describe('readWithSession', () => {
  it('asks before the session answers, and the screen shows that answer without asking again; coming back refreshes', async () => {
    serveSop(() => HttpResponse.json(sop));
    const { session, answer } = sessionCheck();
    readWithSession(client, key, session);
    await waitFor(() => expect(client.getQueryData(key)).toEqual(sop));
    expect(sopReads()).toBe(1);
    answer(alice);

    const first = mountScreen();
    expect(screen.getByText('Muster drill')).toBeTruthy();
    await settled();
    expect(sopReads()).toBe(1);

    // Leaving and opening the SOP again reads it again, as any screen does.
    first.unmount();
    mountScreen();
    await waitFor(() => expect(sopReads()).toBe(2));
  });

  it('lets a screen that opens while the read is on the wire take it over (one read), and refreshes on the next visit', async () => {
    let reply: (response: Response) => void = () => {};
    serveSop(() => new Promise<Response>((resolve) => (reply = resolve)));
    const { session, answer } = sessionCheck();
    readWithSession(client, key, session);
    answer(alice);

    const first = mountScreen();
    expect(screen.getByText('loading')).toBeTruthy();
    await waitFor(() => expect(sopReads()).toBe(1));
    reply(HttpResponse.json(sop));
    expect(await screen.findByText('Muster drill')).toBeTruthy();
    expect(sopReads()).toBe(1);

    first.unmount();
    serveSop(() => HttpResponse.json(sop));
    mountScreen();
    await waitFor(() => expect(sopReads()).toBe(2));
  });

  it('keeps the read on the wire when the screen that took it over is drawn again before the answer (one read)', async () => {
    const held: ((response: Response) => void)[] = [];
    const reply = (response: () => Response) => {
      for (const resolve of held.splice(0)) resolve(response());
    };
    serveSop(() => new Promise<Response>((resolve) => held.push(resolve)));
    const { session, answer } = sessionCheck();
    readWithSession(client, key, session);
    answer(alice);

    // The screen mounts and is replaced by a fresh copy of itself (the app redrawn) while the
    // answer is still on its way: for a moment no screen watches the read.
    mountScreen().unmount();
    mountScreen();
    await waitFor(() => expect(held.length).toBeGreaterThan(0));
    await settled();
    reply(() => HttpResponse.json(sop));
    expect(await screen.findByText('Muster drill')).toBeTruthy();
    await settled();
    expect(sopReads()).toBe(1);
  });

  it('signs out on a 401 as any read does once the session check has found someone: the screen asks again', async () => {
    const { answer } = await refusedBeforeTheSession();
    await settled();
    // Nothing yet: the 401 may be the answer 'nobody'.
    expect(holdToast).not.toHaveBeenCalled();
    answer(alice);
    mountScreen();
    await waitFor(() => expect(sopReads()).toBe(2));
    await waitFor(() => expect(holdToast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Unauthorized' }), 1500));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/auth'));
    expect(signedOut).toHaveBeenCalledTimes(1);
  });

  it('keeps nothing for a visitor who is signed out: no Unauthorized notice, no cached answer', async () => {
    const { answer } = await refusedBeforeTheSession();
    answer(null);
    await waitFor(() => expect(client.getQueryCache().find({ queryKey: key })).toBeUndefined());
    await settled();
    expect(holdToast).not.toHaveBeenCalled();
    expect(signedOut).not.toHaveBeenCalled();
  });

  it('drops an answer that came back when the session check then says nobody is signed in', async () => {
    serveSop(() => HttpResponse.json(sop));
    const { session, answer } = sessionCheck();
    readWithSession(client, key, session);
    await waitFor(() => expect(client.getQueryData(key)).toEqual(sop));
    answer(null);
    await waitFor(() => expect(client.getQueryCache().find({ queryKey: key })).toBeUndefined());
  });

  it('cancels the read when the session check says nobody is signed in while it is on the wire', async () => {
    let signal: AbortSignal | undefined;
    serveSop((request) => {
      signal = request.signal;
      return onTheWire();
    });
    const { session, answer } = sessionCheck();
    readWithSession(client, key, session);
    await waitFor(() => expect(signal).toBeDefined());
    answer(null);
    await waitFor(() => expect(client.getQueryCache().find({ queryKey: key })).toBeUndefined());
    // Still on the wire: cancelled.
    expect(signal?.aborted).toBe(true);
  });
});
