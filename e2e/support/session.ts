import { expect, type Page } from '@playwright/test';
import type { E2eUser } from './users';

/** Logout sits in the header from 1024 px and in the menu sheet below it. */
export const headerReady = (page: Page) => page.getByRole('button', { name: 'Logout' }).or(page.getByRole('button', { name: 'Open menu' }));

/** Signs in through the real /auth form and waits for the dashboard shell. */
export async function signIn(page: Page, user: E2eUser) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(headerReady(page)).toBeVisible();
}

/** Signs in, then opens this address, as someone following a link after logging in. */
export async function signInAt(page: Page, user: E2eUser, url: string) {
  await signIn(page, user);
  await page.goto(url);
}

export async function signOut(page: Page) {
  // The header first: right after a navigation the menu button may not be there yet.
  await expect(headerReady(page)).toBeVisible();
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  // The sign-in screen shows before the sign-out is sent (the page forgets the person first). Until
  // the server has it, the sign-out goes with whatever session cookie the browser holds: one put in
  // for the next person meanwhile would be the session ended. (With no link it waits for the link.)
  if (await page.evaluate(() => navigator.onLine)) {
    await expect.poll(() => page.evaluate(() => localStorage.getItem('sop-harbor:pending-sign-out'))).toBeNull();
  }
}
