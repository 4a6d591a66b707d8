/**
 * The periodic review clock: how often an SOP is reviewed, when its review falls due and how
 * it stands on a given day. Plain dates ('YYYY-MM-DD', UTC), the same sums as the server's SQL.
 * Who may confirm a review is the lifecycle's (sop-lifecycle.ts).
 */

/** How often an SOP is reviewed, in whole months; null means it is not reviewed periodically. */
export const REVIEW_FREQUENCY_MONTHS = { min: 1, max: 60 } as const;
/** A review falls due soon this many days before its date. */
export const REVIEW_DUE_SOON_DAYS = 30;
export const REVIEW_STATUSES = ['ok', 'due_soon', 'overdue'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
/** The list can be narrowed to the SOPs needing attention. */
export const REVIEW_FILTERS = ['due_soon', 'overdue'] as const satisfies readonly ReviewStatus[];
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

/**
 * 'YYYY-MM-DD' plus whole months, ending on the last day of a shorter month (Jan 31 + 1 =
 * Feb 28, or Feb 29 in a leap year), as PostgreSQL's `date + interval` does: the server's
 * SQL and this function give the same day.
 */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const monthIndex = y * 12 + (m - 1) + months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** `overdue` after the due day, `due_soon` on it and within REVIEW_DUE_SOON_DAYS before it, else `ok`. */
export function reviewStatusOn(nextReviewDue: string | null, today: string): ReviewStatus | null {
  if (!nextReviewDue) return null;
  const daysLeft = daysBetween(today, nextReviewDue);
  if (daysLeft < 0) return 'overdue';
  return daysLeft <= REVIEW_DUE_SOON_DAYS ? 'due_soon' : 'ok';
}

/** The UTC calendar day of an instant, 'YYYY-MM-DD'. */
export const utcDay = (at: Date = new Date()) => at.toISOString().slice(0, 10);
