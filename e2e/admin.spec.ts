import { expect, test } from './support/fixtures';
import { openAdmin } from './support/journeys';
import type { E2eUser } from './support/users';

const suffix = Date.now().toString(36);

test('an admin creates an approver, who signs in and sees the Approvals tab', async ({ page, signInAs, signOut, toast }) => {
  const approver: E2eUser = { username: `bosun.${suffix}`, password: 'approver-pass-123', firstName: 'Rhea', lastName: 'Quist', role: 'approver' };
  await signInAs('admin');
  await openAdmin(page);
  await expect(page.getByText('Manage users, departments, and system-wide settings')).toBeVisible();
  const users = page.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('row', { name: /System Administrator/ })).toBeVisible();
  // The admin's own delete button is disabled.
  await expect(users.getByRole('row', { name: /System Administrator/ }).getByRole('button', { name: 'You cannot delete your own account' })).toBeDisabled();
  await page.screenshot({ path: 'screenshots/admin-page.png', fullPage: true });

  await page.getByRole('button', { name: 'Create User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create User' });
  await dialog.getByLabel('Username').fill(approver.username);
  await dialog.getByLabel('Password', { exact: true }).fill(approver.password);
  await dialog.getByLabel('Confirm Password').fill('something-else-1');
  await dialog.getByLabel('Email').fill(`${approver.username}@example.com`);
  await dialog.getByLabel('First Name').fill(approver.firstName!);
  await dialog.getByLabel('Last Name').fill(approver.lastName!);
  await dialog.getByLabel('Role').click();
  await page.getByRole('option', { name: 'Approver' }).click();
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog.getByText("Passwords don't match")).toBeVisible();
  await page.screenshot({ path: 'screenshots/admin-create-user.png' });

  await dialog.getByLabel('Confirm Password').fill(approver.password);
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(toast('User created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = users.getByRole('row', { name: /Rhea Quist/ });
  await expect(row).toContainText(approver.username);
  await expect(row).toContainText('Approver');
  await expect(page.getByRole('list', { name: 'Recent admin activity' })).toContainText(`User created "${approver.username}"`);

  await signOut();
  await signInAs(approver);
  const tabs = page.getByRole('navigation', { name: 'Main' });
  await expect(tabs.getByRole('link', { name: 'Approvals' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Admin' })).toHaveCount(0);
});

test('an admin builds a division with two departments, renames one, and deletes the division', async ({ page, signInAs, toast }) => {
  const division = `Spa ${suffix}`;
  await signInAs('admin');
  await openAdmin(page);
  await page.getByRole('button', { name: 'Manage Departments' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage Departments' });
  await expect(manage.getByRole('listitem', { name: 'Marine', exact: true })).toBeVisible();

  const addItem = async (name: string, parent?: string) => {
    await manage.getByRole('button', { name: 'Add Department' }).click();
    const form = page.getByRole('dialog', { name: 'Create Department' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Description').fill(`${name} procedures`);
    if (parent) {
      await form.getByLabel('Parent Division (optional)').click();
      // Only top-level divisions are offered as parents.
      await expect(page.getByRole('option', { name: 'Deck', exact: true })).toHaveCount(0);
      await page.getByRole('option', { name: parent, exact: true }).click();
    }
    await form.getByRole('button', { name: 'Create Department' }).click();
    await expect(toast('Department created successfully')).toBeVisible();
    await expect(form).toBeHidden();
  };
  await addItem(division);
  await addItem('Treatments', division);
  await addItem('Salon', division);

  const card = manage.getByRole('listitem', { name: division, exact: true });
  await expect(card.getByRole('list', { name: `Departments of ${division}` }).getByRole('listitem')).toHaveCount(2);
  await page.screenshot({ path: 'screenshots/admin-departments-dialog.png', fullPage: true });

  await card.getByRole('button', { name: 'Edit Salon' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Department' });
  await expect(edit.getByLabel('Name')).toHaveValue('Salon');
  await edit.getByLabel('Parent Division (optional)').click();
  await expect(page.getByRole('option', { name: 'No Parent (Top-level Division)' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Salon', exact: true })).toHaveCount(0);
  await page.screenshot({ path: 'screenshots/admin-edit-department.png' });
  await page.keyboard.press('Escape');
  await edit.getByLabel('Name').fill('Beauty Salon');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast('Department updated successfully')).toBeVisible();
  await expect(card.getByRole('listitem', { name: 'Beauty Salon' })).toBeVisible();

  await card
    .getByRole('button', { name: `Delete ${division}` })
    .first()
    .click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(
    `Are you sure you want to delete the division "${division}"? This will also delete all departments within this division. This action cannot be undone.`,
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast('Department deleted successfully')).toBeVisible();
  await expect(manage.getByRole('listitem', { name: division, exact: true })).toHaveCount(0);
  await expect(manage.getByText('Beauty Salon')).toHaveCount(0);
});

test('an admin deactivates a user after confirming, and the user disappears from the table', async ({ page, signInAs, toast }) => {
  const username = `deckhand.${suffix}`;
  await signInAs('admin');
  const created = await page.request.post('/api/admin/users', {
    data: { username, password: 'deckhand-pass-123', firstName: 'Ivo', lastName: 'Marin', role: 'user' },
  });
  expect(created.status()).toBe(201);
  await openAdmin(page);
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row', { name: /Ivo Marin/ });
  await row.getByRole('button', { name: 'Delete user Ivo Marin' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete the user "Ivo Marin"? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast('User deleted successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Recent admin activity' })).toContainText(`User deleted "${username}"`);
});

test('a plain user is denied the Administration Center and makes no admin call', async ({ page, signInAs }) => {
  const adminCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/admin') || url.pathname.startsWith('/api/audit')) adminCalls.push(url.pathname);
  });
  await signInAs('user');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByText('Administrator privileges required to access this section')).toBeVisible();
  await expect(page.getByText('Insufficient Permissions: You need administrator permissions to access this page.', { exact: true })).toBeVisible();
  await expect(page.getByText('You need administrator permissions to access this page.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Administration Center' })).toHaveCount(0);
  await page.screenshot({ path: 'screenshots/admin-denied.png', fullPage: true });
  expect(adminCalls).toEqual([]);
});
