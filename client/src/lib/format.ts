import { differenceInCalendarDays, format } from 'date-fns';

type DateInput = string | number | Date | null | undefined;

const toDate = (value: DateInput): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** 'Last Edited' in words for recent changes, which matter most: Today, Yesterday, 'N days ago' (<7), 'N weeks ago' (<30), else a date. */
export function formatRelativeDay(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const days = differenceInCalendarDays(now, date);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  if (days < 30) {
    const weeks = Math.floor(days / 7);
    return `${weeks} ${weeks === 1 ? 'week' : 'weeks'} ago`;
  }
  return format(date, 'MMM d, yyyy');
}

export function formatDate(value: DateInput, fallback = ''): string {
  const date = toDate(value);
  return date ? format(date, 'MMM d, yyyy') : fallback;
}

export function formatDateTime(value: DateInput, fallback = ''): string {
  const date = toDate(value);
  return date ? format(date, 'MMM d, yyyy HH:mm') : fallback;
}

/** Lists and forms show KB. */
export function formatKB(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '';
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** The SOP detail page shows MB with two decimals, or 'Unknown size'. */
export function formatMB(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || Number.isNaN(bytes)) return 'Unknown size';
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** A size of any scale, as the offline panel shows it: '640 B', '12.3 KB', '4.2 MB', '200 MB'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return formatKB(bytes);
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** Audit actions arrive in snake_case; screens show them with spaces. */
export const humanizeAction = (action: string) => action.replaceAll('_', ' ');

/** '12 Mar 2026': the day an approval took effect, as the status line says it. */
export function formatDay(value: DateInput, fallback = ''): string {
  const date = toDate(value);
  return date ? format(date, 'd MMM yyyy') : fallback;
}

const CALENDAR_DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const toCalendarDay = (value: string | Date) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);

/**
 * A calendar day the server counts in UTC (a read-by date, '2026-12-12', or its midnight) as
 * '12 Dec 2026': the same day wherever the reader's clock is.
 */
export function formatCalendarDay(value: string | Date): string {
  const date = toCalendarDay(value);
  return Number.isNaN(date.getTime()) ? '' : CALENDAR_DAY.format(date);
}

/** Whether a calendar day (as formatCalendarDay takes it) is over: the UTC day today is later. */
export function isPastDay(value: string | Date, now: Date = new Date()): boolean {
  return toCalendarDay(value).getTime() < Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}
