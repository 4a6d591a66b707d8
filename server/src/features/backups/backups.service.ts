import { desc } from 'drizzle-orm';
import type { z } from 'zod';
import { BACKUPS_NOT_CONFIGURED, type BackupStatus } from '../../../../common/contracts/backups';
import { type BackupSchedule, backupQueue, requestBackup } from './scheduled-backups.service';
import type { Db } from '../../db/client';
import { backupRuns } from '../../db/schema';
import { conflict } from '../../http/errors';

/** What the Administration Center shows of backups: read from the records, never assumed. */
export async function backupStatus(db: Db, schedule: BackupSchedule | null): Promise<z.output<typeof BackupStatus>> {
  const [last] = await db.select().from(backupRuns).orderBy(desc(backupRuns.finishedAt), desc(backupRuns.id)).limit(1);
  const queue = await backupQueue(db);
  return {
    configured: schedule !== null,
    everyHours: schedule?.everyHours ?? null,
    keep: schedule?.keep ?? null,
    last: last ? { at: last.finishedAt, bytes: last.bytes, ok: last.ok, error: last.error } : null,
    next: schedule ? queue.next : null,
    inProgress: queue.running || queue.requested,
  };
}

/** 'Back up now': queued for the job runner (it never runs on the request). */
export async function backUpNow(db: Db, schedule: BackupSchedule | null) {
  if (!schedule) throw conflict(BACKUPS_NOT_CONFIGURED);
  await requestBackup(db);
  return backupStatus(db, schedule);
}
