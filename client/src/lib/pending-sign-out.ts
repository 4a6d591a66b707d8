/**
 * A sign-out made with no link. Everything of the person leaving is forgotten in this browser
 * at once (query-client.ts), but the server session their cookie names stays valid until the
 * server hears of it; the cookie is HttpOnly, so the page cannot drop it. Until then this
 * browser counts as signed out: the sign-out is sent when the link returns, before anyone's
 * current-user read or sign-in can reach the server with that cookie.
 */
const KEY = 'sop-harbor:pending-sign-out';

export const signOutPending = () => {
  try {
    return localStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
};

export function rememberSignOut() {
  localStorage.setItem(KEY, String(Date.now()));
}

let sending: Promise<boolean> | null = null;
const SEND_TIMEOUT_MS = 4000;

/** Sends the sign-out that waits, if one does; true once none waits (the server has it). */
export function sendPendingSignOut(): Promise<boolean> {
  if (!signOutPending()) return Promise.resolve(true);
  // Never wait on it for long: on a link that has just come back a request can hang, and the app
  // waits on this before anything else; the next read (or the next 'online') sends it again.
  sending ??= fetch('/api/logout', { method: 'POST', credentials: 'include', signal: AbortSignal.timeout(SEND_TIMEOUT_MS) })
    .then((res) => {
      if (!res.ok) return false;
      // The answer's Clear-Site-Data empties storage too; this covers a browser that ignores it.
      localStorage.removeItem(KEY);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      sending = null;
    });
  return sending;
}

if (typeof window !== 'undefined') window.addEventListener('online', () => void sendPendingSignOut());
