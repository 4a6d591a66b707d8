/**
 * The service worker: the app shell from the precache (so the app opens with no link at all),
 * and, for the signed-in user, the last copy of each kept read and file (offline/caches.ts).
 * Every kept read goes to the network first, exactly as without the worker (the browser still
 * revalidates with the ETag, so an unchanged answer costs a bodiless 304); only when no answer
 * arrives is the stored copy used. A 401 from the server deletes every copy. Each stored copy
 * carries its size, and the copies are kept within the user's storage budget (offline/budget.ts).
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { enforceBudget } from './offline/budget';
import {
  ANSWER_CACHE,
  clearOfflineCopies,
  COPIES_CLEARED,
  FETCHED_AT_HEADER,
  FILE_CACHE,
  isKeptFile,
  isKeptRead,
  NOT_CACHED_CODE,
  NOT_CACHED_MESSAGE,
  SIZE_HEADER,
} from './offline/caches';

// The project compiles with the DOM library only; these are the few worker globals used here.
declare const self: {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  location: Location;
  skipWaiting: () => Promise<void>;
  addEventListener: (type: 'message', listener: (event: MessageEvent) => void) => void;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// A new build takes over at once: the server only has the new build's files anyway.
void self.skipWaiting();
clientsClaim();

/** After a burst of stored copies (a screen, a fetch ahead), one look at the budget. */
let budgetCheck: ReturnType<typeof setTimeout> | undefined;
function checkBudgetSoon() {
  clearTimeout(budgetCheck);
  budgetCheck = setTimeout(() => void enforceBudget().catch(() => undefined), 500);
}

/** The copy to store: the answer with the moment it arrived and its size. */
async function stamped(response: Response): Promise<Response> {
  const bytes = await response.blob();
  const headers = new Headers(response.headers);
  headers.set(FETCHED_AT_HEADER, String(Date.now()));
  headers.set(SIZE_HEADER, String(bytes.size));
  return new Response(bytes, { status: 200, statusText: response.statusText, headers });
}

/** How many times a 401 or a sign-out has deleted the copies: an answer asked for before the last time is not stored. */
let clears = 0;
// The page signs out: it deletes the copies itself, and an answer still on the wire must not bring one back.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === COPIES_CLEARED) clears += 1;
});

/**
 * Copies only of complete answers, stamped with the moment they arrived; a 401 clears all.
 * An answer to a request sent before that 401 (still on the wire, or being stored as the copies
 * were deleted) is not kept either: it belongs to the session that ended.
 * A 304 (a read ahead sends the ETag of its copy) says the copy is still the server's answer:
 * its time is renewed, so it counts as recent for the budget and the banner.
 */
const keepCopies = (cacheName: string): WorkboxPlugin => ({
  requestWillFetch: async ({ request, state }) => {
    if (state) state.clears = clears;
    return request;
  },
  fetchDidSucceed: async ({ request, response }) => {
    if (response.status === 401) {
      clears += 1;
      await clearOfflineCopies();
    }
    if (response.status === 304) {
      const cache = await caches.open(cacheName);
      const copy = await cache.match(request.url, { ignoreVary: true });
      if (copy) await cache.put(request.url, await stamped(copy));
    }
    return response;
  },
  cacheWillUpdate: async ({ response, state }) => (response.status === 200 && state?.clears === clears ? stamped(response) : null),
  cacheDidUpdate: async ({ request, state }) => {
    if (state?.clears !== clears) await (await caches.open(cacheName)).delete(request);
    checkBudgetSoon();
  },
  // No answer and no copy: say so in the API's error shape, instead of a network failure.
  handlerDidError: async () =>
    new Response(JSON.stringify({ message: NOT_CACHED_MESSAGE, code: NOT_CACHED_CODE }), {
      status: 503,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    }),
});

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const answers = new NetworkFirst({ cacheName: ANSWER_CACHE, plugins: [keepCopies(ANSWER_CACHE)] });
const files = new NetworkFirst({ cacheName: FILE_CACHE, plugins: [keepCopies(FILE_CACHE)] });

registerRoute(({ url }) => sameOrigin(url) && isKeptRead(url.pathname), answers);
// Downloads open in a new tab, so a file is fetched by a navigation as well as by a script.
registerRoute(({ url }) => sameOrigin(url) && isKeptFile(url.pathname), files);

/** A download first asks with HEAD whether the file is there: offline, the stored copy answers. */
registerRoute(
  ({ url }) => sameOrigin(url) && isKeptFile(url.pathname),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const copy = await (await caches.open(FILE_CACHE)).match(request.url);
      if (!copy) throw error;
      return new Response(null, { status: copy.status, statusText: copy.statusText, headers: copy.headers });
    }
  },
  'HEAD',
);

// Every screen is the same shell; API paths and the health check are never screens.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/+api(\/|$)/i, /^\/healthz/] }));
