import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { NotificationPreferences } from '../../../../common/contracts/notification-preferences';
import { openDatabase } from '../../db/client';
import { jobs, sopVersions, users } from '../../db/schema';
import { hasOpenJobs } from '../../jobs/job-queue';
import { MAIL_JOB } from './mailer.service';
import { notify } from './notify.service';
import { openTestDatabase } from '../../test/database';
import { createTestContext, crewOf, type TestContext, type TestUser } from '../../test/factories';
import { createSopAs, decideTask, setApprovalRouteAs, submitSopAs } from '../../test/client';
import { buildDepartment } from '../../test/factories';
import { placeIn } from '../../test/reading';
import { startSmtpServer, until } from '../../test/smtp';
import { BACKUP_JOB } from '../backups/scheduled-backups.service';
import { REVIEW_DUE_JOB, requestReviewDueScan } from '../sops/sop-review-due-mail.service';

/**
 * Notification e-mail, read back from a real SMTP server in this process: each kind reaches
 * the people it is for and nobody else, a switch turned off stops it. Backups write into a
 * "folder" that is a file, so every backup fails (PostgreSQL with TEST_DATABASE_URL, else the
 * embedded database on disk: backups read through a connection pool).
 */
const smtp = await startSmtpServer();
const work = mkdtempSync(path.join(tmpdir(), 'sop-notification-mail-'));
const notAFolder = path.join(work, 'backups');
writeFileSync(notAFolder, 'not a folder');
const database = process.env.TEST_DATABASE_URL ? await openTestDatabase() : await openDatabase({ dataDir: path.join(work, 'db') });
const PUBLIC_URL = 'https://sop.fleet.example';

const { t, admin, head, chief, author, deckhand, bosun, cadet, steward } = await crewOf(
  {
    admin: { role: 'admin', email: 'admin@fleet.example' },
    head: { role: 'approver', email: 'head@fleet.example' },
    chief: { role: 'approver', email: 'chief@fleet.example' },
    author: { role: 'user', email: 'author@fleet.example', firstName: 'Ana', lastName: 'Costa' },
    deckhand: { role: 'user', email: 'deckhand@fleet.example' },
    bosun: { role: 'user', email: 'bosun@fleet.example' },
    // No address: they get no e-mail, whatever happens.
    cadet: 'user',
    steward: { role: 'user', email: 'steward@fleet.example' },
  },
  {
    database,
    mail: { url: smtp.url, from: 'SOP Harbor <harbor@fleet.example>' },
    publicUrl: `${PUBLIC_URL}/`,
    backups: { dir: notAFolder, everyHours: 24, keep: 2 },
    retryDelayMs: 200,
  },
);
afterAll(async () => {
  await smtp.close();
  rmSync(work, { recursive: true, force: true });
});

const deck = (await buildDepartment(t.db, 'Deck')).id;
const hotel = (await buildDepartment(t.db, 'Hotel')).id;
await placeIn(t, admin, deck, deckhand, bosun, cadet);
await placeIn(t, admin, hotel, steward);

const preferences = (who: TestUser) => t.as(who, { method: 'GET', url: '/api/account/notification-preferences' });
const switchMail = (who: TestUser, payload: object) => t.as(who, { method: 'PUT', url: '/api/account/notification-preferences', payload });

/** What the mail server received while `action` ran and the mail jobs it queued were sent. */
async function mailDuring(action: () => Promise<unknown>, kinds = [MAIL_JOB]) {
  smtp.received.length = 0;
  await action();
  await until(
    () => hasOpenJobs(t.db, [...kinds, MAIL_JOB]),
    (open) => !open,
    'the queue to empty',
  );
  return [...smtp.received];
}
const recipients = (mails: { to: string[] }[]) => mails.flatMap((m) => m.to).sort();

async function pendingTask(sopId: number): Promise<number> {
  return (await t.as(author, { method: 'GET', url: `/api/sops/${sopId}` })).json().pendingTaskId;
}

describe('the e-mail switches on the account page', () => {
  it('are all on at first, one per kind the person can receive, with their address', async () => {
    const forCrew = (await preferences(deckhand)).json() as NotificationPreferences;
    expect(forCrew).toEqual({
      configured: true,
      email: 'deckhand@fleet.example',
      kinds: [
        { kind: 'changes_requested', enabled: true },
        { kind: 'reading', enabled: true },
        { kind: 'reading_reminder', enabled: true },
        { kind: 'review_due', enabled: true },
        { kind: 'suggestion_answered', enabled: true },
      ],
    });
    expect(((await preferences(head)).json() as NotificationPreferences).kinds.map((k) => k.kind)).toEqual([
      'approval',
      'changes_requested',
      'reading',
      'reading_reminder',
      'review_due',
      'suggestion_answered',
    ]);
    expect(((await preferences(admin)).json() as NotificationPreferences).kinds).toHaveLength(7);
    expect((await preferences(cadet)).json()).toMatchObject({ email: null });
  });

  it('turn off and on again; a kind the person never gets, or nothing at all, is refused and changes nothing', async () => {
    const off = await switchMail(bosun, { reading: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().kinds).toContainEqual({ kind: 'reading', enabled: false });
    const foreign = await switchMail(bosun, { review_due: false, backup_failed: false });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('"A scheduled backup failed" e-mail is never sent to you');
    expect((await switchMail(bosun, {})).statusCode).toBe(400);
    expect((await switchMail(bosun, { reading: 'no' })).statusCode).toBe(400);
    expect((await preferences(bosun)).json().kinds).toEqual([
      { kind: 'changes_requested', enabled: true },
      { kind: 'reading', enabled: false },
      { kind: 'reading_reminder', enabled: true },
      { kind: 'review_due', enabled: true },
      { kind: 'suggestion_answered', enabled: true },
    ]);
    expect((await t.as(null, { method: 'GET', url: '/api/account/notification-preferences' })).statusCode).toBe(401);
    expect((await switchMail(chief, { approval: false })).json().kinds).toContainEqual({ kind: 'approval', enabled: false });
  });
});

describe('notification e-mail', () => {
  let sopId = 0;

  it('an approval task waiting: whoever may decide it, linked to the task', async () => {
    const sop = await createSopAs(t, author, { departmentId: deck, title: 'Anchor watch' });
    sopId = sop.id;
    // The chief switched approval mail off; the author, the crew and the cadet may not decide.
    const mails = await mailDuring(() => submitSopAs(t, author, sop.id));
    expect(recipients(mails)).toEqual(['admin@fleet.example', 'head@fleet.example']);
    const taskId = await pendingTask(sop.id);
    for (const mail of mails) {
      expect(mail.from).toBe('harbor@fleet.example');
      expect(mail.subject).toBe('Approval waiting: Anchor watch (v1.0)');
      expect(mail.text).toContain('"Anchor watch" version 1.0 is waiting for your decision.');
      expect(mail.text).toContain(`Open it: ${PUBLIC_URL}/approvals/${taskId}`);
      expect(mail.text).toContain(`You can switch these e-mails off on ${PUBLIC_URL}/account.`);
    }
  });

  it('changes requested: the author only, with the comments', async () => {
    const taskId = await pendingTask(sopId);
    const mails = await mailDuring(async () => {
      expect((await decideTask(t, head, taskId, { status: 'changes_requested', comments: 'Add the bell signals' })).statusCode).toBe(200);
    });
    expect(recipients(mails)).toEqual(['author@fleet.example']);
    expect(mails[0].subject).toBe('Changes requested: Anchor watch');
    expect(mails[0].text).toContain(`asked for changes to "Anchor watch" version 1.0.\n\nComments: Add the bell signals`);
    expect(mails[0].text).toContain(`Open it: ${PUBLIC_URL}/sop/${sopId}`);
  });

  it('new required reading: the SOP department crew with an address who kept it on', async () => {
    const sop = await createSopAs(t, author, { departmentId: deck, title: 'Mooring stations' });
    await mailDuring(() => submitSopAs(t, author, sop.id));
    const taskId = await pendingTask(sop.id);
    const mails = await mailDuring(async () => {
      expect((await decideTask(t, head, taskId, { status: 'approved' })).statusCode).toBe(200);
    });
    // Deck: the deckhand; the bosun switched reading off, the cadet has no address; the Hotel steward is not in the audience.
    expect(recipients(mails)).toEqual(['deckhand@fleet.example']);
    expect(mails[0].subject).toBe('New required reading: Mooring stations');
    expect(mails[0].text).toContain('"Mooring stations" version 1.0 is now in force.');
    expect(mails[0].text).toContain(`Open it: ${PUBLIC_URL}/sop/${sop.id}`);
  });

  it('a task moving to the next step of its route: that step approvers only', async () => {
    await setApprovalRouteAs(t, admin, hotel, [
      { name: 'Department review', approverIds: [head.id], required: 1 },
      { name: 'Master approval', approverIds: [admin.id], required: 1 },
    ]);
    const sop = await createSopAs(t, author, { departmentId: hotel, title: 'Cabin checks' });
    const first = await mailDuring(() => submitSopAs(t, author, sop.id));
    expect(recipients(first)).toEqual(['head@fleet.example']);
    expect(first[0].text).toContain('waiting for your decision at the step "Department review".');
    const taskId = await pendingTask(sop.id);
    const second = await mailDuring(async () => {
      expect((await decideTask(t, head, taskId, { status: 'approved' })).statusCode).toBe(200);
    });
    expect(recipients(second)).toEqual(['admin@fleet.example']);
    expect(second[0].text).toContain('at the step "Master approval".');
    // A co-approver added to the open step (one the step names): only they are told, the task now waits for them too.
    const mate = await t.signedInUser('approver', { email: 'mate@fleet.example' });
    await setApprovalRouteAs(t, admin, hotel, [{ name: 'Mates', approverIds: [head.id, mate.id], required: 1 }]);
    const next = await createSopAs(t, author, { departmentId: hotel, title: 'Cabin keys' });
    await mailDuring(() => submitSopAs(t, author, next.id));
    const mateAdded = await mailDuring(async () => {
      const res = await t.as(head, { method: 'POST', url: `/api/approvals/${await pendingTask(next.id)}/co-approvers`, payload: { userId: mate.id } });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(recipients(mateAdded)).toEqual(['mate@fleet.example']);
  });

  it('a review due: the owner, once per due day however often the scan runs', async () => {
    const sop = await createSopAs(t, author, { departmentId: hotel, title: 'Fire drills', reviewFrequency: 1 });
    await t.as(admin, { method: 'PUT', url: `/api/departments/${hotel}/approval-route`, payload: { steps: [] } });
    await submitSopAs(t, author, sop.id);
    await mailDuring(async () => expect((await decideTask(t, head, await pendingTask(sop.id), { status: 'approved' })).statusCode).toBe(200));
    await t.db
      .update(sopVersions)
      .set({ approvedAt: new Date(Date.now() - 62 * 24 * 3600_000) })
      .where(eq(sopVersions.sopId, sop.id));
    const mails = await mailDuring(() => requestReviewDueScan(t.db), [REVIEW_DUE_JOB]);
    expect(recipients(mails)).toEqual(['author@fleet.example']);
    expect(mails[0].subject).toBe('Review due: Fire drills');
    expect(mails[0].text).toMatch(/The periodic review of "Fire drills" was due on \d{4}-\d{2}-\d{2}\./);
    expect(await mailDuring(() => requestReviewDueScan(t.db), [REVIEW_DUE_JOB])).toEqual([]);
  });

  it('a failed backup: the administrators, not the approvers', async () => {
    const mails = await mailDuring(async () => {
      expect((await t.as(admin, { method: 'POST', url: '/api/admin/backups' })).statusCode).toBe(202);
      await until(
        () => smtp.received,
        (r) => r.length > 0,
        'the backup failure mail',
      );
    }, [BACKUP_JOB]);
    expect(recipients(mails)).toEqual(['admin@fleet.example']);
    expect(mails[0].subject).toBe('Backup failed');
    expect(mails[0].text).toMatch(/The manual backup started at .* UTC failed: .*(EEXIST|ENOTDIR|not a directory|file already exists)/i);
    expect(mails[0].text).toContain(`Open it: ${PUBLIC_URL}/admin`);
  });

  it('a kind switched off stops only that kind', async () => {
    expect((await switchMail(author, { changes_requested: false })).statusCode).toBe(200);
    const sop = await createSopAs(t, author, { departmentId: deck, title: 'Gangway watch' });
    await mailDuring(() => submitSopAs(t, author, sop.id));
    const taskId = await pendingTask(sop.id);
    const mails = await mailDuring(async () => {
      expect((await decideTask(t, head, taskId, { status: 'changes_requested', comments: 'Name the watch officer' })).statusCode).toBe(200);
    });
    expect(mails).toEqual([]);
  });

  it("in each recipient's language: the approvers of one task, one in Hindi, one in English", async () => {
    await t.db.update(users).set({ language: 'hi' }).where(eq(users.id, head.id));
    try {
      const sop = await createSopAs(t, author, { departmentId: deck, title: 'Pilot ladder' });
      const mails = await mailDuring(() => submitSopAs(t, author, sop.id));
      // An earlier test made another approver; the two of this test are among whoever may decide.
      expect(recipients(mails)).toEqual(expect.arrayContaining(['admin@fleet.example', 'head@fleet.example']));
      const taskId = await pendingTask(sop.id);
      const hindi = mails.find((m) => m.to.includes('head@fleet.example'));
      const english = mails.find((m) => m.to.includes('admin@fleet.example'));
      expect(hindi?.subject).toBe('स्वीकृति प्रतीक्षा में: Pilot ladder (v1.0)');
      expect(hindi?.text).toContain('"Pilot ladder" संस्करण 1.0 आपके निर्णय की प्रतीक्षा कर रहा है।');
      expect(hindi?.text).toContain(`इसे खोलें: ${PUBLIC_URL}/approvals/${taskId}`);
      expect(hindi?.text).toContain(`आप ये ई-मेल ${PUBLIC_URL}/account पर बंद कर सकते हैं।`);
      expect(english?.subject).toBe('Approval waiting: Pilot ladder (v1.0)');
      expect(english?.text).toContain(`Open it: ${PUBLIC_URL}/approvals/${taskId}`);
    } finally {
      await t.db.update(users).set({ language: null }).where(eq(users.id, head.id));
    }
  });
  it('writes a message once per language, however many people read it', async () => {
    await t.db.update(users).set({ language: 'hi' }).where(eq(users.id, steward.id));
    try {
      const written: string[] = [];
      const notice = {
        kind: 'required_reading' as const,
        to: sql`select id from users where id in (${deckhand.id}, ${bosun.id}, ${steward.id})`,
        path: '/reading',
        message: (words: { openIt: (link: string) => string }) => {
          written.push(words.openIt(''));
          return { subject: 'Reading', text: 'Something to read.' };
        },
      };
      const mails = await mailDuring(async () => expect(await notify(t.db, { base: PUBLIC_URL }, notice as never)).toBe(3));
      expect(recipients(mails)).toEqual(['bosun@fleet.example', 'deckhand@fleet.example', 'steward@fleet.example']);
      // Two languages among three people: English for two, Hindi for one.
      expect(written).toHaveLength(2);
      expect(new Set(written).size).toBe(2);
    } finally {
      await t.db.update(users).set({ language: null }).where(eq(users.id, steward.id));
    }
  });
});

/** An author's SOP in a new department, submitted: its approval task waits for the approver. */
async function submittedSop(c: TestContext, who: TestUser) {
  const sop = await createSopAs(c, who, { departmentId: (await buildDepartment(c.db)).id });
  return (await submitSopAs(c, who, sop.id)).taskId;
}

// Each test builds its own app and database: more than the default time on a busy machine.
describe('when mail cannot go out', () => {
  it('a dead mail server: the decision answers 200 at once and its mail waits in the queue, tried again', async () => {
    const dead = await createTestContext({ mail: { url: 'smtp://127.0.0.1:9', from: 'harbor@fleet.example' }, retryDelayMs: 200 });
    try {
      const approver = await dead.signedInUser('approver', { email: 'approver@fleet.example' });
      const writer = await dead.signedInUser('user', { email: 'writer@fleet.example' });
      const taskId = await submittedSop(dead, writer);
      const started = performance.now();
      const decided = await decideTask(dead, approver, taskId, { status: 'changes_requested', comments: 'Shorter, please' });
      expect(decided.statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(2_000);
      const mailTo = async (address: string) => (await dead.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB))).find((j) => j.payload.to === address);
      const retried = await until(
        () => mailTo('writer@fleet.example'),
        (job) => (job?.attempts ?? 0) >= 2,
        'a second attempt',
      );
      expect(retried?.status).not.toBe('done');
      expect(retried?.lastError).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await dead.close();
    }
  }, 120_000);

  it('without SMTP_URL nothing is queued, and the account page says so', async () => {
    const plain = await createTestContext();
    try {
      const approver = await plain.signedInUser('approver', { email: 'approver@fleet.example' });
      const writer = await plain.signedInUser('user', { email: 'writer@fleet.example' });
      const taskId = await submittedSop(plain, writer);
      expect((await decideTask(plain, approver, taskId, { status: 'changes_requested', comments: 'Shorter, please' })).statusCode).toBe(200);
      expect(await plain.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB))).toEqual([]);
      expect(await plain.db.select().from(jobs).where(eq(jobs.kind, REVIEW_DUE_JOB))).toEqual([]);
      const res = await plain.as(writer, { method: 'GET', url: '/api/account/notification-preferences' });
      expect(res.json()).toMatchObject({ configured: false, email: 'writer@fleet.example' });
    } finally {
      await plain.close();
    }
  }, 120_000);
});
