import { expect, test } from './support/fixtures';
import { startIdentityProvider, type TestIdentityProvider } from '../server/src/test/identity-provider';
import { E2E_USERS } from './support/users';

/** The identity provider the e2e server trusts (scripts/e2e-server.sh: OIDC_ISSUER on E2E_PORT + 50). */
const port = Number(process.env.E2E_PORT ?? 5100);
let idp: TestIdentityProvider;

test.beforeAll(async () => {
  idp = await startIdentityProvider({ port: port + 50, name: 'Harbor ID', redirectUris: [`http://127.0.0.1:${port}/api/auth/sso/callback`] });
});
test.afterAll(() => idp.close());

test('a crew member signs in through the company identity provider and lands on the dashboard', async ({ page, signInAs, signOut }) => {
  // The provider knows the crew member by the e-mail address an administrator gave the account.
  await signInAs('admin');
  const crew = (await (await page.request.get('/api/admin/users')).json()).find((u: { username: string }) => u.username === E2E_USERS.user.username);
  const email = `liam.murphy.${Date.now().toString(36)}@ship.example`;
  expect((await page.request.patch(`/api/admin/users/${crew.id}`, { data: { email } })).status()).toBe(200);
  expect((await page.request.put('/api/admin/settings', { data: { ssoCreatesAccounts: false } })).status()).toBe(200);
  await page.goto('/admin');
  await expect(page.getByRole('region', { name: 'System Settings' })).toContainText(`http://127.0.0.1:${port + 50}`);
  await signOut();

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign in with Harbor ID' }).click();
  await expect(page.getByRole('heading', { name: 'Harbor ID' })).toBeVisible();
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`127.0.0.1:${port}/$`));
  await expect(page.getByTestId('header-display-name')).toHaveText('Liam Murphy');
  await page.screenshot({ path: 'screenshots/sso-dashboard.png' });
});

test('someone without an account is sent back to the sign-in screen with the reason', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign in with Harbor ID' }).click();
  await page.getByLabel('Email').fill(`stranger.${Date.now().toString(36)}@elsewhere.example`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\?error=sso_unknown$/);
  await expect(page.getByRole('alert').filter({ hasText: 'There is no account for your e-mail address. Ask an administrator to create one.' })).toBeVisible();
  // The password form still works beside it.
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
});

test('an administrator links an approver from the user’s page; the provider then signs her in; unlinked, it no longer does', async ({
  page,
  signInAs,
  signOut,
}) => {
  // An approver is never linked by e-mail: the administrator links the provider's subject.
  const subject = `maria.${Date.now().toString(36)}@harbor-id.example`;
  await signInAs('admin');
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Single sign-on for Maria Santos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Single sign-on' });
  await expect(dialog).toContainText('Not linked: Maria Santos signs in with the password.');
  await dialog.getByLabel('Subject at Harbor ID').fill(subject);
  await dialog.getByLabel('Subject at Harbor ID').press('Enter');
  await expect(dialog.getByTestId('sso-subject')).toHaveText(subject);
  await expect(dialog.getByRole('button', { name: 'Unlink' })).toBeFocused();
  await page.screenshot({ path: 'screenshots/sso-link-1366.png' });
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.screenshot({ path: 'screenshots/sso-link-820.png' });
  // (Escape would first dismiss the 'Linked' toast, the newest layer.)
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  await signOut();

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign in with Harbor ID' }).click();
  await page.getByLabel('Email').fill(subject);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('header-display-name')).toHaveText('Maria Santos');
  await signOut();

  await signInAs('admin');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Single sign-on for Maria Santos' }).click();
  await expect(dialog.getByTestId('sso-subject')).toHaveText(subject);
  await page.screenshot({ path: 'screenshots/sso-link-390.png' });
  await dialog.getByRole('button', { name: 'Unlink' }).click();
  await expect(dialog).toContainText('Not linked: Maria Santos signs in with the password.');
  await expect(dialog.getByLabel('Subject at Harbor ID')).toBeFocused();
});
