import { expect, test } from './support/fixtures';
import { createSop, departmentId } from './support/seed';

// Delegation and the review route editor: an admin builds a two-step route in the editor
// (1366 px), the approver named on its first step sets an absence with the admin as delegate
// (390 px), and the admin decides that step for her (820 px); the history says 'for'.
const stamp = Date.now().toString(36);
const TITLE = `Galley Hygiene ${stamp}`;
const CHEF = { username: `chef${stamp}`, password: 'e2e-chef-password-1', firstName: 'Chef', lastName: `Rossi${stamp}` };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('a route built in the editor, an absence set on the account, and a step decided by the delegate', async ({ page, signInAs, signOut, apiAs }) => {
  const admin = await apiAs('admin');
  const maria = await apiAs('approver');
  const author = await apiAs('user');
  const created = await admin.post('/api/admin/users', { data: { ...CHEF, role: 'approver' } });
  expect(created.status(), await created.text()).toBe(201);
  const hotel = await departmentId(admin, 'Hotel');
  const galley = await departmentId(admin, 'Food & Beverage');
  expect(
    (await admin.put(`/api/departments/${hotel}/approval-route`, { data: { steps: [{ name: 'Hotel director', approverIds: null, required: 1 }] } })).status(),
  ).toBe(200);

  try {
    // The admin builds the route at 1366 px.
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs('admin', '/admin');
    await page.getByRole('button', { name: 'Manage Departments' }).click();
    await page.getByRole('button', { name: 'Review route of Food & Beverage' }).click();
    const editor = page.getByRole('dialog', { name: 'Review Route: Food & Beverage' });
    await expect(editor.getByTestId('inherited-route')).toContainText('Inherited from Hotel');
    await expect(editor.getByTestId('inherited-route')).toContainText('Hotel director · Any approver · 1 required');

    await editor.getByRole('button', { name: 'Add Step' }).click();
    await editor.getByRole('button', { name: 'Save Route' }).click();
    await expect(editor.getByText('Each step needs a name')).toBeVisible();

    const step1 = editor.getByRole('listitem', { name: 'Step 1' });
    await step1.getByLabel('Step 1 name').fill('Hotel approval');
    await step1.getByLabel('Chosen approvers').check();
    await step1.getByLabel(`Chef Rossi${stamp}`).click();
    await editor.getByRole('button', { name: 'Add Step' }).click();
    const step2 = editor.getByRole('listitem', { name: 'Step 2' });
    await step2.getByLabel('Step 2 name').fill('Galley review');
    await step2.getByLabel('Chosen approvers').check();
    await step2.getByLabel('Maria Santos').click();
    await step2.getByLabel('Required').fill('2');
    await editor.getByRole('button', { name: 'Save Route' }).click();
    await expect(editor.getByText('A step cannot require more approvals than it has approvers')).toBeVisible();
    await editor.getByRole('listitem', { name: 'Step 2' }).getByLabel('Required').fill('1');
    // Reordered from the keyboard: the galley reviews first.
    await editor.getByRole('button', { name: 'Move step 2 up' }).focus();
    await page.keyboard.press('Enter');
    await expect(editor.getByRole('listitem', { name: 'Step 1' }).getByLabel('Step 1 name')).toHaveValue('Galley review');
    await editor.getByRole('button', { name: 'Save Route' }).click();
    await expect(page.getByText('Review route saved').first()).toBeVisible();
    const route = await (await admin.get(`/api/departments/${galley}/approval-route`)).json();
    expect(route.steps.map((s: { name: string }) => s.name)).toEqual(['Galley review', 'Hotel approval']);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Manage Departments' })).toBeVisible();
    await page.keyboard.press('Escape');
    await signOut();

    // Maria sets her absence at 390 px, the admin as delegate.
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs('approver', '/account');
    const absence = page.getByRole('form', { name: 'Absence' });
    await absence.getByLabel('First day away').fill(day(0));
    await absence.getByLabel('Last day away').fill(day(3));
    await absence.getByLabel('Delegate').click();
    await page.getByRole('option', { name: 'System Administrator (admin)' }).click();
    await absence.getByRole('button', { name: 'Save Absence' }).click();
    await expect(page.getByText('Absence saved').first()).toBeVisible();
    await expect(page.getByTestId('my-absence')).toContainText('Away now');
    await expect(page.getByTestId('my-absence')).toContainText('Delegate: System Administrator');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await signOut();

    // A version is submitted in Food & Beverage; the admin decides the galley review for Maria at 820 px.
    const id = await createSop(author, TITLE, 'Food & Beverage', 'Clean the galley after every service.');
    expect((await author.post(`/api/sops/${id}/submit`)).status()).toBe(200);
    await page.setViewportSize({ width: 820, height: 1180 });
    await signInAs('admin', '/approvals');
    const entry = page.getByRole('navigation', { name: /Pending Approvals/ }).getByRole('button', { name: new RegExp(TITLE) });
    await expect(entry).toContainText('for Maria Santos');
    await entry.click();
    await expect(page.getByTestId('decide-for')).toContainText('You decide for Maria Santos');
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm approval' }).click();
    await expect(page.getByText('Your approval is recorded; the SOP waits for the other signatures').first()).toBeVisible();

    await page.goto(`/sop/${id}`);
    const stepEvent = page.locator('[data-testid="timeline-event"][data-action="sop_step_approved"]');
    await expect(stepEvent).toContainText('Review step approved');
    await expect(stepEvent).toContainText('System Administrator for Maria Santos');
    // The chef signs the last step: published.
    const chef = await apiAs({ ...CHEF, role: 'approver' });
    const [task] = ((await (await chef.get('/api/approvals')).json()) as { id: number; version: { sop: { title: string } } }[]).filter(
      (t) => t.version.sop.title === TITLE,
    );
    expect((await chef.put(`/api/approvals/${task.id}`, { data: { status: 'approved' } })).status()).toBe(200);
  } finally {
    await maria.delete('/api/account/absence');
    await admin.put(`/api/departments/${galley}/approval-route`, { data: { steps: [] } });
    await admin.put(`/api/departments/${hotel}/approval-route`, { data: { steps: [] } });
  }
});
