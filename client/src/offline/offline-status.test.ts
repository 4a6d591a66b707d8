import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { holdToast, navigate } = vi.hoisted(() => ({ holdToast: vi.fn(), navigate: vi.fn() }));
vi.mock('@/hooks/use-toast', () => ({ holdToast, toast: vi.fn() }));
vi.mock('wouter/use-browser-location', () => ({ navigate }));

import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { apiRequest, getJson, OFFLINE_WRITE_MESSAGE, postForm, readQueryKey } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { FETCHED_AT_HEADER, NOT_CACHED_CODE, NOT_CACHED_MESSAGE } from './caches';
import { copiesShown, failureText, forgetCopies } from './offline-status';
import { asked, network } from '@/test/network';

const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
/** The server answers every /api call with {}: what counts is what reaches it. */
const serveAnything = () => network.use(http.all('/api/*', () => HttpResponse.json({})));
const failure = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: unknown) => error as ApiError,
  );

beforeEach(() => forgetCopies());
afterEach(() => vi.restoreAllMocks());

describe('writes with no link', () => {
  it('are refused at once with a clear message, and nothing is sent', async () => {
    setOnline(false);
    serveAnything();
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const error = await failure(apiRequest(method, '/api/sops/1'));
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 0, code: 'offline', message: OFFLINE_WRITE_MESSAGE });
    }
    const upload = await failure(postForm('/api/sop-versions/1/attachments', new FormData()));
    expect(upload).toMatchObject({ code: 'offline', message: OFFLINE_WRITE_MESSAGE });
    expect(asked()).toEqual([]);
  });

  it('still lets sign-out try, and are sent as usual online', async () => {
    setOnline(false);
    serveAnything();
    await apiRequest('POST', '/api/logout');
    setOnline(true);
    await apiRequest('POST', '/api/sops', { title: 'x' });
    expect(asked()).toEqual(['POST /api/logout', 'POST /api/sops']);
  });
});

describe('reads with no link', () => {
  it('say "not available offline" when nothing answers, instead of a lost connection', async () => {
    setOnline(false);
    network.use(http.get('/api/sops/7', () => HttpResponse.error()));
    const error = await failure(getJson('/api/sops/7'));
    expect(error).toMatchObject({ status: 503, code: NOT_CACHED_CODE, message: NOT_CACHED_MESSAGE });
    expect(failureText(error, 'The SOP could not be loaded.')).toBe(NOT_CACHED_MESSAGE);
    expect(failureText(new ApiError(500, 'x', undefined, undefined), 'The SOP could not be loaded.')).toBe('The SOP could not be loaded.');
  });

  it("take the worker's 'no copy' answer as the same failure", async () => {
    network.use(http.get('/api/sops/7', () => HttpResponse.json({ message: NOT_CACHED_MESSAGE, code: NOT_CACHED_CODE }, { status: 503 })));
    const error = await failure(getJson('/api/sops/7'));
    expect(failureText(error, 'fallback')).toBe(NOT_CACHED_MESSAGE);
  });
});

describe('the copies a screen shows', () => {
  async function screenWith(client: QueryClient, keys: unknown[][]) {
    const observers = keys.map((queryKey) => new QueryObserver(client, { queryKey, queryFn: readQueryKey }));
    const unsubscribe = observers.map((observer) => observer.subscribe(() => {}));
    await Promise.all(keys.map((queryKey) => client.fetchQuery({ queryKey, queryFn: readQueryKey })));
    return () => {
      for (const stop of unsubscribe) stop();
    };
  }

  it('are dated by the oldest stored copy among the reads on show', async () => {
    setOnline(true);
    // The service worker's stored copies, stamped with when each arrived.
    const storedCopy = (at: number) => () => HttpResponse.json({}, { headers: { [FETCHED_AT_HEADER]: String(at) } });
    network.use(http.get('/api/sops', storedCopy(1_700_000_000_000)), http.get('/api/user', storedCopy(1_700_000_600_000)));
    const client = new QueryClient();
    const leave = await screenWith(client, [['/api/sops', { search: 'mooring' }], ['/api/user']]);
    expect(asked()).toEqual(['GET /api/sops?search=mooring', 'GET /api/user']);
    expect(copiesShown(client)).toEqual({ offline: true, since: 1_700_000_000_000, missing: false });
    leave();
    // Off screen, a copy no longer counts.
    expect(copiesShown(client)).toEqual({ offline: false, since: null, missing: false });
  });

  it('are not claimed when every answer is live, unless the browser says it is offline', async () => {
    serveAnything();
    const client = new QueryClient();
    setOnline(true);
    const before = Date.now();
    const leave = await screenWith(client, [['/api/departments']]);
    const live = copiesShown(client);
    expect(live.offline).toBe(false);
    expect(live.since).toBeGreaterThanOrEqual(before);
    setOnline(false);
    expect(copiesShown(client).offline).toBe(true);
    leave();
  });
});
