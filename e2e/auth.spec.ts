import { expect, test } from './support/fixtures';
import { apiAs } from './support/seed';
import { signIn } from './support/session';
import { E2E_USERS } from './support/users';

// Compliance for approvers and admins (issue 23).
const ALL_TABS = ['Dashboard', 'Procedures', 'Manuals', 'Daily Program', 'Itinerary', 'Approvals', 'Compliance', 'Fleet', "Master's review", 'Admin'];

async function visibleTabs(page: import('@playwright/test').Page) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts();
}

test('a signed-out visitor is sent to the sign-in screen', async ({ page }) => {
  await page.goto('/documents');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'USER LOGIN' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
});

test('a wrong password is refused with the Login failed toast', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(E2E_USERS.user.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByText('Login failed', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Invalid username or password', { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a crew member signs in through the form and is taken back to the page asked for', async ({ page }) => {
  // Every other journey starts from a stored session; this one proves the form itself.
  await page.goto('/documents');
  await expect(page).toHaveURL(/\/auth$/);
  await signIn(page, E2E_USERS.user);
  await expect(page).toHaveURL(/\/documents$/);
  await expect(page.getByRole('heading', { name: 'Procedures', level: 1 })).toBeVisible();
  const me = await page.request.get('/api/user');
  expect((await me.json()).username).toBe(E2E_USERS.user.username);
});

test('the sign-in form validates empty fields before calling the server', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
});

test('an admin sees every tab, the Admin badge and their initials', async ({ page, signInAs }) => {
  await signInAs('admin');
  await expect(page).toHaveURL(/\/$/);
  expect(await visibleTabs(page)).toEqual(ALL_TABS);
  await expect(page.getByTestId('header-role-badge')).toHaveText('Admin');
  await expect(page.getByTestId('header-display-name')).toHaveText('System Administrator');
  await expect(page.locator('header').getByText('SA', { exact: true })).toBeVisible();
  // The bell shows what waits for the admin, as GET /api/notifications counts it (no badge at 0).
  const { count } = (await (await page.request.get('/api/notifications')).json()) as { count: number };
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(count === 0 ? 'Notifications, none' : `Notifications, ${count} waiting`);
  if (count > 0) await expect(bell).toContainText(String(count));
  else await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.screenshot({ path: 'screenshots/dashboard-admin.png' });
});

test('an approver sees Approvals but not Admin', async ({ page, signInAs }) => {
  await signInAs('approver');
  expect(await visibleTabs(page)).toEqual(ALL_TABS.filter((t) => t !== 'Admin'));
  await expect(page.getByTestId('header-role-badge')).toHaveText('Approver');
  await expect(page.getByTestId('header-display-name')).toHaveText('Maria Santos');
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.screenshot({ path: 'screenshots/dashboard-approver.png' });
});

test('a crew user sees neither Approvals nor Admin', async ({ page, signInAs }) => {
  await signInAs('user');
  expect(await visibleTabs(page)).toEqual(['Dashboard', 'Procedures', 'Manuals', 'Daily Program', 'Itinerary']);
  await expect(page.getByTestId('header-role-badge')).toHaveText('User');
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.screenshot({ path: 'screenshots/dashboard-user.png' });
});

test('a user with only a first name is shown by it, with one initial', async ({ page, signInAs }) => {
  await signInAs('user2');
  await expect(page.getByTestId('header-display-name')).toHaveText('Noa');
  await expect(page.locator('header').getByText('N', { exact: true })).toBeVisible();
});

test('the brand and tabs navigate, and a signed-in user is sent away from /auth', async ({ page, signInAs }) => {
  await signInAs('user');
  await page.getByRole('link', { name: 'Itinerary' }).click();
  await expect(page).toHaveURL(/\/itinerary$/);
  await page.getByRole('link', { name: 'SOP Harbor' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown path shows Page Not Found', async ({ page }) => {
  await page.goto('/no-such-screen');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/not-found.png' });
});

test('logout ends the session and returns to sign-in', async ({ page, signInAs, signOut }) => {
  await signInAs('approver');
  await signOut();
  await expect(page.getByText('You have been logged out', { exact: true }).first()).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
  const me = await page.request.get('/api/user');
  expect(me.status()).toBe(401);
});

test('a new crew member registers, waits for an administrator, and is then signed in as a User', async ({ page, baseURL, signInAs, signOut, toast }) => {
  const admin = await apiAs(baseURL!, E2E_USERS.admin);
  expect((await admin.put('/api/admin/settings', { data: { registrationOpen: true } })).status()).toBe(200);
  const username = `cadet${Date.now().toString(36)}`;
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Byron');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Password').fill('a-long-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(toast('Your account was created and is waiting for an administrator’s approval. You can sign in once it is approved.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'USER LOGIN' })).toBeVisible();

  await signInAs(E2E_USERS.admin, '/admin');
  await page.getByRole('button', { name: 'Approve account of Ada Byron' }).first().click();
  await expect(toast('Account approved; the person can now sign in')).toBeVisible();
  await signOut();
  expect((await admin.put('/api/admin/settings', { data: { registrationOpen: false } })).status()).toBe(200);

  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('a-long-password');
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByTestId('header-role-badge')).toHaveText('User');
  await expect(page.getByTestId('header-display-name')).toHaveText('Ada Byron');
});

test('the sign-in screen', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/auth.png' });
});

test('a session that ends mid-use shows Unauthorized and returns to sign-in', async ({ page, context, signInAs }) => {
  await signInAs('user');
  await context.clearCookies();
  await page.getByRole('link', { name: 'Procedures', exact: true }).click();
  await expect(page.getByText('Unauthorized', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('You are logged out. Logging in again...', { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('the pages run under the Content-Security-Policy without a violation', async ({ page, signInAs }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  await signInAs('admin');
  for (const path of ['/', '/documents', '/daily-program', '/itinerary', '/approvals', '/admin']) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
  }
  expect(violations).toEqual([]);
});
