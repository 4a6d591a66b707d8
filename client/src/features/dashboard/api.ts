import { queryOptions } from '@tanstack/react-query';
import type { ActivityEntry, DashboardStats } from '@common/contracts/dashboard';
import { queryKeys } from '@/lib/query-keys';

/** Both dashboard reads run without retry. */
export const dashboardQueries = {
  stats: () => queryOptions<DashboardStats>({ queryKey: queryKeys.dashboard.stats(), retry: false }),
  activity: () => queryOptions<ActivityEntry[]>({ queryKey: queryKeys.dashboard.activity(), retry: false }),
};
