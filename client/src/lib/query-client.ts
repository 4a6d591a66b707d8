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

/** Refetches every cached read under these keys (a key also covers the keys that start with it). */
export async function refreshQueries(keys: readonly (QueryKey | undefined)[]) {
  await Promise.all(keys.map((queryKey) => (queryKey ? queryClient.invalidateQueries({ queryKey }) : undefined)));
}
