import type { IsoDate } from './sops';

/** GET /api/dashboard/stats. */
export interface DashboardStats {
  /** Pending approval tasks the caller may decide (0 for plain users). */
  pendingTasks: number;
  /** SOPs the caller owns. */
  mySubmissions: number;
  totalSops: number;
  /** SOPs updated in the last 7 days. */
  recentEdits: number;
}

/** GET /api/dashboard/activity: newest first, at most ACTIVITY_LIMIT. */
export interface ActivityEntry {
  id: number;
  action: string;
  createdAt: IsoDate;
  actor: { firstName: string | null } | null;
  metadata: { title: string | null };
}

export const ACTIVITY_LIMIT = 20;
/** The dashboard shows the newest five. */
export const ACTIVITY_SHOWN = 5;
