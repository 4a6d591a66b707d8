import { expect, test } from './support/fixtures';
import type { Circular } from '../common/contracts/circulars';
import { attestOnPage } from './support/attest';
import { signInAt } from './support/session';
import type { E2eUser } from './support/users';

const suffix = Date.now().toString(36);
const crew: E2eUser = { username: `nils.${suffix}`, password: 'deck-pass-2026-c', firstName: 'Nils', lastName: 'Ekdahl', role: 'user' };
const PHONE = { width: 390, height: 844 };
const title = `Mooring lines after parting incident ${suffix}`;

test('an admin writes a circular at 1366 px, an approver issues it at 820 px; a crew member on a phone reads and attests it from the bell and the dashboard', async ({
  page,
  signInAs,
  pageAs,
  apiAs,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await apiAs('admin');
  const approver = await apiAs('approver');
  // A department and a position of their own, so the circular is this journey's crew member's only
  // reading (other journeys publish Deck procedures on the same server) and nobody else's.
  const department = await admin.post('/api/departments', { data: { name: `Mooring gang ${suffix}` } });
  expect(department.status()).toBe(201);
  const deck = ((await department.json()) as { id: number }).id;
  const made = await admin.post('/api/positions', { data: { name: `Mooring lead ${suffix}`, departmentId: deck } });
  expect(made.status()).toBe(201);
  const position = (await made.json()) as { id: number; name: string };
  expect((await admin.post('/api/admin/users', { data: { ...crew, departmentId: deck, positionId: position.id } })).status()).toBe(201);

  // The admin writes it from the Procedures list's Circulars link.
  await signInAs('admin', '/documents');
  await page.getByRole('link', { name: 'Circulars' }).click();
  await expect(page).toHaveURL(/\/circulars$/);
  await expect(page.getByRole('heading', { name: 'Fleet circulars' })).toBeVisible();
  await page.getByRole('button', { name: 'New circular' }).click();
  const dialog = page.getByRole('dialog', { name: 'New circular' });
  await dialog.getByLabel('Title').fill(title);
  await dialog
    .getByLabel('Text')
    .fill('# What happened\n\nA mooring line parted in port.\n\n1. Inspect every line before arrival\n2. Stand clear of snap-back zones');
  await dialog.getByLabel(position.name).check();
  await page.screenshot({ path: 'screenshots/circular-new-1366.png' });
  await dialog.getByRole('button', { name: 'Submit for review' }).click();
  await expect(dialog).toBeHidden();
  // The server numbered it: the circular's page shows its number before its title.
  await expect(page).toHaveURL(/\/sop\/\d+$/);
  const sopId = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { name: new RegExp(`^FC-\\d{4}-\\d{3} ${title}`) })).toBeVisible();

  // One review step: the approver's task.
  const circular = ((await (await admin.get('/api/circulars')).json()) as Circular[]).find((c) => c.id === sopId);
  expect(circular).toBeDefined();
  const tasks = (await (await approver.get(`/api/sops?search=${encodeURIComponent(title)}`)).json()) as { id: number; pendingTaskId: number | null }[];
  const taskId = tasks.find((s) => s.id === sopId)?.pendingTaskId;
  expect(taskId).toBeTruthy();
  // The approver issues it on a tablet: the task opens by its address, with the circular beside the decision.
  const tablet = await pageAs('approver', { viewport: { width: 820, height: 1180 }, url: `/approvals/${taskId}` });
  await expect(tablet.getByRole('heading', { name: new RegExp(`^FC-\\d{4}-\\d{3} ${title}$`) })).toBeVisible();
  await expect(tablet.getByRole('heading', { name: 'Step 1 of 1: Approval' })).toBeVisible();
  await tablet.getByRole('button', { name: 'Approve', exact: true }).click();
  await tablet
    .getByRole('alertdialog', { name: /^Approve ".*"\?$/ })
    .getByRole('button', { name: 'Confirm approval' })
    .click();
  await expect(tablet.getByText('Issued: the circular is in force for its audience').first()).toBeVisible();
  await tablet.screenshot({ path: 'screenshots/circular-issued-820.png' });
  await tablet.close();
  await page.goto('/circulars');
  const card = page.getByRole('listitem').filter({ hasText: circular!.number });
  await expect(card).toContainText('Issued');
  await expect(card).toContainText(position.name);
  await expect(card).toContainText('0 of 1');
  await page.screenshot({ path: 'screenshots/circulars-1366.png', fullPage: true });
  // The same screen on a tablet, and the form on a phone.
  await page.setViewportSize({ width: 820, height: 1180 });
  await expect(card).toContainText('0 of 1');
  await page.screenshot({ path: 'screenshots/circulars-820.png', fullPage: true });
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'New circular' }).click();
  await expect(dialog.getByLabel('Title')).toBeVisible();
  await page.screenshot({ path: 'screenshots/circular-new-390.png' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The crew member on a phone: it waits on the bell and on the dashboard.
  const context = await browser.newContext({ viewport: PHONE });
  const phone = await context.newPage();
  await signInAt(phone, crew, '/');
  const reading = phone.getByTestId('required-reading');
  await expect(reading.getByRole('link', { name: new RegExp(circular!.number) })).toBeVisible();
  // In a group of its own, which leads to the register.
  await expect(reading.getByRole('link', { name: 'Fleet circulars' })).toHaveAttribute('href', '/circulars');
  await expect(phone.getByTestId('notifications-badge')).toHaveText('1');
  await phone.screenshot({ path: 'screenshots/circular-dashboard-390.png', fullPage: true });
  await phone.getByTestId('notifications-bell').click();
  const item = phone.getByRole('menuitem', { name: new RegExp(circular!.number) });
  await expect(item).toContainText('Required reading');
  await item.click();
  await expect(phone).toHaveURL(new RegExp(`/sop/${sopId}$`));
  await expect(phone.getByTestId('reading-notice')).toContainText('Waiting for you');
  await phone.screenshot({ path: 'screenshots/circular-sop-390.png', fullPage: true });
  await attestOnPage(phone);
  await expect(phone.getByTestId('attested-by-me')).toBeVisible();
  await expect(phone.getByTestId('notifications-badge')).toBeHidden();
  await phone.goto('/');
  await expect(reading.getByRole('link', { name: new RegExp(circular!.number) })).toHaveCount(0);
  await phone.goto('/circulars');
  await expect(phone.getByRole('listitem').filter({ hasText: circular!.number })).toContainText('1 of 1');
  await phone.screenshot({ path: 'screenshots/circulars-390.png', fullPage: true });
  await context.close();
});
