import { expect, type Locator, type Page } from '@playwright/test';
import { departmentId } from './seed';

/** Steps several journeys share; sign-in, sign-out, toasts and API sessions are fixtures (./fixtures). */

/** YYYY-MM-DD, `offset` days from today on this machine's calendar. */
export function localDate(offset = 0) {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/** The Administration Center through the header's Admin tab. */
export async function openAdmin(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Administration Center' })).toBeVisible();
}

/**
 * Types into the procedures list's search box and waits until the list shown is the one searched
 * for: the words are in the address and the list is not updating. A row picked earlier can be
 * drawn again under the pointer as the answer arrives, and the click then lands on nothing.
 */
export async function searchSops(page: Page, text: string) {
  await page.getByPlaceholder('Search SOPs...').fill(text);
  await expect(page).toHaveURL((url) => (url.searchParams.get('q') ?? '') === text);
  await expect(page.getByRole('status', { name: 'Updating list' })).toHaveCount(0);
}

/** Opens the Approval Center and picks the pending task of this SOP from its queue. */
export async function pickTask(page: Page, title: string) {
  await page.goto('/approvals');
  await expect(page.getByRole('heading', { name: 'Approval Center' })).toBeVisible();
  await page
    .getByRole('navigation', { name: /Pending Approvals/ })
    .getByRole('button', { name: new RegExp(title) })
    .click();
}

/** Picks the task and waits for the version viewer to show the SOP at this version. */
export async function openTask(page: Page, title: string, versionLabel: string) {
  await pickTask(page, title);
  const viewer = page.getByRole('article', { name: 'SOP version' });
  await expect(viewer.getByRole('heading', { name: title })).toBeVisible();
  await expect(viewer).toContainText(versionLabel);
  return viewer;
}

/**
 * The signed-in user makes a Deck SOP through the API (as the form would, without a summary),
 * opens its page and its Send Email dialog.
 */
export async function openSendEmail(page: Page, title: string, content: string) {
  const created = await page.request.post('/api/sops', { data: { title, departmentId: await departmentId(page.request, 'Deck'), content } });
  expect(created.status()).toBe(201);
  const sop = (await created.json()) as { id: number };
  await page.goto(`/sop/${sop.id}`);
  await page.getByRole('button', { name: 'Send Email' }).click();
  return { id: sop.id, dialog: page.getByRole('dialog') };
}

/** The element is wholly inside the window, as a person sees it without scrolling. */
export async function expectInView(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'the element is laid out').not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
}
