import { a11yContext, expectNoSeriousA11yViolations, expectNoSidewaysScroll, VIEWPORTS } from './support/a11y';
import { expect, test } from './support/fixtures';
import { signInAt } from './support/session';
import type { E2eUser } from './support/users';

const suffix = Date.now().toString(36);
const owner: E2eUser = { username: `olivia.${suffix}`, password: 'owner-pass-2026-s', firstName: 'Olivia', lastName: 'Lindqvist', role: 'user' };
const crew: E2eUser = { username: `cruz.${suffix}`, password: 'deck-pass-2026-s', firstName: 'Cruz', lastName: 'Moreno', role: 'user' };
const PHONE = VIEWPORTS[2];
const title = `Heaving lines ${suffix}`;
const text = 'Add a step before heaving: check that the winch brake holds.';

test('a crew member on a phone suggests a change from the SOP reader; the owner answers it at 1366 px; the crew member sees the answer', async ({
  page,
  signInAs,
  apiAs,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await apiAs('admin');
  const approver = await apiAs('approver');
  // A department of the journey's own: the SOP is the owner's only one, the suggestion the only one on it.
  const department = await admin.post('/api/departments', { data: { name: `Lines ${suffix}` } });
  expect(department.status()).toBe(201);
  const departmentId = ((await department.json()) as { id: number }).id;
  for (const who of [owner, crew]) expect((await admin.post('/api/admin/users', { data: { ...who, departmentId } })).status()).toBe(201);
  const author = await apiAs(owner);
  const created = await author.post('/api/sops', { data: { title, content: '# Heaving\n\n1. Pass the heaving line\n2. Heave slowly', departmentId } });
  expect(created.status()).toBe(201);
  const sopId = ((await created.json()) as { id: number }).id;
  const submitted = await author.post(`/api/sops/${sopId}/submit`, { data: {} });
  expect(submitted.status()).toBe(200);
  const decided = await approver.put(`/api/approvals/${((await submitted.json()) as { taskId: number }).taskId}`, { data: { status: 'approved' } });
  expect(decided.status()).toBe(200);

  // The crew member on a phone, reading the procedure in force, suggests a change with the keyboard.
  // Without the Content-Security-Policy, so axe can be put on the page.
  const context = await a11yContext(browser, PHONE);
  const phone = await context.newPage();
  await signInAt(phone, crew, `/sop/${sopId}`);
  await expect(phone.getByRole('heading', { name: title })).toBeVisible();
  const suggest = phone.getByRole('button', { name: 'Suggest a change' });
  await expect(suggest).toBeVisible();
  await phone.screenshot({ path: 'screenshots/sop-reader-suggest-390.png' });
  await suggest.focus();
  await phone.keyboard.press('Enter');
  const dialog = phone.getByRole('dialog', { name: 'Suggest a change' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`To “${title}”, version 1.0`);
  // Sent empty: it says what is missing and sends nothing.
  await dialog.getByRole('button', { name: 'Send suggestion' }).click();
  await expect(dialog.getByText('Write your suggestion first.')).toBeVisible();
  await dialog.getByLabel('Where (optional)').fill('2. Heave slowly');
  await dialog.getByLabel('What should change, and why').fill(text);
  await phone.screenshot({ path: 'screenshots/suggest-change-390.png' });
  await expectNoSeriousA11yViolations(phone, 'the Suggest a change dialog at 390 px');
  await expectNoSidewaysScroll(phone, 'the Suggest a change dialog at 390 px');
  // Escape closes it without sending; opened again, it starts empty.
  await phone.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(suggest).toBeFocused();
  await phone.keyboard.press('Enter');
  await dialog.getByLabel('Where (optional)').fill('2. Heave slowly');
  await dialog.getByLabel('What should change, and why').fill(text);
  await dialog.getByRole('button', { name: 'Send suggestion' }).click();
  await expect(phone.getByText("Thank you: your suggestion was sent to the procedure's owner").first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await phone.goto('/suggestions');
  const mine = phone.getByRole('listitem').filter({ hasText: text });
  await expect(mine).toContainText('Open');
  await expect(mine).toContainText('Cruz Moreno');
  await expect(mine.getByRole('button')).toHaveCount(0);
  await phone.screenshot({ path: 'screenshots/suggestions-crew-390.png', fullPage: true });
  await expectNoSeriousA11yViolations(phone, 'the suggestions list at 390 px');
  await expectNoSidewaysScroll(phone, 'the suggestions list at 390 px');

  // The owner at 1366 px: the dashboard counts it and leads to it; the bell names it.
  await signInAs(owner, '/');
  const card = page.getByTestId('stat-openSuggestions');
  await expect(page.getByTestId('stat-openSuggestions-value')).toHaveText('1');
  await page.getByTestId('notifications-bell').click();
  // Beside the owner's own reading of it.
  await expect(page.getByRole('menuitem', { name: new RegExp(`${title}.*Suggestion for change`) })).toHaveAttribute('href', `/suggestions?sopId=${sopId}`);
  await page.keyboard.press('Escape');
  await card.getByRole('link', { name: 'Answer suggestions' }).click();
  await expect(page).toHaveURL(/\/suggestions\?status=open$/);
  await expect(page.getByRole('heading', { name: 'Suggestions for change' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: text });
  await expect(item).toContainText('2. Heave slowly');
  await page.screenshot({ path: 'screenshots/suggestions-owner-1366.png', fullPage: true });
  await expectNoSidewaysScroll(page, 'the suggestions list at 1366 px');
  await item.getByRole('button', { name: `Answer the suggestion on ${title}` }).click();
  const answer = page.getByRole('dialog', { name: 'Answer the suggestion' });
  // Declining needs a reply.
  await answer.getByRole('radio', { name: /Decline/ }).check();
  await answer.getByRole('button', { name: 'Save answer' }).click();
  await expect(answer.getByText('Say why it is declined: the suggester reads this.')).toBeVisible();
  await answer.getByRole('radio', { name: /Accept/ }).check();
  await answer.getByLabel('Reply (optional)').fill('Good catch: it goes into the next revision.');
  await page.screenshot({ path: 'screenshots/suggestion-answer-1366.png' });
  await answer.getByRole('button', { name: 'Save answer' }).click();
  await expect(answer).toBeHidden();
  // Answered, it leaves the open ones.
  await expect(page.getByText('No suggestions here.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: text })).toContainText('Accepted');
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.screenshot({ path: 'screenshots/suggestions-owner-820.png', fullPage: true });
  await expectNoSidewaysScroll(page, 'the suggestions list at 820 px');

  // The crew member is told: the bell, and the answer on their list.
  await phone.goto('/');
  await phone.getByTestId('notifications-bell').click();
  await expect(phone.getByRole('menuitem', { name: new RegExp(`${title}.*Your suggestion was answered`) })).toBeVisible();
  await phone.keyboard.press('Escape');
  await phone.goto('/suggestions');
  await expect(mine).toContainText('Accepted');
  await expect(mine).toContainText('Good catch: it goes into the next revision.');
  await expect(mine).toContainText('Answered by Olivia Lindqvist');
  await phone.screenshot({ path: 'screenshots/suggestions-answered-390.png', fullPage: true });
  await expectNoSeriousA11yViolations(phone, 'an answered suggestion at 390 px');
  await context.close();
});
