import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertMailLinks, loadConfig, MAIL_NEEDS_PUBLIC_URL } from '../../config';
import { createTestContext } from '../../test/factories';
import { buildDepartment } from '../../test/factories';
import { startSmtpServer, until } from '../../test/smtp';

/**
 * Issue 35, finding 4: with SMTP_URL and no PUBLIC_URL, a crew member who submitted with
 * `Host: evil.example` had four genuine 'Approval waiting' mails link to http://evil.example.
 * Links in mail now come from PUBLIC_URL only, and the server refuses to start without it.
 */
const smtp = await startSmtpServer();
const PUBLIC_URL = 'https://sop.fleet.example';
// No PUBLIC_URL here (main.ts would refuse to start so): the Host header must still never reach a mail.
const t = await createTestContext({ mail: { url: smtp.url, from: 'SOP Harbor <harbor@fleet.example>' } });

afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('links in mail', () => {
  it('never follow the Host header of the request that caused them', async () => {
    for (let i = 0; i < 2; i++) await t.signedInUser('approver', { email: `approver${i}@fleet.example` });
    const author = await t.signedInUser('user');
    const departmentId = (await buildDepartment(t.db, 'Deck')).id;
    const created = await t.as(author, { method: 'POST', url: '/api/sops', payload: { title: 'Gangway watch', departmentId, content: 'Watch the gangway.' } });
    const res = await t.as(author, { method: 'POST', url: `/api/sops/${created.json().id}/submit`, headers: { host: 'evil.example' } });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await until(
      () => smtp.received,
      (r) => r.length >= 2,
      'the approvers’ mail',
    );
    for (const mail of mails) {
      expect(mail.text).toContain('Open it in SOP Harbor: /approvals/');
      expect(mail.raw).not.toContain('evil.example');
    }
  });

  it('need PUBLIC_URL: with SMTP_URL and no PUBLIC_URL the server refuses to start and says what to set; a ship is exempt', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sop-mail-links-'));
    expect(() => loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(MAIL_NEEDS_PUBLIC_URL);
    expect(MAIL_NEEDS_PUBLIC_URL).toMatch(/Set PUBLIC_URL to the address people reach SOP Harbor by/);
    expect(() => assertMailLinks({ SMTP_URL: 'smtp://127.0.0.1:2525', PUBLIC_URL })).not.toThrow();
    expect(() => assertMailLinks({ SMTP_URL: 'smtp://127.0.0.1:2525', VESSEL: 'AURORA' })).not.toThrow();
    expect(() => assertMailLinks({})).not.toThrow();
  });
});
