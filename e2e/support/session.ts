import { expect, type Page } from '@playwright/test';
import type { E2eUser } from './users';

/** Signs in through the real /auth form and waits for the dashboard shell. */
export async function signIn(page: Page, user: E2eUser) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}
