/**
 * 'Remind' on the compliance screen: an approver reminds a person, or everyone in a department
 * who has reading outstanding, by the bell and by mail. At most once a day per person, whoever
 * asks: `reading_nudges` holds one row per person and UTC day, so two approvers pressing at once
 * remind once. Each reminder is audited.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { RemindResult } from '../../../../common/contracts/reading';
import { fullName } from '../../../../common/names';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import type { Rows } from '../../db/rows';
import { wakeJobRunners } from '../../jobs/job-queue';
import { recordAudit } from '../audit/audit.service';
import { type MailLinks, notify } from '../mail/notify.service';
import { activeReader, departmentAndChildren, unreadInForce, utcToday } from './audience-filter.service';
import { outstandingReading } from './reading.service';

interface Candidate {
  id: number;
  username: string;
  first_name: string | null;
  last_name: string | null;
  department_id: number;
}

/** Active readers matching `where` (over `u`) who have at least one version in force to read. */
async function readersBehind(db: Db, where: SQL): Promise<Candidate[]> {
  const { rows } = (await db.execute(sql`
    select u.id, u.username, u.first_name, u.last_name, u.department_id
    from users u left join departments ud on ud.id = u.department_id
    where ${activeReader} and ${where} and exists (select 1 ${unreadInForce})
    order by u.id`)) as unknown as Rows<Candidate>;
  return rows;
}

/** Records, mails and audits the reminder of each person not yet reminded today; answers who was. */
async function remind(tx: Db, links: MailLinks, actor: SessionUser, people: Candidate[], via: 'person' | 'department'): Promise<Candidate[]> {
  const reminded: Candidate[] = [];
  const from = fullName(actor) ?? actor.username;
  for (const person of people) {
    const { rows } = (await tx.execute(sql`
      insert into reading_nudges (user_id, reminded_on, reminded_by) values (${person.id}, ${utcToday}, ${actor.id})
      on conflict do nothing returning user_id`)) as unknown as Rows<{ user_id: number }>;
    if (rows.length === 0) continue;
    const { rows: waiting } = (await tx.execute(sql`
      select r.sop_id, r.title, r.due_date from (${outstandingReading({ id: person.id })}) r
      order by r.due, lower(r.title)`)) as unknown as Rows<{ sop_id: number; title: string; due_date: string }>;
    await notify(tx, links, {
      kind: 'reading_reminder',
      to: sql`select ${person.id}::int`,
      message: (words) => words.readingNudge({ from, items: waiting.map((w) => ({ title: w.title, due: w.due_date })) }),
      path: `/sop/${waiting[0].sop_id}`,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'reading_reminded',
      entityType: 'user',
      entityId: person.id,
      metadata: { name: fullName({ firstName: person.first_name, lastName: person.last_name }) ?? person.username, outstanding: waiting.length, via },
    });
    reminded.push(person);
  }
  return reminded;
}

/** POST /api/compliance/people/{id}/remind: one person, who must have something to read and not have been reminded today. */
export async function remindPerson(db: Db, links: MailLinks, actor: SessionUser, userId: number): Promise<z.output<typeof RemindResult>> {
  const result = await db.transaction(async (tx) => {
    const [person] = ((await tx.execute(sql`select u.id from users u where u.id = ${userId} and ${activeReader}`)) as unknown as Rows<{ id: number }>).rows;
    if (!person) throw notFound('Person not found');
    const [behind] = await readersBehind(tx, sql`u.id = ${userId}`);
    if (!behind) throw conflict('Nothing is waiting for this person to read');
    const reminded = await remind(tx, links, actor, [behind], 'person');
    if (reminded.length === 0) throw conflict('This person was already reminded today; you can remind them again tomorrow', 'already_reminded');
    return { reminded: 1, alreadyToday: 0 };
  });
  wakeJobRunners();
  return result;
}

/** POST /api/compliance/remind: everyone in the department (a division: with its departments) with reading outstanding. */
export async function remindDepartment(db: Db, links: MailLinks, actor: SessionUser, departmentId: number): Promise<z.output<typeof RemindResult>> {
  const result = await db.transaction(async (tx) => {
    const [department] = ((await tx.execute(sql`select id from departments where id = ${departmentId}`)) as unknown as Rows<{ id: number }>).rows;
    if (!department) throw notFound('Department not found');
    const behind = await readersBehind(tx, sql`u.department_id in ${departmentAndChildren(departmentId)}`);
    const reminded = await remind(tx, links, actor, behind, 'department');
    return { reminded: reminded.length, alreadyToday: behind.length - reminded.length };
  });
  wakeJobRunners();
  return result;
}
