import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { openAdmin } from './support/journeys';
import type { Department } from '../common/contracts/departments';
import { signIn } from './support/session';
import { E2E_USERS, type E2eUser } from './support/users';

const suffix = Date.now().toString(36);
const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });

/** The admin signs in on this page and makes the account through the API, as the Create User dialog would. */
async function adminCreatesUser(page: Page, user: E2eUser) {
  await signIn(page, E2E_USERS.admin);
  const res = await page.request.post('/api/admin/users', { data: { ...user, email: `${user.username}@ship.example` } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}

/** Both widths the crew use: the office desktop and a phone. */
async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: `screenshots/${name}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `screenshots/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
}

test("an admin edits a user's role and department; the user has the new role at once", async ({ page, toast, apiAs }) => {
  const crew: E2eUser = { username: `cadet.${suffix}`, password: 'cadet-pass-2026', firstName: 'Tove', lastName: 'Lind', role: 'user' };
  await adminCreatesUser(page, crew);
  const session = await apiAs(crew);
  expect((await session.get('/api/approvals')).status()).toBe(403);

  await openAdmin(page);
  const row = usersTable(page).getByRole('row', { name: /Tove Lind/ });
  await row.getByRole('button', { name: 'Edit user Tove Lind' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(dialog.getByLabel('First Name')).toHaveValue('Tove');
  await dialog.getByLabel('Role').click();
  await page.getByRole('option', { name: 'Approver' }).click();
  // Keyboard: the department select opens with Enter and takes arrows.
  await dialog.getByLabel('Department').focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Marine › Deck' }).click();
  await screenshots(page, 'accounts-edit-user');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast('User updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Approver');
  await expect(row).toContainText('Marine › Deck');
  await screenshots(page, 'accounts-users-table');
  // The same session, no new sign-in: the new role applies on the next request.
  expect((await session.get('/api/approvals')).status()).toBe(200);
  const departments: Department[] = await (await session.get('/api/departments')).json();
  expect((await (await session.get('/api/user')).json()).departmentId).toBe(departments.find((d) => d.name === 'Deck')!.id);
});

test('an admin resets a password; the user signs in with the new one', async ({ page, signInAs, signOut, toast }) => {
  const crew: E2eUser = { username: `oiler.${suffix}`, password: 'oiler-pass-2026', firstName: 'Jon', lastName: 'Berg', role: 'user' };
  await adminCreatesUser(page, crew);
  await openAdmin(page);
  await usersTable(page)
    .getByRole('row', { name: /Jon Berg/ })
    .getByRole('button', { name: 'Reset password for Jon Berg' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await dialog.getByLabel('New Password', { exact: true }).fill('password1');
  await dialog.getByLabel('Confirm New Password').fill('password1');
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  // The server names the rule in words, without the field's name before them.
  await expect(toast('This password is one of the most common passwords; choose one that is harder to guess')).toBeVisible();
  await dialog.getByLabel('New Password', { exact: true }).fill('engine-room-77');
  await dialog.getByLabel('Confirm New Password').fill('engine-room-77');
  await screenshots(page, 'accounts-reset-password');
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast('Password reset successfully. The user has been signed out everywhere.')).toBeVisible();

  await signOut();
  await signInAs({ ...crew, password: 'engine-room-77' });
  await expect(page.getByTestId('header-display-name')).toHaveText('Jon Berg');
});

test('an admin deactivates an approver; their approval still shows their name', async ({ page, toast, apiAs }) => {
  const approver: E2eUser = { username: `chief.${suffix}`, password: 'chief-pass-2026', firstName: 'Greta', lastName: 'Holm', role: 'approver' };
  const title = `Anchor Watch ${suffix}`;
  await adminCreatesUser(page, approver);

  const author = await apiAs(E2E_USERS.user);
  const departments: Department[] = await (await author.get('/api/departments')).json();
  const sop = await (
    await author.post('/api/sops', { data: { title, departmentId: departments.find((d) => d.name === 'Deck')!.id, content: '1. Check the chain.' } })
  ).json();
  const { taskId } = await (await author.post(`/api/sops/${sop.id}/submit`)).json();
  const decider = await apiAs(approver);
  expect((await decider.put(`/api/approvals/${taskId}`, { data: { status: 'approved' } })).status()).toBe(200);

  await openAdmin(page);
  const row = usersTable(page).getByRole('row', { name: /Greta Holm/ });
  await row.getByRole('button', { name: 'Delete user Greta Holm' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete the user "Greta Holm"? This action cannot be undone.');
  await screenshots(page, 'accounts-deactivate');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast('User deleted successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
  // Their session ended and they cannot sign in again.
  expect((await decider.get('/api/user')).status()).toBe(401);
  expect((await decider.post('/api/login', { data: { username: approver.username, password: approver.password } })).status()).toBe(401);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('recent-activity')).toContainText(`Greta · SOP approved "${title}"`);
});

test('a user changes their password from the header menu', async ({ page, signInAs, signOut, toast }) => {
  const crew: E2eUser = { username: `purser.${suffix}`, password: 'purser-pass-2026', firstName: 'Ines', lastName: 'Costa', role: 'user' };
  await adminCreatesUser(page, crew);
  await signOut();

  await signInAs(crew);
  await page.getByRole('button', { name: 'Ines Costa account menu' }).click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  await page.getByLabel('Current Password').fill('not-my-password');
  await page.getByLabel('New Password', { exact: true }).fill('galley-keys-2026');
  await page.getByLabel('Confirm New Password').fill('galley-keys-2026');
  await page.getByRole('button', { name: 'Change Password' }).click();
  // The refusal is said beside the field it is about, and the field takes the focus.
  const current = page.getByLabel('Current Password');
  await expect(page.locator('form').getByRole('alert').filter({ hasText: 'The current password is not correct' })).toBeVisible();
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toBeFocused();
  await page.getByLabel('Current Password').fill(crew.password);
  await screenshots(page, 'accounts-change-password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(toast('Password changed. Your other sessions have been signed out.')).toBeVisible();

  await signOut();
  await signInAs({ ...crew, password: 'galley-keys-2026' });
});

test('closing registration hides the form on the sign-in screen', async ({ page, signInAs, signOut, toast }) => {
  await signInAs(E2E_USERS.admin);
  await openAdmin(page);
  const settings = page.getByRole('region', { name: 'System Settings' });
  // A new installation starts closed; opened here, then closed again.
  await expect(settings.getByTestId('registration-state')).toHaveText('Closed');
  await settings.getByRole('button', { name: 'Open registration' }).click();
  await expect(settings.getByTestId('registration-state')).toHaveText('Open');
  await settings.getByRole('button', { name: 'Close registration' }).click();
  await expect(toast('Self-registration is closed')).toBeVisible();
  await expect(settings.getByTestId('registration-state')).toHaveText('Closed');
  await signOut();

  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await expect(page.getByText('New crew member? Ask an administrator for an account.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create an account' })).toHaveCount(0);
  await screenshots(page, 'accounts-registration-closed');

  // Open again for the other journeys.
  await signInAs(E2E_USERS.admin);
  expect((await page.request.put('/api/admin/settings', { data: { registrationOpen: true } })).status()).toBe(200);
});
