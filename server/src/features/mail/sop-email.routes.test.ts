import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, jobs } from '../../db/schema';
import { MAIL_JOB } from './mailer.service';
import { buildDepartment, buildSop, createTestContext, type TestContext, type TestUser } from '../../test/factories';
import { startSmtpServer, type TestSmtpServer, until } from '../../test/smtp';

/**
 * Issue 35, finding 8: Send Email relayed any text from the app's address with no trace. Now it
 * is audited, names the sender (body and Reply-To), links to the SOP and is limited per person.
 */
const PUBLIC_URL = 'https://harbor.fleet.example';
let smtp: TestSmtpServer;
let t: TestContext;
let approver: TestUser;
let sopId: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestContext({ mail: { url: smtp.url, from: 'SOP Harbor <harbor@fleet.example>' }, publicUrl: PUBLIC_URL, retryDelayMs: 200 });
  approver = await t.signedInUser('approver', { firstName: 'Erik', lastName: 'Berg', email: 'erik@fleet.example' });
  const department = await buildDepartment(t.db, 'Deck');
  sopId = (await buildSop(t.db, { departmentId: department.id, ownerId: approver.id, title: 'Mooring stations' })).sop.id;
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const send = (recipients: string[], message = 'Please read the new mooring plan.') =>
  t.as(approver, { method: 'POST', url: `/api/sops/${sopId}/email`, payload: { recipients: recipients.join(', '), subject: 'Mooring stations', message } });
const mailJobs = async () => (await t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, MAIL_JOB))).length;
const emailed = () =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'sop_emailed'), eq(auditEvents.actorId, approver.id)));

describe('Send Email', () => {
  it('names the sender in the body and the Reply-To, links to the SOP and is audited', async () => {
    const res = await send(['bosun@fleet.example', 'cadet@fleet.example']);
    expect(res.statusCode).toBe(202);
    const mails = await until(
      () => smtp.received,
      (r) => r.length === 2,
      'two messages',
    );
    for (const mail of mails) {
      expect(mail.from).toBe('harbor@fleet.example');
      expect(mail.raw).toMatch(/^Reply-To: erik@fleet\.example\r?$/im);
      expect(mail.text).toContain('Erik Berg <erik@fleet.example> sent you this message through SOP Harbor:');
      expect(mail.text).toContain('Please read the new mooring plan.');
      expect(mail.text).toContain(`Open the SOP: ${PUBLIC_URL}/sop/${sopId}`);
    }
    const [event] = await emailed();
    expect(event).toMatchObject({ entityType: 'sop', entityId: sopId, metadata: { title: 'Mooring stations', recipients: 2, subject: 'Mooring stations' } });
  });

  it('is limited to 20 messages an hour per person: 429 with a sentence, and nothing is sent or recorded', async () => {
    const eighteen = Array.from({ length: 18 }, (_, i) => `crew${i}@fleet.example`);
    expect((await send(eighteen)).statusCode).toBe(202);
    const [jobsBefore, eventsBefore] = [await mailJobs(), (await emailed()).length];
    const refused = await send(['late@fleet.example']);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'rate_limited',
      message: 'You can send at most 20 messages an hour through SOP Harbor, and none are left now; try again later.',
    });
    expect(await mailJobs()).toBe(jobsBefore);
    expect(await emailed()).toHaveLength(eventsBefore);
  });
});
