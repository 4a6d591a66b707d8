import { z } from 'zod';
import { count, isoDate } from './fields';

/** GET /api/admin/backups and POST /api/admin/backups ('Back up now'). */
export const BackupStatus = z.object({
  /** False when the server has no BACKUP_DIR: it makes no backups by itself. */
  configured: z.boolean(),
  everyHours: z.number().positive().nullable(),
  keep: count.nullable(),
  /** The most recent backup the server made, whether it worked or not. */
  last: z.object({ at: isoDate, bytes: count.nullable(), ok: z.boolean(), error: z.string().nullable() }).nullable(),
  /** When the next scheduled backup is due. */
  next: isoDate.nullable(),
  /** A backup is running, or an admin's 'Back up now' waits for its turn. */
  inProgress: z.boolean(),
});
export type BackupStatus = z.input<typeof BackupStatus>;

export const BACKUPS_NOT_CONFIGURED = 'Backups are not configured: set BACKUP_DIR on the server to turn them on.';
