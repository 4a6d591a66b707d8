import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import { holdToast } from '@/hooks/use-toast';
import { isOffline, notCachedError, noteAnswer } from '@/offline/offline-status';
import { ApiError, apiErrorOf, isUnauthorized } from './api-error';
import { activeLanguage, i18n } from './i18n';
import { msg, t } from '@lingui/core/macro';

let onSignedOut: () => void = () => {};
/** The query client registers how to forget the current user (kept here to avoid an import cycle). */
export function setSignedOutHandler(handler: () => void) {
  onSignedOut = handler;
}

let redirecting = false;
/**
 * Toast 'Unauthorized', then the sign-in screen after 500 ms. The toast is held so that the
 * failed call's own error toast cannot replace it; a burst of failed calls shows it once.
 */
function notifyUnauthorized() {
  if (redirecting) return;
  redirecting = true;
  holdToast({ title: t`Unauthorized`, description: t`You are logged out. Logging in again...`, variant: 'destructive' }, 1500);
  setTimeout(() => {
    onSignedOut();
    navigate('/auth');
    redirecting = false;
  }, 500);
}

interface CallOptions {
  signal?: AbortSignal;
  /**
   * Its 401 is no news: the call asks who is signed in (the 401 is the answer 'nobody'), or went
   * out before anyone knew (a page load's first read).
   */
  quietUnauthorized?: boolean;
}

/**
 * Every failed call passes here, so a session that ends mid-action is handled once for reads,
 * writes and uploads alike; the caller still receives the error.
 */
function failed(error: ApiError, options: CallOptions = {}): ApiError {
  if (!options.quietUnauthorized && isUnauthorized(error)) notifyUnauthorized();
  return error;
}

/** Changes made with no link are refused at once, not left to fail or to wait unseen. */
const OFFLINE_WRITE = msg`You are offline: changes cannot be sent until the link returns.`;
/** The refusal's English sentence (what a test compares); the refusal itself is in the interface's language. */
export const OFFLINE_WRITE_MESSAGE: string = OFFLINE_WRITE.message ?? '';
const refusedOffline = () => {
  const message = i18n._(OFFLINE_WRITE);
  return new ApiError(0, message, 'offline', { message, code: 'offline' });
};

async function send(method: string, url: string, data: unknown, options: CallOptions = {}): Promise<Response> {
  const isForm = data instanceof FormData;
  // Signing out still tries: on a link that is only flaky it may get through.
  if (method !== 'GET' && url !== '/api/logout' && isOffline()) throw refusedOffline();
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      // The interface's language: the server answers refusals in it, and a first sign-in keeps it.
      headers: { 'Accept-Language': activeLanguage(), ...(data !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}) },
      body: data === undefined ? undefined : isForm ? data : JSON.stringify(data),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    // An aborted read is the query library's business; anything else is a lost connection.
    if (options.signal?.aborted) throw error;
    if (method === 'GET' && isOffline()) throw notCachedError();
    throw new ApiError(0, t`The connection to the server was lost`, undefined, undefined);
  }
  if (method === 'GET') noteAnswer(url, res);
  if (!res.ok) throw failed(apiErrorOf(res.status, res.statusText, await res.text()), options);
  return res;
}

/** Writes: JSON body (or FormData), credentials always; a non-OK answer throws ApiError. */
export function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  return send(method, url, data);
}

/** A read whose answer is a file (an export, a controlled copy): the raw response. */
export function getFile(url: string): Promise<Response> {
  return send('GET', url, undefined);
}

/** A read that parses the JSON answer. */
export async function getJson<T>(url: string, options: CallOptions = {}): Promise<T> {
  return (await send('GET', url, undefined, options)).json() as Promise<T>;
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

/** The default read: the query key is [url, params?] (see query-keys.ts). */
export const readQueryKey: QueryFunction = ({ queryKey, signal }) => readKey(queryKey, { signal });

/** The default read, sent before the session check has answered: its 401 is left to the caller. */
export const readQueryKeyQuietly: QueryFunction = ({ queryKey, signal }) => readKey(queryKey, { signal, quietUnauthorized: true });

function readKey(queryKey: QueryKey, options: CallOptions) {
  const [url, params] = queryKey as unknown as [string, Record<string, unknown> | undefined];
  return getJson(withQuery(url, params), options);
}

/**
 * POSTs a FormData upload and reports its progress (0-100). XMLHttpRequest rather than fetch
 * because only XHR reports upload progress; its failures are the same ApiError as any call's.
 */
export function postForm<T>(url: string, body: FormData, onProgress?: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    if (isOffline()) return reject(refusedOffline());
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(failed(apiErrorOf(xhr.status, xhr.statusText, xhr.responseText)));
      onProgress?.(100);
      try {
        resolve(JSON.parse(xhr.responseText) as T);
      } catch {
        reject(new ApiError(xhr.status, t`The server answered with something unexpected`, undefined, xhr.responseText));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, t`The connection to the server was lost`, undefined, undefined));
    xhr.send(body);
  });
}
