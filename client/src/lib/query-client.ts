import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { readQueryKey, setSignedOutHandler } from './api';
import { markSignedOut } from './session';

/**
 * No automatic retry, no refetch on focus, no polling, stale at once. A 401 needs nothing here:
 * the API client handles it for every call (api.ts).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: readQueryKey,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: 0,
      retry: false,
    },
    mutations: { retry: false },
  },
});

setSignedOutHandler(() => markSignedOut(queryClient));

/**
 * Refetches every cached read under these keys (a key also covers the keys that start with it).
 * A read already on the wire may have been answered before the write committed. Invalidation
 * alone would wait for it when it is the key's first fetch (a list just filtered, say) and keep
 * its old answer, so reads under way are cancelled first and every refetch starts after the write.
 */
export async function refreshQueries(keys: readonly (QueryKey | undefined)[]) {
  const queryKeys = keys.filter((queryKey): queryKey is QueryKey => queryKey !== undefined);
  await Promise.all(queryKeys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
