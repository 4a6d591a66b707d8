import { useSyncExternalStore } from 'react';
import type { Query, QueryClient } from '@tanstack/react-query';
import { ApiError, notCachedMessage } from '@/lib/api-error';
import { FETCHED_AT_HEADER, NOT_CACHED_CODE } from './caches';

/**
 * What the page knows about the link: whether the browser says it is offline, and which of the
 * answers it holds are stored copies (the service worker answered from its cache, stamping
 * when the copy had arrived) rather than live answers.
 */

const copiedAt = new Map<string, number>();
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Called for every answer to a read: a stored copy keeps its time, a live answer forgets it. */
export function noteAnswer(url: string, response: Response) {
  const stamp = Number(response.headers.get(FETCHED_AT_HEADER));
  const had = copiedAt.get(url);
  if (stamp > 0) copiedAt.set(url, stamp);
  else copiedAt.delete(url);
  if (had !== copiedAt.get(url)) notify();
}

/** Signing out forgets which answers were copies, with the copies themselves. */
export function forgetCopies() {
  copiedAt.clear();
  notify();
}

/** The error of a read that had neither a link nor a stored copy. */
export const notCachedError = () => {
  const message = notCachedMessage();
  return new ApiError(503, message, NOT_CACHED_CODE, { message, code: NOT_CACHED_CODE });
};
export const isNotCached = (error: unknown) => error instanceof ApiError && error.code === NOT_CACHED_CODE;
/** A screen's failure sentence: 'not available offline' when that is the reason, else its own. */
export const failureText = (error: unknown, fallback: string) => (isNotCached(error) ? notCachedMessage() : fallback);

/** False while the browser knows it has no link. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !isOffline(),
    () => true,
  );
}

/** The URL a cached read fetched: its key is [url, params?] (query-keys.ts). */
function urlOf(query: Query): string | undefined {
  const [url, params] = query.queryKey as [unknown, Record<string, unknown> | undefined];
  if (typeof url !== 'string' || !url.startsWith('/api/')) return undefined;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${url}?${qs}` : url;
}

export interface CopiesShown {
  /** Offline, or reads on this screen are answered from stored copies. */
  offline: boolean;
  /** When the oldest answer on this screen arrived (the copies shown are from then or later). */
  since: number | null;
  /** A read on this screen has no stored copy. */
  missing: boolean;
}

/** What the screens on show are built from: the reads with observers right now. */
export function copiesShown(client: QueryClient): CopiesShown {
  let since: number | null = null;
  let anyCopy = false;
  let missing = false;
  for (const query of client.getQueryCache().findAll({ type: 'active' })) {
    if (isNotCached(query.state.error)) missing = true;
    if (query.state.data === undefined) continue;
    const url = urlOf(query);
    const copy = url === undefined ? undefined : copiedAt.get(url);
    if (copy !== undefined) anyCopy = true;
    const at = copy ?? query.state.dataUpdatedAt;
    if (at > 0 && (since === null || at < since)) since = at;
  }
  return { offline: isOffline() || anyCopy, since, missing };
}

/** copiesShown, kept current as reads settle and the link comes and goes. */
export function useCopiesShown(client: QueryClient): CopiesShown {
  const snapshot = useSyncExternalStore(
    (listener) => {
      const unsubscribeStatus = subscribe(listener);
      const unsubscribeCache = client.getQueryCache().subscribe(listener);
      return () => {
        unsubscribeStatus();
        unsubscribeCache();
      };
    },
    () => JSON.stringify(copiesShown(client)),
    () => JSON.stringify({ offline: false, since: null, missing: false }),
  );
  return JSON.parse(snapshot) as CopiesShown;
}
