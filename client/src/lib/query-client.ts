import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { getQueryFn, isUnauthorizedError, notifyUnauthorized, setSignedOutHandler } from './api';

/** SPEC §9: no automatic retry, no refetch on focus, no polling, stale at once. */
/** Every failed call, read or write, gets the same signed-out handling here rather than in each hook. */
const onAnyError = (error: unknown) => {
  if (isUnauthorizedError(error)) notifyUnauthorized();
};

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onAnyError }),
  mutationCache: new MutationCache({ onError: onAnyError }),
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'returnNull' }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: 0,
      retry: false,
    },
    mutations: { retry: false },
  },
});

setSignedOutHandler(() => queryClient.setQueryData(['/api/user'], null));
