import { queryOptions } from '@tanstack/react-query';
import type { ActivityEntry, DashboardStats } from '@common/contracts/dashboard';

/** SPEC §7: both dashboard reads run without retry. */
export const dashboardQueries = {
  stats: () => queryOptions<DashboardStats | null>({ queryKey: ['/api/dashboard/stats'], retry: false }),
  activity: () => queryOptions<ActivityEntry[] | null>({ queryKey: ['/api/dashboard/activity'], retry: false }),
};
