import { queryOptions } from '@tanstack/react-query';
import type { ActivityEntry } from '@common/contracts/dashboard';
import { queryKeys } from '@/lib/query-keys';
import { dashboardStatsQuery } from '@/lib/shared-queries';

/** Both dashboard reads run without retry. */
export const dashboardQueries = {
  stats: () => dashboardStatsQuery,
  activity: () => queryOptions<ActivityEntry[]>({ queryKey: queryKeys.dashboard.activity(), retry: false }),
};
