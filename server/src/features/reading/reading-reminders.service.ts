/**
 * Reminders of required reading, sent by the server by itself: a `reading-reminders` job scans
 * once a day (at midnight UTC, when the due days turn, and once at each start) and mails each
 * reader whose reading of a version in force is due within REMIND_DAYS_BEFORE days (stage
 * `before`) or due today or past (stage `due`). `reading_reminders` keeps one row per reader,
 * version and stage, so a scan that runs again, on any instance, reminds nobody twice. The bell
 * needs no scan: it shows the same items from the same due days (notifications.service.ts).
 */
import { sql } from 'drizzle-orm';
import { REMIND_DAYS_BEFORE } from '../../../../common/contracts/reading';
import type { Db } from '../../db/client';
import { dailyScan } from '../../jobs/daily-scan';
import type { JobHandler } from '../../jobs/job-runner';
import { backgroundLinks, type MailLinks, type Notifier, notify } from '../mail/notify.service';
import { activeReader, isoDay, readerDueDay, readingDueDay, unreadInForce, utcToday } from './audience-filter.service';
import type { Rows } from '../../db/rows';

export const READING_REMINDER_JOB = 'reading-reminders';

/** Mails the reminders that became due since the last scan; answers how many were recorded. */
export async function remindDueReading(db: Db, links: MailLinks): Promise<number> {
  if (!links) return 0;
  return db.transaction(async (tx) => {
    const { rows } = (await tx.execute(sql`
      with due as (
        select u.id as user_id, r.version_id, r.due
        from users u left join departments ud on ud.id = u.department_id
        cross join lateral (select e.id as version_id, ${readerDueDay()} as due ${unreadInForce}) r
        where ${activeReader} and r.due - ${REMIND_DAYS_BEFORE}::int <= ${utcToday}
      )
      insert into reading_reminders (user_id, version_id, stage)
      select user_id, version_id, case when due <= ${utcToday} then 'due' else 'before' end from due
      on conflict do nothing
      returning user_id, version_id, stage`)) as unknown as Rows<{ user_id: number; version_id: number; stage: 'before' | 'due' }>;
    if (rows.length === 0) return 0;
    // What each message names, for every version the scan recorded, in one read.
    const versionIds = [...new Set(rows.map((row) => row.version_id))];
    const versions = new Map(
      (
        (await tx.execute(sql`
          select v.id, s.id as sop_id, s.title, v.version_number, ${isoDay(readingDueDay('v'))} as due_date, ${readingDueDay('v')} < ${utcToday} as past_due
          from sop_versions v join sops s on s.id = v.sop_id where v.id = any(${`{${versionIds.join(',')}}`}::int[])`)) as unknown as Rows<{
          id: number;
          sop_id: number;
          title: string;
          version_number: string;
          due_date: string;
          past_due: boolean;
        }>
      ).rows.map((version) => [version.id, version]),
    );
    // One message per version and stage, to everyone the scan just recorded for it.
    const groups = new Map<string, { versionId: number; stage: 'before' | 'due'; users: number[] }>();
    for (const row of rows) {
      const key = `${row.version_id}:${row.stage}`;
      const group = groups.get(key) ?? { versionId: row.version_id, stage: row.stage, users: [] };
      group.users.push(row.user_id);
      groups.set(key, group);
    }
    for (const group of groups.values()) {
      const version = versions.get(group.versionId);
      if (!version) continue;
      const reminder = { title: version.title, version: version.version_number, stage: group.stage, due: version.due_date, pastDue: version.past_due };
      await notify(tx, links, {
        kind: 'reading_reminder',
        to: sql`select unnest(${`{${group.users.join(',')}}`}::int[])`,
        message: (words) => words.readingReminder(reminder),
        path: `/sop/${version.sop_id}`,
      });
    }
    return rows.length;
  });
}

const scan = dailyScan(READING_REMINDER_JOB);

/** A scan now (at each start, and in tests); call with the transaction committed. */
export const requestReadingReminderScan = (db: Db) => scan.request(db);

export const readingReminderJob = (notifier: Notifier): JobHandler => scan.handler((db) => remindDueReading(db, backgroundLinks(notifier)));
