import { ANSWER_CACHE, FETCHED_AT_HEADER } from '@/offline/caches';

/** Just enough of Cache Storage for the offline copies: caches of URL -> Response, kept in memory. */
export function fakeCacheStorage() {
  const stores = new Map<string, Map<string, Response>>();
  const keyOf = (request: RequestInfo | URL) =>
    new URL(typeof request === 'string' ? request : request instanceof URL ? request.href : request.url, 'http://ship.test').href;
  const cacheOf = (entries: Map<string, Response>) => ({
    keys: async () => [...entries.keys()].map((url) => new Request(url)),
    match: async (request: RequestInfo | URL) => entries.get(keyOf(request))?.clone(),
    put: async (request: RequestInfo | URL, response: Response) => void entries.set(keyOf(request), response),
    delete: async (request: RequestInfo | URL) => entries.delete(keyOf(request)),
  });
  return {
    stores,
    storage: {
      has: async (name: string) => stores.has(name),
      open: async (name: string) => {
        if (!stores.has(name)) stores.set(name, new Map());
        return cacheOf(stores.get(name)!);
      },
      delete: async (name: string) => stores.delete(name),
    },
  };
}

/** An answer as the service worker stores it: the JSON body, stamped with when it arrived. */
export async function storeAnswer(path: string, body: unknown, storedAt: number) {
  await (await caches.open(ANSWER_CACHE)).put(path, Response.json(body, { headers: { [FETCHED_AT_HEADER]: String(storedAt) } }));
}
