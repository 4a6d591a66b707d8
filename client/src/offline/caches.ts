/**
 * What the service worker keeps for offline reading, shared by the worker (client/src/sw.ts)
 * and the page. Everything here belongs to the signed-in user: signing in or out, or any 401,
 * deletes it all (clearOfflineCopies), so no copy outlives its user's session.
 */

/**
 * Cache Storage names: API answers, the files (downloads, previews), and the user's offline
 * state (the SOPs kept offline, what was fetched ahead, the budget: offline-state.ts).
 */
export const ANSWER_CACHE = 'sop-harbor-answers';
export const FILE_CACHE = 'sop-harbor-files';
export const STATE_CACHE = 'sop-harbor-offline-state';
/** The caches that hold copies and count against the storage budget. */
export const COPY_CACHES = [ANSWER_CACHE, FILE_CACHE] as const;
export const USER_CACHES = [ANSWER_CACHE, FILE_CACHE, STATE_CACHE] as const;

/**
 * Set by the worker on every stored copy: when its answer arrived, or when the server last
 * said (304) that it is unchanged (epoch milliseconds). Either way the copy is the server's
 * answer as of then.
 */
export const FETCHED_AT_HEADER = 'x-sop-fetched-at';
/** Set by the worker on every stored copy: its body's size in bytes (for the budget). */
export const SIZE_HEADER = 'x-sop-size';
/** The machine code of the worker's answer for a read that has no copy while offline. */
export const NOT_CACHED_CODE = 'offline_not_cached';
export const NOT_CACHED_MESSAGE = 'Not available offline: open it once while online to keep a copy.';

/**
 * The reads kept for offline use (GET only): the screens a crew member opens on board. Admin
 * screens, the audit log, approvals and comparisons are left out: they need a link anyway.
 */
const KEPT_READS = [
  /^\/api\/user$/,
  // Whether this is a ship's copy: with no link the screens must still offer no office action.
  /^\/api\/fleet\/status$/,
  /^\/api\/settings$/,
  /^\/api\/departments$/,
  /^\/api\/sops$/,
  /^\/api\/sops\/\d+$/,
  /^\/api\/sops\/\d+\/history$/,
  /^\/api\/sops\/\d+\/reading$/,
  /^\/api\/reading$/,
  /^\/api\/notifications$/,
  /^\/api\/sop-versions\/\d+\/attestations$/,
  /^\/api\/dashboard\/(stats|activity)$/,
  /^\/api\/daily-programs(\/hierarchy)?$/,
  /^\/api\/itineraries$/,
];
/** Stored files: SOP attachments (download, preview, and a Word file's HTML for the reader), daily program and itinerary files. */
const KEPT_FILES = [/^\/api\/attachments\/\d+\/(download|preview|html)$/, /^\/api\/daily-programs\/\d+\/download$/, /^\/api\/itineraries\/\d+\/download$/];

export const isKeptRead = (pathname: string) => KEPT_READS.some((pattern) => pattern.test(pathname));
export const isKeptFile = (pathname: string) => KEPT_FILES.some((pattern) => pattern.test(pathname));

/** The page tells the service worker it deleted the copies (a sign-out), see sw.ts. */
export const COPIES_CLEARED = 'copies-cleared';

/** Deletes every answer and file kept for the user (from the page or from the worker). */
export async function clearOfflineCopies(): Promise<void> {
  if (typeof caches === 'undefined') return;
  // From a page: first tell the worker, so an answer it is still receiving is not stored afterwards.
  if (typeof window !== 'undefined') navigator.serviceWorker?.controller?.postMessage({ type: COPIES_CLEARED });
  await Promise.all(USER_CACHES.map((name) => caches.delete(name)));
}
