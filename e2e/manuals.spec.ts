import { expect, test } from './support/fixtures';
import type { ManualDetail } from '../common/contracts/manuals';
import type { SopDetail } from '../common/contracts/sops';
import { createSop, departmentId, publishSop } from './support/seed';
import { signInAt } from './support/session';
import type { E2eUser } from './support/users';
import { attestOnPage } from './support/attest';

const suffix = Date.now().toString(36);
const crew: E2eUser = { username: `rosa.${suffix}`, password: 'deck-pass-2026-m', firstName: 'Rosa', lastName: 'Lindqvist', role: 'user' };
const PHONE = { width: 390, height: 844 };

test('a crew member on a phone opens a manual, jumps to the next changed section and attests', async ({ browser, apiAs }) => {
  test.setTimeout(120_000);
  const admin = await apiAs('admin');
  const author = await apiAs('user');
  const approver = await apiAs('approver');
  const deck = await departmentId(admin, 'Deck');
  expect((await admin.post('/api/admin/users', { data: { ...crew, departmentId: deck } })).status()).toBe(201);

  // Two Deck SOPs in force, in a manual of their own; Rosa has read the first already.
  const read = `Gangway watch ${suffix}`;
  const unread = `Pilot ladder rigging ${suffix}`;
  const readId = await createSop(author, read, 'Deck', '# Purpose\n\nKeep the gangway watched.');
  const unreadId = await createSop(author, unread, 'Deck', '# Purpose\n\nRig the ladder to SOLAS.');
  for (const [id, title] of [
    [readId, read],
    [unreadId, unread],
  ] as const)
    await publishSop(author, approver, id, title);
  const code = `M${suffix}`.slice(0, 20).toUpperCase();
  const created = await approver.post('/api/manuals', { data: { code, title: `Bridge and deck manual ${suffix}` } });
  expect(created.status()).toBe(201);
  const manual = (await created.json()) as ManualDetail;
  const arranged = await approver.put(`/api/manuals/${manual.id}/structure`, {
    data: { chapters: [{ title: 'Access to the ship', sopIds: [readId, unreadId] }] },
  });
  expect(arranged.status()).toBe(200);
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signInAt(page, crew, '/');
  const readVersion = ((await (await page.request.get(`/api/sops/${readId}`)).json()) as SopDetail).effectiveVersionId;
  expect((await page.request.post(`/api/sop-versions/${readVersion}/attestations`)).status()).toBe(201);

  // From the menu to the manuals, then this manual.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'SOP Harbor' }).getByRole('link', { name: 'Manuals' }).click();
  await expect(page).toHaveURL(/\/manuals$/);
  const card = page.getByRole('link', { name: new RegExp(`Bridge and deck manual ${suffix}`) });
  await expect(card).toContainText('1 section new or changed for you');
  await card.click();
  await expect(page.getByRole('heading', { name: `Bridge and deck manual ${suffix}` })).toBeVisible();
  await expect(page.locator('[data-section="1.1"]')).not.toHaveAttribute('data-changed');
  await expect(page.locator('[data-section="1.2"]')).toContainText('New to you');
  await page.screenshot({ path: 'screenshots/manual-crew-390.png', fullPage: true });

  // 'Next changed section' puts the focus on 1.2; it opens the SOP, where she reads and attests.
  await page.getByRole('button', { name: 'Next changed section' }).click();
  const next = page.getByRole('link', { name: new RegExp(unread) });
  await expect(next).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/sop/${unreadId}$`));
  await attestOnPage(page);

  // Back in the manual nothing is waiting any more.
  await page.goto(`/manuals/${manual.id}`);
  await expect(page.getByText('You have read every section in force.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next changed section' })).toBeDisabled();
  await context.close();
});

test('an approver at 1366 px makes a manual: creates it, finds SOPs by the server search, and the sections are numbered', async ({ pageAs, apiAs }) => {
  test.setTimeout(90_000);
  const author = await apiAs('user');
  const approver = await apiAs('approver');
  const titles = [`Tender embarkation ${suffix}`, `Tender boat drill ${suffix}`];
  const ids: number[] = [];
  for (const title of titles) {
    const id = await createSop(author, title, 'Deck', `# Purpose\n\n${title}.`);
    await publishSop(author, approver, id, title);
    ids.push(id);
  }
  const page = await pageAs('approver', { viewport: { width: 1366, height: 768 }, url: '/manuals' });
  await page.getByRole('button', { name: 'New manual' }).click();
  const code = `T${suffix}`.slice(0, 20).toUpperCase();
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('Title').fill(`Tender operations manual ${suffix}`);
  await page.getByRole('button', { name: 'Create manual' }).click();
  await expect(page.getByRole('heading', { name: `Tender operations manual ${suffix}` })).toBeVisible();
  await expect(page.getByText('No chapters yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Arrange' }).click();
  const dialog = page.getByRole('dialog', { name: `Arrange ${code}` });
  await dialog.getByRole('button', { name: 'Add a chapter' }).click();
  await dialog.getByRole('textbox', { name: 'Title of chapter 1' }).fill('Tenders');
  // The server's search offers the SOPs; each one added leaves the offer.
  const find = dialog.getByRole('searchbox', { name: 'Find an SOP to add to chapter 1' });
  for (const title of [titles[1], titles[0]]) {
    await find.fill(title);
    await dialog
      .getByRole('list', { name: 'SOPs found for chapter 1' })
      .getByRole('button', { name: new RegExp(title) })
      .click();
  }
  await find.fill(`Tender boat drill ${suffix}`);
  await expect(dialog.getByText('No SOP found that is not placed already.')).toBeVisible();
  await find.fill('');
  // Embarkation first: moved up from 1.2 by keyboard.
  await dialog.getByRole('button', { name: 'Move section 1.2 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Move section 1.1 up' })).toBeDisabled();
  await page.screenshot({ path: 'screenshots/manual-arrange-1366.png' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const contents = page.getByRole('region', { name: 'Contents' });
  await expect(contents.locator('[data-section="1.1"]')).toContainText(titles[0]);
  await expect(contents.locator('[data-section="1.2"]')).toContainText(titles[1]);
  await page.screenshot({ path: 'screenshots/manual-approver-1366.png', fullPage: true });

  // The controlled copy is made in the background, and saved when made.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Controlled copy' }).click();
  await expect(page.getByRole('button', { name: 'Preparing...' })).toBeDisabled();
  expect((await download).suggestedFilename()).toMatch(
    new RegExp(`^${code} Tender operations manual ${suffix} \\(controlled copy \\d{4}-\\d{2}-\\d{2}\\)\\.pdf$`),
  );
  // The toast itself (its announcement to screen readers says the same words).
  await expect(page.getByText('Controlled copy ready', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Controlled copy' })).toBeEnabled();
});
