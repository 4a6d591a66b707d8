import { useMemo } from 'react';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@common/contracts/auth';
import type { FleetStatus } from '@common/contracts/fleet';
import { getJson } from './api';
import { ApiError, isUnauthorized } from './api-error';
import { sendPendingSignOut } from './pending-sign-out';
import { queryKeys } from './query-keys';

/**
 * Who is signed in. The read fails with a 401 when nobody is: that failure is the answer
 * 'signed out', kept until someone signs in (it is not asked again when another screen
 * mounts). Cached 5 minutes, no retry, no refetch on focus.
 */
export const currentUserQuery = queryOptions<PublicUser, ApiError>({
  queryKey: queryKeys.currentUser(),
  queryFn: async ({ signal }) => {
    // Signed out with no link: nobody is signed in here until the server has heard so.
    if (!(await sendPendingSignOut())) throw new ApiError(401, 'Unauthorized', 'unauthorized', { message: 'Unauthorized' });
    return getJson<PublicUser>(queryKeys.currentUser()[0], { signal, quietUnauthorized: true });
  },
  staleTime: 5 * 60 * 1000,
  retry: false,
  retryOnMount: (query) => !isUnauthorized(query.state.error),
  refetchOnWindowFocus: false,
});

/** A signed-in user, marked `onShip` on a ship's copy (the screens then offer no office-owned action). */
export type SessionUser = PublicUser & { onShip?: boolean };

/**
 * The signed-in user, or null when signed out (or while the first answer is awaited). On a
 * ship's copy the user is marked `onShip` once the fleet status has said so: `can()` then
 * refuses every office-owned action. This reader of the status never asks again by itself (an
 * instance does not change kind); the header's link line keeps the same entry fresh.
 */
export function useCurrentUser() {
  const { data, isLoading, error } = useQuery(currentUserQuery);
  // A failed refetch keeps the last answer; a 401 means that user is gone.
  const user = isUnauthorized(error) ? null : (data ?? null);
  const onShip = useQuery({
    queryKey: queryKeys.fleet.status(),
    queryFn: ({ signal }) => getJson<FleetStatus>(queryKeys.fleet.status()[0], { signal }),
    enabled: user !== null,
    staleTime: Number.POSITIVE_INFINITY,
    select: (status) => status.role === 'ship',
  }).data;
  const shown = useMemo<SessionUser | null>(() => (user && onShip ? { ...user, onShip: true } : user), [user, onShip]);
  return { user: shown, isLoading };
}

/**
 * Signs out on this page without asking the server again: the current-user read now holds the
 * server's 401 and no user, as if it had just answered so. Screens guarded by the user leave.
 */
export function markSignedOut(client: QueryClient) {
  const query = client.getQueryCache().build<PublicUser, ApiError>(client, { queryKey: currentUserQuery.queryKey });
  query.setState({
    data: undefined,
    dataUpdatedAt: 0,
    status: 'error',
    fetchStatus: 'idle',
    error: new ApiError(401, 'Unauthorized', 'unauthorized', { message: 'Unauthorized' }),
    errorUpdatedAt: Date.now(),
  });
}
