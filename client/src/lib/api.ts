import type { QueryFunction } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import { holdToast } from '@/hooks/use-toast';

/** SPEC §8: '<status>: <body text or status text>'. */
async function throwIfNotOk(res: Response) {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

/** The server's `message` (or `error`) from an error thrown by apiRequest, else the fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const body = error.message.replace(/^\d{3}: /, '');
  try {
    const parsed = JSON.parse(body) as { message?: string; error?: string };
    return parsed.message || parsed.error || fallback;
  } catch {
    return fallback;
  }
}

let onSignedOut: () => void = () => {};
/** The query client registers how to forget the current user (kept here to avoid an import cycle). */
export function setSignedOutHandler(handler: () => void) {
  onSignedOut = handler;
}

let redirecting = false;
/**
 * SPEC §2: toast 'Unauthorized', then /auth after 500 ms. Called once for every failed call by
 * the query client's caches; the toast is held so a call's own error toast cannot replace it.
 */
export function notifyUnauthorized() {
  if (redirecting) return;
  redirecting = true;
  holdToast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' }, 1500);
  setTimeout(() => {
    onSignedOut();
    navigate('/auth');
    redirecting = false;
  }, 500);
}

/** Writes: JSON body (or FormData for uploads), credentials always, throws on non-OK. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const isForm = data instanceof FormData;
  const res = await fetch(url, {
    method,
    headers: data !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {},
    body: data === undefined ? undefined : isForm ? data : JSON.stringify(data),
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

/** Turns a params object into a query string, skipping empty and null values. */
export function withQuery(url: string, params?: Record<string, unknown>): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${url}?${qs}` : url;
}

type On401 = 'returnNull' | 'throw';

/**
 * Reads: the query key is [url, params?]. A 401 on the current user's read means 'signed out'
 * (null); on any other read it is an error like any failed call, which the query cache turns
 * into the unauthorized toast and redirect.
 */
export const getQueryFn =
  <T,>({ on401 }: { on401: On401 }): QueryFunction<T> =>
  async ({ queryKey, signal }) => {
    const [url, params] = queryKey as [string, Record<string, unknown> | undefined];
    const res = await fetch(withQuery(url, params), { credentials: 'include', signal });
    if (res.status === 401 && on401 === 'returnNull' && url === '/api/user') {
      // Read the short body so the request ends instead of staying open until collected.
      await res.text();
      return null as T;
    }
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
