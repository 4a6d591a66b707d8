import { MutationCache, QueryClient } from '@tanstack/react-query';
import { getQueryFn, isUnauthorizedError, notifyUnauthorized, setSignedOutHandler } from './api';

/** SPEC §9: no automatic retry, no refetch on focus, no polling, stale at once. */
export const queryClient = new QueryClient({
  mutationCache: new MutationCache({
    onError: (error) => {
      if (isUnauthorizedError(error)) notifyUnauthorized();
    },
  }),
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
