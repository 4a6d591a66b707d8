import { expect, test } from './support/fixtures';

test("an admin sees the server's backups as they are, and backs up now", async ({ page, signInAs }) => {
  await signInAs('admin');
  await page.goto('/admin');
  const card = page.getByRole('region', { name: 'System Settings' });
  const status = card
    .getByRole('definition')
    .filter({ hasText: /backup/i })
    .first();
  // The e2e server has BACKUP_DIR: scheduled, nothing made yet (or a backup from an earlier journey).
  await expect(status).toHaveText(/^(No backup yet; first at .+|Last backup .+)$/);
  await expect(page.getByRole('region', { name: 'Storage & Retention' })).toContainText('Newest 14 backups');

  await card.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText('Backup started', { exact: true }).first()).toBeVisible();
  // The job runner writes it beside the request; the card reads the record when it is done.
  await expect(status).toHaveText(/^Last backup \d{1,2}:\d\d(\s[AP]M)?, [\d.]+ (bytes|KB|MB)$/, { timeout: 30_000 });
  await expect(card.getByRole('button', { name: 'Back up now' })).toBeEnabled();

  await card.getByRole('button', { name: 'Configure' }).click();
  const dialog = page.getByRole('dialog', { name: 'System Settings' });
  await expect(dialog).toContainText("Every 24 hours into the server's BACKUP_DIR, keeping the newest 14.");
  await expect(dialog).toContainText(/Last backup \d{1,2}:\d\d/);
  await expect(dialog).toContainText('Single sign-on');
  await page.screenshot({ path: 'screenshots/admin-backups.png' });
});
