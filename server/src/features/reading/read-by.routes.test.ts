import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Behind, ComplianceList, MyReading, RemindResult, VesselCompliance } from '../../../../common/contracts/reading';
import { auditEvents, readingNudges, users, vessels } from '../../db/schema';
import { hasOpenJobs } from '../../jobs/job-queue';
import { createSopAs } from '../../test/client';
import { buildMarineAndHotel, crewOf, type TestUser } from '../../test/factories';
import { approvedDaysAgo, approveLatest, attestAs, complianceOf, dueDayOf, notificationsOf, placeIn, publishedSop, readingOf } from '../../test/reading';
import { startSmtpServer, until } from '../../test/smtp';
import { MAIL_JOB } from '../mail/mailer.service';
import { READING_REMINDER_JOB, requestReadingReminderScan } from './reading-reminders.service';

/**
 * Read-by dates: each version in force must be read within the SOP's days (14 unless it says
 * otherwise) of coming into force; overdue reading is shown to the reader and in compliance,
 * reminded by the server's daily scan and by approvers' 'Remind' (once a day per person).
 */
const smtp = await startSmtpServer();
afterAll(() => smtp.close());
const { t, admin, approver, author, ada, bo, cy, dee } = await crewOf(
  {
    admin: 'admin',
    approver: { role: 'approver', firstName: 'Hana', lastName: 'Head', email: 'head@fleet.example' },
    author: 'user',
    ada: { role: 'user', firstName: 'Ada', lastName: 'Zeller', email: 'ada@fleet.example' },
    bo: { role: 'user', firstName: 'Bo', lastName: 'Anchor', email: 'bo@fleet.example' },
    cy: { role: 'user', firstName: 'Cy', lastName: 'Mast', email: 'cy@fleet.example' },
    dee: { role: 'user', firstName: 'Dee', lastName: 'Steward', email: 'dee@fleet.example' },
  },
  { jobs: 'manual', mail: { url: smtp.url, from: 'SOP Harbor <harbor@fleet.example>' }, publicUrl: 'https://sop.fleet.example' },
);
const dept = { marine: 0, deck: 0, engine: 0, hotel: 0 };
const sop = { lines: { id: 0, versionId: 0 }, galley: { id: 0, versionId: 0 } };

const get = async <T>(who: TestUser, url: string): Promise<T> => {
  const res = await t.as(who, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const remindPerson = (who: TestUser, person: TestUser) => t.as(who, { method: 'POST', url: `/api/compliance/people/${person.id}/remind` });
const remindDepartment = (who: TestUser, departmentId: unknown) => t.as(who, { method: 'POST', url: '/api/compliance/remind', payload: { departmentId } });
const nudges = async () => (await t.db.select({ n: count() }).from(readingNudges))[0].n;
const reminderEvents = async () => (await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'reading_reminded'))).length;

/** What the mail server received while `action` ran and the jobs it queued were done. */
async function mailDuring(action: () => Promise<unknown>) {
  smtp.received.length = 0;
  await action();
  await t.jobs.runUntilIdle();
  await until(
    () => hasOpenJobs(t.db, [READING_REMINDER_JOB, MAIL_JOB]),
    (open) => !open,
    'the queue to empty',
  );
  return [...smtp.received];
}
const recipients = (mails: { to: string[] }[]) => mails.flatMap((m) => m.to).sort();

beforeAll(async () => {
  Object.assign(dept, await buildMarineAndHotel(t.db));
  await placeIn(t, admin, dept.deck, ada, bo, cy);
  await placeIn(t, admin, dept.hotel, dee);
  // Heaving lines (Deck) uses the default 14 days; Galley hygiene (Hotel) gives 5.
  sop.lines = await publishedSop(t, author, approver, dept.deck, 'Heaving lines');
  const galley = await createSopAs(t, author, { departmentId: dept.hotel, title: 'Galley hygiene', readingDays: 5 });
  await approveLatest(t, author, approver, galley.id);
  sop.galley = { id: galley.id, versionId: galley.latestVersionId as number };
  // The approval and new-reading mails of the setup are not what these tests read.
  await mailDuring(async () => {});
});

describe('read-by dates', () => {
  it('are 14 days after the version comes into force unless the SOP says otherwise, on the reader list and in compliance', async () => {
    const linesDue = await dueDayOf(t, sop.lines.versionId, 14);
    const galleyDue = await dueDayOf(t, sop.galley.versionId, 5);
    expect(linesDue).not.toBe(galleyDue);
    const forAda = await readingOf(t, ada);
    expect(forAda.outstanding.map((i) => [i.title, i.dueDate, i.overdue])).toEqual([['Heaving lines', linesDue, false]]);
    expect((await readingOf(t, dee)).outstanding.map((i) => [i.title, i.dueDate, i.overdue])).toEqual([['Galley hygiene', galleyDue, false]]);
    expect(await complianceOf(t, approver, sop.galley.id)).toMatchObject({ dueDate: galleyDue, overdue: 0 });
    const list = await get<ComplianceList>(approver, '/api/compliance');
    expect(list.map((r) => [r.title, r.dueDate, r.overdue])).toEqual([
      ['Galley hygiene', galleyDue, 0],
      ['Heaving lines', linesDue, 0],
    ]);
    // An SOP's days must be a whole number from 1 to 365; a refused save changes nothing.
    for (const readingDays of [0, 366, 2.5, 'soon']) {
      const res = await t.as(author, {
        method: 'PUT',
        url: `/api/sops/${sop.galley.id}`,
        payload: { title: 'Galley hygiene', departmentId: dept.hotel, readingDays },
      });
      expect(res.statusCode, String(readingDays)).toBe(400);
      expect(res.json()).toMatchObject({ field: 'readingDays', message: expect.stringMatching(/^Days to read must be a whole number/) });
    }
    expect((await readingOf(t, dee)).outstanding[0].dueDate).toBe(galleyDue);
    // A new number of days moves the due day of the version in force, and is recorded.
    const save = (readingDays: number) =>
      t.as(author, { method: 'PUT', url: `/api/sops/${sop.galley.id}`, payload: { title: 'Galley hygiene', departmentId: dept.hotel, readingDays } });
    expect((await save(10)).statusCode).toBe(200);
    expect((await readingOf(t, dee)).outstanding[0].dueDate).toBe(await dueDayOf(t, sop.galley.versionId, 10));
    const [changed] = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, sop.galley.id)).orderBy(desc(auditEvents.id)).limit(1);
    expect(changed.metadata).toMatchObject({ changes: [{ field: 'readingDays', label: 'Days to read', from: 5, to: 10 }] });
    expect((await save(5)).statusCode).toBe(200);
    expect((await readingOf(t, dee)).outstanding[0].dueDate).toBe(galleyDue);
  });

  it('are overdue once the day has passed: for the reader, in compliance and in the CSVs, until they attest', async () => {
    // Heaving lines came into force 20 days ago: 6 days overdue. Cy has read it.
    await approvedDaysAgo(t, sop.lines.id, 20);
    await attestAs(t, cy, sop.lines.versionId);
    const due = await dueDayOf(t, sop.lines.versionId);
    const forAda: MyReading = await readingOf(t, ada);
    expect(forAda.outstanding).toMatchObject([{ title: 'Heaving lines', dueDate: due, overdue: true }]);
    expect((await readingOf(t, cy)).done).toMatchObject([{ title: 'Heaving lines', dueDate: due, overdue: false }]);
    // The SOP page says the same to each of them.
    expect(await get(ada, `/api/sops/${sop.lines.id}/reading`)).toMatchObject({ required: true, attested: false, dueDate: due, overdue: true });
    expect(await get(cy, `/api/sops/${sop.lines.id}/reading`)).toMatchObject({ required: true, attested: true, dueDate: due, overdue: false });
    expect(await complianceOf(t, approver, sop.lines.id)).toMatchObject({ required: 3, attested: 1, dueDate: due, overdue: 2 });
    expect((await get<ComplianceList>(approver, `/api/compliance?departmentId=${dept.deck}`)).map((r) => [r.title, r.overdue])).toEqual([['Heaving lines', 2]]);
    const people = await get<{ firstName: string; overdue: number; outstanding: { overdue: boolean }[] }[]>(
      approver,
      `/api/compliance/people?departmentId=${dept.deck}`,
    );
    expect(people.map((p) => [p.firstName, p.overdue, p.outstanding.map((o) => o.overdue)])).toEqual([
      ['Bo', 1, [true]],
      ['Ada', 1, [true]],
      ['Cy', 0, []],
    ]);
    const csv = await t.as(approver, { method: 'GET', url: `/api/compliance/export.csv?departmentId=${dept.deck}` });
    expect(csv.rawPayload.subarray(3).toString('utf8').split('\r\n')[1]).toMatch(new RegExp(`,Heaving lines,Deck,1\\.0,3,1,2,33,0,${due},2,$`));
    // The bell says it is due (the due day, not the approval, is its time).
    const bell = await notificationsOf(t, ada);
    expect(bell.items).toEqual([{ kind: 'reading_due', sopId: sop.lines.id, title: 'Heaving lines', at: `${due}T00:00:00.000Z` }]);
  });

  it('lists who is behind across the fleet, and per vessel where vessels exist, with names in the CSV', async () => {
    expect(await get<VesselCompliance>(approver, '/api/compliance/vessels')).toEqual([]);
    await t.db.insert(vessels).values([
      { code: 'AURORA', name: 'Aurora' },
      { code: 'BOREALIS', name: 'Borealis' },
    ]);
    await t.db
      .update(users)
      .set({ vesselCodes: ['AURORA'] })
      .where(eq(users.id, ada.id));
    await t.db
      .update(users)
      .set({ vesselCodes: ['BOREALIS'] })
      .where(eq(users.id, cy.id));
    await t.db
      .update(users)
      .set({ vesselCodes: ['BOREALIS'] })
      .where(eq(users.id, dee.id));

    const fleet = await get<Behind>(approver, '/api/compliance/behind');
    expect(fleet.total).toBe(2);
    expect(fleet.people.map((p) => [p.lastName, p.vesselCodes, p.overdue])).toEqual([
      ['Anchor', [], 1],
      ['Zeller', ['AURORA'], 1],
    ]);
    expect((await get<Behind>(approver, '/api/compliance/behind?vesselCode=AURORA')).people.map((p) => p.id)).toEqual([ada.id]);
    // Cy is up to date and Dee's galley reading is not due yet: Borealis has nobody behind.
    expect(await get<Behind>(approver, '/api/compliance/behind?vesselCode=BOREALIS')).toEqual({ total: 0, people: [] });
    expect(await get<VesselCompliance>(approver, '/api/compliance/vessels')).toEqual([
      { code: 'AURORA', name: 'Aurora', people: 1, behind: 1, overdue: 1 },
      { code: 'BOREALIS', name: 'Borealis', people: 2, behind: 0, overdue: 0 },
    ]);
    await approvedDaysAgo(t, sop.galley.id, 6);
    expect(await get<VesselCompliance>(approver, '/api/compliance/vessels')).toContainEqual({
      code: 'BOREALIS',
      name: 'Borealis',
      people: 2,
      behind: 1,
      overdue: 1,
    });

    const csv = await t.as(admin, { method: 'GET', url: '/api/compliance/behind.csv?vesselCode=AURORA' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="compliance-behind-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(csv.rawPayload.subarray(3).toString('utf8').split('\r\n')).toEqual([
      'Person,Department,Vessels,Overdue,Outstanding,Overdue SOPs',
      `Ada Zeller,Deck,AURORA,1,1,"Heaving lines (v1.0, due ${await dueDayOf(t, sop.lines.versionId)})"`,
      '',
    ]);
    // Plain users are refused; an unknown vessel code's shape is refused.
    expect((await t.as(ada, { method: 'GET', url: '/api/compliance/behind' })).statusCode).toBe(403);
    expect((await t.as(ada, { method: 'GET', url: '/api/compliance/vessels' })).statusCode).toBe(403);
    expect((await t.as(approver, { method: 'GET', url: '/api/compliance/behind?vesselCode=not%20a%20code' })).statusCode).toBe(400);
  });
});

describe('reminders', () => {
  it('the daily scan mails each reader once before the due day and once at it, however often it runs', async () => {
    // Galley hygiene is overdue for Dee (6 days after coming into force, 5 to read) and Heaving
    // lines for Ada and Bo. A new SOP due in 2 days is inside the reminder window for Deck.
    let anchor = { id: 0, versionId: 0 };
    await mailDuring(async () => {
      anchor = await publishedSop(t, author, approver, dept.deck, 'Anchor watch');
    });
    await approvedDaysAgo(t, anchor.id, 12);
    const mails = await mailDuring(() => requestReadingReminderScan(t.db));
    const subjects = mails.map((m) => `${m.to.join(',')}: ${m.subject}`).sort();
    expect(subjects).toEqual([
      'ada@fleet.example: Reading due soon: Anchor watch',
      'ada@fleet.example: Reading due: Heaving lines',
      'bo@fleet.example: Reading due soon: Anchor watch',
      'bo@fleet.example: Reading due: Heaving lines',
      'cy@fleet.example: Reading due soon: Anchor watch',
      'dee@fleet.example: Reading due: Galley hygiene',
    ]);
    const anchorDue = await dueDayOf(t, anchor.versionId);
    expect(mails.find((m) => m.subject === 'Reading due soon: Anchor watch')?.text).toContain(`must be read by ${anchorDue}.`);
    expect(await mailDuring(() => requestReadingReminderScan(t.db))).toEqual([]);
    // When the due day comes, the second reminder goes; Cy has read it by then.
    await attestAs(t, cy, anchor.versionId);
    await approvedDaysAgo(t, anchor.id, 14);
    expect(recipients(await mailDuring(() => requestReadingReminderScan(t.db)))).toEqual(['ada@fleet.example', 'bo@fleet.example']);
  });

  it("'Remind' reaches a person by bell and mail, is audited, and once a day per person; a refused remind changes nothing", async () => {
    const before = { nudges: await nudges(), events: await reminderEvents() };
    const mails = await mailDuring(async () => {
      const res = await remindPerson(approver, ada);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ reminded: 1, alreadyToday: 0 });
    });
    expect(recipients(mails)).toEqual(['ada@fleet.example']);
    expect(mails[0].text).toContain('Hana Head reminds you to read and confirm:');
    expect(mails[0].text).toContain(`- Heaving lines (read by ${await dueDayOf(t, sop.lines.versionId)})`);
    expect((await notificationsOf(t, ada)).items.map((i) => i.kind)).toContain('reading_reminder');
    expect(await reminderEvents()).toBe(before.events + 1);

    // Again today, by anyone: 409, and nothing more is written or sent.
    const again = await mailDuring(async () => {
      const res = await remindPerson(admin, ada);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'already_reminded', message: 'This person was already reminded today; you can remind them again tomorrow' });
    });
    expect(again).toEqual([]);
    // Someone with nothing to read, an unknown person, a plain user: refused.
    expect((await remindPerson(approver, cy)).statusCode).toBe(409);
    expect((await remindPerson(approver, { ...ada, id: 999_999 })).statusCode).toBe(404);
    expect((await remindPerson(bo, ada)).statusCode).toBe(403);
    expect((await remindDepartment(bo, dept.deck)).statusCode).toBe(403);
    expect((await remindDepartment(approver, 'deck')).statusCode).toBe(400);
    expect((await remindDepartment(approver, 999_999)).statusCode).toBe(404);
    expect({ nudges: await nudges(), events: await reminderEvents() }).toEqual({ nudges: before.nudges + 1, events: before.events + 1 });
  });

  it("'Remind' for a department reminds everyone behind in it who was not reminded today, and says who was skipped", async () => {
    // Marine holds Deck: Ada (reminded today), Bo (behind). Cy has Anchor watch read and Heaving lines read.
    const mails = await mailDuring(async () => {
      const res = await remindDepartment(approver, dept.marine);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json() as RemindResult).toEqual({ reminded: 1, alreadyToday: 1 });
    });
    expect(recipients(mails)).toEqual(['bo@fleet.example']);
    const events = await t.as(admin, { method: 'GET', url: '/api/audit?limit=10' });
    expect((events.json() as { action: string; metadata: { name?: string; via?: string } }[]).filter((e) => e.action === 'reading_reminded')).toMatchObject([
      { metadata: { name: 'Bo Anchor', via: 'department' } },
      { metadata: { name: 'Ada Zeller', via: 'person' } },
    ]);
    const res = await remindDepartment(approver, dept.marine);
    expect(res.json()).toEqual({ reminded: 0, alreadyToday: 2 });
  });
});
