import type { Query, QueryClient, QueryFunction, QueryKey } from '@tanstack/react-query';
import { readQueryKeyQuietly } from './api';
import { isUnauthorized } from './api-error';
import { signOutPending } from './pending-sign-out';

/** How old such an answer may be for the screen's first mount to show it without asking again. */
const FRESH_FOR_MS = 10_000;

/** Reads started with the page load whose answer no screen has shown yet. */
const unshown = new WeakSet<object>();

/**
 * Starts a screen's main read together with the session check (`session`: who is signed in,
 * null for nobody) instead of after it: one round trip less before the screen can paint. It
 * goes through the API client like any read, so a service worker's stored copy and 'not
 * available offline' are the same. Its 401 is no news by itself (nobody may be signed in): the
 * read is reset, so the screen, if the check finds someone, asks again, and that read's 401
 * signs out as any read's does. A visitor the check finds signed out keeps nothing
 * of it: the read leaves the cache, cancelled if it is still on the wire. Settles (never fails)
 * once the read is answered either way.
 */
export function readWithSession(client: QueryClient, queryKey: QueryKey, session: Promise<unknown>): Promise<void> {
  // A sign-out made offline has not reached the server yet: the cookie still names the person
  // who left, so nothing is read beside the check that sends it.
  if (signOutPending()) return Promise.resolve();
  // A screen already showing the refusal asks again; one that mounts later asks anyway.
  // Its own signal, not the query's: the query cancels a read whose signal was taken as soon as
  // no screen watches it, and the screen that takes this read over may be drawn again (a new
  // copy mounted after the old one left) while the answer is on its way; that would ask twice.
  const wire = new AbortController();
  const queryFn: QueryFunction = ({ queryKey, meta, client }) => readQueryKeyQuietly({ queryKey, meta, client, signal: wire.signal });
  const answered = client.fetchQuery({ queryKey, queryFn }).then(
    () => undefined,
    (error: unknown) => {
      if (isUnauthorized(error)) void client.resetQueries({ queryKey, exact: true });
    },
  );
  const cache = client.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (!query) return answered;
  unshown.add(query);
  // Shown once: when the screen it went to leaves (or the read leaves the cache), later mounts refresh.
  const stop = cache.subscribe((event) => {
    if (event.query !== query || (event.type !== 'observerRemoved' && event.type !== 'removed')) return;
    unshown.delete(query);
    stop();
  });
  void session.then((user) => {
    if (user) return;
    client.removeQueries({ queryKey, exact: true });
    wire.abort();
  });
  return answered;
}

/**
 * `refetchOnMount` for the screen that shows such a read: its first mount takes the answer
 * fetched seconds earlier instead of asking again (the default would, as every answer is stale
 * at once). Once that screen has gone, or long after the read, mounts refresh as always. Asked
 * more than once per mount (the render asks too), so it only looks.
 */
export function refetchUnlessJustRead<TData, TError>(query: Query<TData, TError, TData, QueryKey>): boolean {
  const { status, dataUpdatedAt } = query.state;
  return !(unshown.has(query) && status === 'success' && Date.now() - dataUpdatedAt < FRESH_FOR_MS);
}
