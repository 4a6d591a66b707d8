import { z } from 'zod';
import { count, isoDate } from './fields';

/** GET /api/dashboard/stats. */
export const DashboardStats = z.object({
  /** Pending approval tasks the caller may decide (0 for plain users). */
  pendingTasks: count,
  /** SOPs the caller owns. */
  mySubmissions: count,
  totalSops: count,
  /** SOPs updated in the last 7 days. */
  recentEdits: count,
  /** Open suggestions for change the caller may answer: on SOPs they own; every one for approvers and admins (decision 079). */
  openSuggestions: count.default(0),
  /** The caller's own suggestions not yet answered. */
  mySuggestions: count.default(0),
});
export type DashboardStats = z.input<typeof DashboardStats>;

/** One entry of GET /api/dashboard/activity: newest first, at most ACTIVITY_LIMIT. */
export const ActivityEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  createdAt: isoDate,
  actor: z.object({ firstName: z.string().nullable() }).nullable(),
  metadata: z.object({ title: z.string().nullable() }),
});
export type ActivityEntry = z.input<typeof ActivityEntry>;
export const RecentActivity = z.array(ActivityEntry);

export const ACTIVITY_LIMIT = 20;
