import { isSameDay } from 'date-fns';
import type { BackupStatus } from '@common/contracts/backups';
import { formatBytes, formatDateTime, formatTime } from '@/lib/labels';
import { t } from '@lingui/core/macro';

/** An hour past its slot without having run, a scheduled backup is overdue (the server's bell says so too). */
const OVERDUE_AFTER_MS = 3600_000;

const timeOf = (at: string | Date, now: Date) => (isSameDay(new Date(at), now) ? formatTime(at) : formatDateTime(at));

/** The card's one line on backups, from the server's records: 'Last backup 03:00, 48 MB', 'Last backup failed: disk full'. */
export function backupWords(status: BackupStatus, now = new Date()): string {
  if (!status.configured) return t`Not configured`;
  const next = status.next ? new Date(status.next) : null;
  const nextTime = next ? timeOf(next, now) : null;
  if (nextTime && next && now.getTime() - next.getTime() > OVERDUE_AFTER_MS) return t`Overdue since ${nextTime}`;
  if (!status.last) return status.inProgress ? t`First backup running` : nextTime ? t`No backup yet; first at ${nextTime}` : t`No backup yet`;
  if (!status.last.ok) {
    const error = status.last.error ?? t`unknown error`;
    return t`Last backup failed: ${error}`;
  }
  const time = timeOf(status.last.at, now);
  if (status.last.bytes === null) return t`Last backup ${time}`;
  const size = formatBytes(status.last.bytes);
  return t`Last backup ${time}, ${size}`;
}
