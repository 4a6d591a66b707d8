import { expect, test } from './support/fixtures';
import type { E2eUser } from './support/users';

/**
 * My Account at 390 px: a crew member switches off the e-mail for new required reading, and
 * the switch holds after a reload (the e2e server has SMTP_URL set). The crew member is made
 * for this journey, so no other journey's user gets an address and mail.
 */
test('a crew member switches off required-reading mail on their account page, and it stays off', async ({ page, signInAs, apiAs }) => {
  const admin = await apiAs('admin');
  const suffix = Date.now().toString(36);
  const deckhand: E2eUser = { username: `deckhand-${suffix}`, password: 'Heave-Away-Lines-2026', firstName: 'Ivo', lastName: 'Kral', role: 'user' };
  const created = await admin.post('/api/admin/users', { data: { ...deckhand, email: `ivo.kral.${suffix}@ship.example` } });
  expect(created.status(), await created.text()).toBe(201);

  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(deckhand);
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: 'My account' }).click();
  await expect(page).toHaveURL(/\/account$/);

  const section = page.getByTestId('email-notifications');
  await expect(section.getByText('Email notifications')).toBeVisible();
  await expect(section.getByText(`ivo.kral.${suffix}@ship.example`)).toBeVisible();
  const reading = section.getByRole('checkbox', { name: 'New required reading' });
  await expect(reading).toBeChecked();
  await expect(section.getByRole('checkbox', { name: 'Reminders when my required reading is nearly due, due, or overdue' })).toBeChecked();
  // Answers to the suggestions they make reach them by mail too.
  await expect(section.getByRole('checkbox', { name: 'My suggestion for a change is answered' })).toBeChecked();
  // A crew member never decides approvals nor manages backups: no switch for those.
  await expect(section.getByRole('checkbox')).toHaveCount(5);
  await expect(section.getByRole('checkbox', { name: 'An approval task is waiting for me' })).toHaveCount(0);

  // By keyboard: focus the switch and press Space.
  await reading.focus();
  await page.keyboard.press('Space');
  await expect(reading).not.toBeChecked();
  await expect(reading).toBeEnabled();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'screenshots/email-notifications-390.png', fullPage: true });

  await page.reload();
  await expect(section.getByRole('checkbox', { name: 'New required reading' })).not.toBeChecked();
  await expect(section.getByRole('checkbox', { name: 'Changes are requested on my SOP' })).toBeChecked();
  await expect(section.getByRole('checkbox', { name: 'A periodic review of my SOP is due' })).toBeChecked();
  for (const width of [820, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `screenshots/email-notifications-${width}.png`, fullPage: true });
  }
});
