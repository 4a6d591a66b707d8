import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { clearOfflineCopies } from '@/offline/caches';
import { forgetWaitingAttestations } from '@/offline/attestation-queue';
import { forgetCopies } from '@/offline/offline-status';
import { forgetLibraryTotals } from '@/offline/library-total';
import { stopReadAhead } from '@/offline/read-ahead';
import { readQueryKey, setSignedOutHandler } from './api';
import { markSignedOut } from './session';

/**
 * No automatic retry, no refetch on focus, no polling, stale at once. A 401 needs nothing here:
 * the API client handles it for every call (api.ts). Reads and writes run even when the browser
 * says it is offline (networkMode 'always'): a read then gets the service worker's stored copy
 * or 'not available offline', a write is refused at once; nothing waits paused, spinning.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: readQueryKey,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: 0,
      retry: false,
      networkMode: 'always',
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});

/**
 * Forgets everything of the user who was signed in (sign-out, or any 401): screens on show see
 * 'signed out' and leave, then every cached answer goes, in memory and in the offline copies.
 */
export function forgetSignedInUser() {
  markSignedOut(queryClient);
  queryClient.clear();
  markSignedOut(queryClient);
  forgetCopies();
  forgetLibraryTotals();
  forgetWaitingAttestations();
  stopReadAhead();
  return clearOfflineCopies();
}

setSignedOutHandler(() => void forgetSignedInUser());

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
