import type { AddressInfo } from 'node:net';
import { expect, test } from './support/fixtures';
import { SMTPServer } from 'smtp-server';
import { openSendEmail } from './support/journeys';

/** The SMTP server the e2e server sends to (scripts/e2e-server.sh: SMTP_URL on E2E_PORT + 25). */
const received: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});

test.beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(Number(process.env.E2E_PORT ?? 5100) + 25, '127.0.0.1', resolve));
  expect((smtp.server.address() as AddressInfo).port).toBeGreaterThan(0);
});
test.afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

test("an approver's Send Email reaches the crew through the server's mail", async ({ page, signInAs }) => {
  await signInAs('approver');
  const title = `Lifeboat Drill ${Date.now().toString(36)}`;
  const { id, dialog } = await openSendEmail(page, title, '1. Muster at the station.');
  await expect(dialog.getByLabel('Subject')).toHaveValue(`New SOP: ${title} (v1.0)`);
  await dialog.getByLabel('Recipients').fill('bridge@ship.example, master@ship.example');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Email sent to 2 recipients', { exact: true }).first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // The server's mail job delivers each message; read them back from the SMTP server. Other
  // journeys on the same server make mail of their own (reminders, approval notices), so only
  // the messages of this SOP count.
  const ours = () => received.filter((m) => m.raw.includes(`Subject: New SOP: ${title} (v1.0)`));
  const recipients = () =>
    ours()
      .flatMap((m) => m.to)
      .sort();
  await expect.poll(recipients, { timeout: 30_000 }).toEqual(['bridge@ship.example', 'master@ship.example']);
  for (const mail of ours()) {
    expect(mail.raw).toContain(`/sop/${id}`);
    expect(mail.raw).toContain('From: SOP Harbor <harbor@ship.example>');
  }
});
