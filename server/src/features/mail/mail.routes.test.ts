import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { MAIL_JOB } from './mailer.service';
import { buildDepartment, buildSop, createTestContext, type TestContext, type TestUser } from '../../test/factories';
import { startSmtpServer, type TestSmtpServer, until } from '../../test/smtp';

/** A real SMTP server in this process: what it accepts is read back here; one mailbox refuses. */
let smtp: TestSmtpServer;
let received: TestSmtpServer['received'];
let t: TestContext;
let approver: TestUser;
let crew: TestUser;
let sopId: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  received = smtp.received;
  t = await createTestContext({ mail: { url: smtp.url, from: 'SOP Harbor <harbor@fleet.example>' }, retryDelayMs: 200 });
  approver = await t.signedInUser('approver');
  crew = await t.signedInUser('user');
  const department = await buildDepartment(t.db, 'Deck');
  sopId = (await buildSop(t.db, { departmentId: department.id, ownerId: approver.id, title: 'Mooring stations' })).sop.id;
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const send = (as: TestUser, payload: object, id = sopId) => t.as(as, { method: 'POST', url: `/api/sops/${id}/email`, payload });

describe("the SOP page's Send Email", () => {
  it('says the server can send, and as whom', async () => {
    const res = await t.as(approver, { method: 'GET', url: '/api/mail' });
    expect(res.json()).toEqual({ configured: true, from: 'SOP Harbor <harbor@fleet.example>' });
  });

  it('queues one message per address and the SMTP server receives each', async () => {
    const res = await send(approver, {
      recipients: 'bosun@fleet.example, deck.cadet@fleet.example',
      subject: 'New SOP: Mooring stations (v1.0)',
      message: 'Hello,\n\nA new standard operating procedure is available.',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ queued: 2 });
    const mails = await until(
      () => received,
      (r) => r.length === 2,
      'two messages',
    );
    expect(mails.flatMap((m) => m.to).sort()).toEqual(['bosun@fleet.example', 'deck.cadet@fleet.example']);
    for (const mail of mails) {
      expect(mail.from).toBe('harbor@fleet.example');
      expect(mail.raw).toContain('Subject: New SOP: Mooring stations (v1.0)');
      expect(mail.raw).toContain('A new standard operating procedure is available.');
    }
  });

  it('a refused address ends its own message, the others arrive', async () => {
    received.length = 0;
    const res = await send(approver, { recipients: 'nobody@fleet.example; chief@fleet.example', subject: 'Updated SOP', message: 'Read it.' });
    expect(res.statusCode).toBe(202);
    await until(
      () => received,
      (r) => r.length === 1,
      'the good message',
    );
    expect(received[0].to).toEqual(['chief@fleet.example']);
    const failed = await until(
      () =>
        t.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, MAIL_JOB), eq(jobs.status, 'failed'))),
      (rows) => rows.length === 1,
      'the refused message to fail',
    );
    expect(failed[0].attempts).toBe(1);
    expect(failed[0].lastError).toContain('nobody@fleet.example');
  });

  it('refuses addresses that are not addresses, and plain users', async () => {
    const bad = await send(approver, { recipients: 'bosun, ', subject: 'S', message: 'M' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('"bosun" is not an e-mail address');
    expect((await send(crew, { recipients: 'a@b.example', subject: 'S', message: 'M' })).statusCode).toBe(403);
    expect((await send(approver, { recipients: 'a@b.example', subject: 'S', message: 'M' }, 999_999)).statusCode).toBe(404);
  });
});

describe('a dead mail server', () => {
  it('never holds the request: the message waits in the queue and is tried again', async () => {
    const dead = await createTestContext({ mail: { url: 'smtp://127.0.0.1:9', from: 'harbor@fleet.example' }, retryDelayMs: 200 });
    try {
      const someone = await dead.signedInUser('approver');
      const department = await buildDepartment(dead.db, 'Engine');
      const { sop } = await buildSop(dead.db, { departmentId: department.id, ownerId: someone.id });
      const started = performance.now();
      const res = await dead.as(someone, {
        method: 'POST',
        url: `/api/sops/${sop.id}/email`,
        payload: { recipients: 'chief@fleet.example', subject: 'S', message: 'M' },
      });
      expect(res.statusCode).toBe(202);
      expect(performance.now() - started).toBeLessThan(2_000);
      const [retried] = await until(
        () => dead.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB)),
        (rows) => rows.length === 1 && rows[0].attempts >= 2,
        'a second attempt',
      );
      expect(retried.status).not.toBe('done');
      expect(retried.lastError).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await dead.close();
    }
  });

  it('without SMTP_URL nothing pretends to send', async () => {
    const plain = await createTestContext();
    try {
      const someone = await plain.signedInUser('approver');
      expect((await plain.as(someone, { method: 'GET', url: '/api/mail' })).json()).toEqual({ configured: false, from: null });
      const department = await buildDepartment(plain.db, 'Hotel');
      const { sop } = await buildSop(plain.db, { departmentId: department.id, ownerId: someone.id });
      const res = await plain.as(someone, {
        method: 'POST',
        url: `/api/sops/${sop.id}/email`,
        payload: { recipients: 'a@b.example', subject: 'S', message: 'M' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('E-mail is not configured: set SMTP_URL on the server to send messages.');
    } finally {
      await plain.close();
    }
  });
});
