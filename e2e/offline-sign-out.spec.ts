import { request } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { cachedUrls, waitForServiceWorker } from './support/offline';
import { signIn, signOut } from './support/session';
import { E2E_USERS } from './support/users';

/*
 * A tablet on board, one browser profile, the link down: the first person signs out, the next
 * one picks it up. Service workers see the context's offline state only with this flag set as
 * the context is created (see offline.spec.ts).
 */
let swEventsBefore: string | undefined;
test.beforeAll(() => {
  swEventsBefore = process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS;
  process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';
});
test.afterAll(() => {
  if (swEventsBefore === undefined) delete process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS;
  else process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = swEventsBefore;
});

const PENDING = 'sop-harbor:pending-sign-out';

test('signing out with no link clears everything at once; the next person sees the sign-in page and no copy, and the old session ends when the link returns', async ({
  browser,
  baseURL,
}) => {
  const first = E2E_USERS.user;
  const next = E2E_USERS.approver;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, first);
  await waitForServiceWorker(page);
  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'Procedures' })).toBeVisible();
  await expect.poll(() => cachedUrls(page, 'sop-harbor-answers')).toEqual(expect.arrayContaining(['/api/sops?limit=50', '/api/user']));
  const session = (await context.cookies()).find((cookie) => cookie.name === 'sop.sid')!;
  const withOldCookie = await request.newContext({ baseURL, extraHTTPHeaders: { cookie: `sop.sid=${session.value}` } });

  await context.setOffline(true);
  await signOut(page);
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await expect(page.getByText('Logout failed')).toHaveCount(0);
  expect(await cachedUrls(page, 'sop-harbor-answers')).toEqual([]);
  expect(await cachedUrls(page, 'sop-harbor-files')).toEqual([]);
  expect(await cachedUrls(page, 'sop-harbor-offline-state')).toEqual([]);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('waiting-attestations')))).toEqual([]);
  expect(await page.evaluate((key) => localStorage.getItem(key), PENDING)).not.toBeNull();
  // The server has not heard yet: the session is still good there.
  expect((await withOldCookie.get('/api/user')).status()).toBe(200);

  // Still no link: the next person opens the app and gets the sign-in page, not the first person's account.
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  await expect(page.getByText(first.lastName!)).toHaveCount(0);

  // The link returns: the sign-out goes first, and the old session is over.
  await context.setOffline(false);
  // The page hears that the link is back (its 'online' sends the waiting sign-out) before the next
  // navigation; navigating in the same instant sometimes left Chromium's page waiting.
  await page.waitForFunction(() => navigator.onLine);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), PENDING)).toBeNull();
  await page.goto('/documents');
  await expect(page).toHaveURL(/\/auth$/);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), PENDING)).toBeNull();
  expect((await withOldCookie.get('/api/user')).status()).toBe(401);
  await expect(page.getByText(first.lastName!)).toHaveCount(0);

  await signIn(page, next);
  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'Procedures' })).toBeVisible();
  expect(await page.evaluate(async () => (await (await fetch('/api/user')).json()).username)).toBe(next.username);
  await withOldCookie.dispose();
  await context.close();
});
