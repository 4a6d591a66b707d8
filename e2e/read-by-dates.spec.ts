import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/a11y';
import { createSop, departmentId, publishSop } from './support/seed';
import type { E2eUser } from './support/users';

const suffix = Date.now().toString(36);
const title = `Gangway watch ${suffix}`;
const crew: E2eUser = { username: `rosa.${suffix}`, password: 'gangway-pass-2026', firstName: 'Rosa', lastName: 'Lind', role: 'user' };
const PHONE = { width: 390, height: 844 };

/** 'Dec 12, 2026' in en-US: the day as the browser's language writes a date (the UTC day the server counts). */
const asShownIn = (page: Page, day: string) =>
  page.evaluate((d) => new Intl.DateTimeFormat(navigator.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`)), day);

test('a crew member on a phone sees the procedure they are late reading, and the day it was due', async ({ apiAs, pageAs, serverSql }) => {
  // A Deck crew member, and a Deck SOP that came into force 20 days ago: 14 days to read it, so 6 days overdue.
  const admin = await apiAs('admin');
  const created = await admin.post('/api/admin/users', { data: { ...crew, email: `${crew.username}@ship.example` } });
  expect(created.status()).toBe(201);
  const placed = await admin.patch(`/api/admin/users/${(await created.json()).id}`, { data: { departmentId: await departmentId(admin, 'Deck') } });
  expect(placed.status()).toBe(200);
  const author = await apiAs('user');
  const sopId = await createSop(author, title, 'Deck', '# Purpose\n\nKeep the gangway manned in port.');
  await publishSop(author, await apiAs('approver'), sopId, title);
  const [{ due }] = await serverSql<{ due: string }>(
    `update sop_versions set approved_at = now() - interval '20 days' where sop_id = $1 and approved_at is not null
     returning to_char((approved_at at time zone 'UTC')::date + 14, 'YYYY-MM-DD') as due`,
    [sopId],
  );

  // The dashboard's reading list says it is overdue, and since when.
  const page = await pageAs(crew, { viewport: PHONE });
  const shown = await asShownIn(page, due);
  const reading = page.getByTestId('required-reading');
  // Outstanding reading is grouped by manual; this SOP is in none, so under 'Other procedures'.
  const group = reading.getByTestId('reading-group').filter({ hasText: 'Other procedures' });
  const item = group.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('Overdue');
  await expect(item.getByTestId('reading-due')).toHaveText(`Overdue: was due ${shown}`);
  await expect(reading.getByTestId('required-reading-overdue')).toHaveText('1 overdue');
  await expectNoSidewaysScroll(page, 'dashboard at 390 px');

  // The bell says so too, and the SOP page repeats it beside the request to attest.
  await page.getByTestId('notifications-bell').click();
  await expect(page.getByRole('menuitem', { name: new RegExp(title) })).toContainText(`overdue since ${shown}`);
  await page.keyboard.press('Escape');
  await item.getByRole('link').click();
  await expect(page.getByTestId('reading-notice')).toContainText(`(overdue since ${shown})`);
  await expectNoSidewaysScroll(page, 'SOP page at 390 px');
});
