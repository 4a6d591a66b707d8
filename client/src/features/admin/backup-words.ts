import { isSameDay } from 'date-fns';
import type { BackupStatus } from '@common/contracts/backups';
import { formatBytes, formatDateTime, formatTime } from '@/lib/labels';

/** An hour past its slot without having run, a scheduled backup is overdue (the server's bell says so too). */
const OVERDUE_AFTER_MS = 3600_000;

const timeOf = (at: string | Date, now: Date) => (isSameDay(new Date(at), now) ? formatTime(at) : formatDateTime(at));

/** The card's one line on backups, from the server's records: 'Last backup 03:00, 48 MB', 'Last backup failed: disk full'. */
export function backupWords(status: BackupStatus, now = new Date()): string {
  if (!status.configured) return 'Not configured';
  const next = status.next ? new Date(status.next) : null;
  if (next && now.getTime() - next.getTime() > OVERDUE_AFTER_MS) return `Overdue since ${timeOf(next, now)}`;
  if (!status.last) return status.inProgress ? 'First backup running' : next ? `No backup yet; first at ${timeOf(next, now)}` : 'No backup yet';
  if (!status.last.ok) return `Last backup failed: ${status.last.error ?? 'unknown error'}`;
  return `Last backup ${timeOf(status.last.at, now)}${status.last.bytes === null ? '' : `, ${formatBytes(status.last.bytes)}`}`;
}
