/**
 * Mail for periodic reviews falling due, sent by the server by itself: a `review-due-mail`
 * job scans once a day (at midnight UTC, when the review clock turns, and once at each start)
 * and mails each SOP's owner when the SOP enters the bell's due window. `review_due_mails`
 * keeps one row per SOP and due day, so a scan that runs again, on any instance, mails nobody
 * twice; a review confirmed moves the due day and the next one is mailed in its turn.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dailyScan } from '../../jobs/daily-scan';
import type { JobHandler } from '../../jobs/job-runner';
import { backgroundLinks, type MailLinks, type Notifier, notify } from '../mail/notify.service';
import { reviewDueSops } from './sop-review-due.service';
import { reviewDay } from './sop-review-schedule.service';

export const REVIEW_DUE_JOB = 'review-due-mail';

/** Mails the reviews that fell due since the last scan; answers how many SOPs were new. */
export async function mailDueReviews(db: Db, links: MailLinks, today = reviewDay()): Promise<number> {
  if (!links) return 0;
  return db.transaction(async (tx) => {
    const { rows } = (await tx.execute(sql`
      insert into review_due_mails (sop_id, due_on)
      select d.sop_id, (d.due at time zone 'UTC')::date from (${reviewDueSops(sql`true`, today)}) d
      on conflict do nothing
      returning sop_id, to_char(due_on, 'YYYY-MM-DD') as due_on`)) as unknown as { rows: { sop_id: number; due_on: string }[] };
    for (const row of rows) {
      const [sop] = ((await tx.execute(sql`select title from sops where id = ${row.sop_id}`)) as unknown as { rows: { title: string }[] }).rows;
      await notify(tx, links, {
        kind: 'review_due',
        to: sql`select owner_id from sops where id = ${row.sop_id}`,
        message: (words) => words.reviewDue({ title: sop.title, due: row.due_on, past: row.due_on < today }),
        path: `/sop/${row.sop_id}`,
      });
    }
    return rows.length;
  });
}

const scan = dailyScan(REVIEW_DUE_JOB);

/** A scan now (at each start, and in tests); call with the transaction committed. */
export const requestReviewDueScan = (db: Db) => scan.request(db);

export const reviewDueJob = (notifier: Notifier): JobHandler => scan.handler((db) => mailDueReviews(db, backgroundLinks(notifier)));
