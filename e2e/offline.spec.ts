import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { SopDetail } from '../common/contracts/sops';
import { apiAs, departmentId, publishSop } from './support/seed';
import { signIn, signOut } from './support/session';
import { makePdf } from './support/sop-files';
import { E2E_USERS } from './support/users';

/*
 * Offline reading through the service worker. context.setOffline() alone cuts the page's own
 * requests but not the service worker's: its fetches would still reach the server, and a test
 * of 'offline' would pass online. Playwright applies the context's offline state to service
 * workers too when PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS is set as the worker's
 * browser context is created, so it is set for this file's contexts only. Every copy shown
 * offline is also checked to BE a copy: the worker stamps stored answers, and only a read whose
 * network fetch failed is answered from the store.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const KEPT = `Offline Mooring Lines ${stamp}`;
const UNOPENED = `Offline Bunkering ${stamp}`;
const NOT_CACHED = 'Not available offline: open it once while online to keep a copy.';
let keptId = 0;
let unopenedId = 0;
let swEventsBefore: string | undefined;

test.beforeAll(async ({ baseURL }) => {
  swEventsBefore = process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS;
  process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';
  const author = await apiAs(baseURL!, E2E_USERS.user);
  const approver = await apiAs(baseURL!, E2E_USERS.approver);
  const deck = await departmentId(author, 'Deck');
  for (const title of [KEPT, UNOPENED]) {
    const created = await author.post('/api/sops', { data: { title, departmentId: deck, content: `${title}: check every line twice.`, tags: [] } });
    expect(created.status()).toBe(201);
    const sop: SopDetail = await created.json();
    if (title === KEPT) {
      keptId = sop.id;
      const upload = await author.post(`/api/sop-versions/${sop.latestVersionId}/attachments`, {
        multipart: { file: await makePdf('mooring-lines.pdf', 'Mooring Lines', ['Inspect every line before arrival.']) },
      });
      expect(upload.status()).toBe(201);
    } else unopenedId = sop.id;
    await publishSop(author, approver, sop.id, title);
  }
  await author.dispose();
  await approver.dispose();
});

test.afterAll(() => {
  if (swEventsBefore === undefined) delete process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS;
  else process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = swEventsBefore;
});

/** The page is controlled by the app's service worker (it claims pages once it is active). */
async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** URLs (path and query) held in one of the worker's caches; [] when the cache is gone. */
const cachedUrls = (page: Page, cache: string) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const keys = await (await caches.open(name)).keys();
    return keys.map((request) => {
      const url = new URL(request.url);
      return url.pathname + url.search;
    });
  }, cache);

/** The banner every screen shows while it has no link. */
const offlineBanner = (page: Page) => page.getByRole('status').filter({ hasText: /^Offline/ });

async function goOffline(context: BrowserContext, offline: boolean) {
  await context.setOffline(offline);
}

test('after one online visit, the list, an opened SOP and its file read offline; the rest says so', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await signIn(page, E2E_USERS.user);
  await waitForServiceWorker(page);

  // Online: the list, then the SOP and its file, each fetched through the worker.
  await page.goto('/documents');
  const rows = page.getByTestId('sop-row');
  await expect(rows.first()).toBeVisible();
  const rowCount = await rows.count();
  await page.goto(`/sop/${keptId}`);
  await expect(page.getByRole('heading', { name: KEPT })).toBeVisible();
  await expect(page.getByTestId('attachment')).toContainText('mooring-lines.pdf');
  const head = page.waitForResponse((res) => res.request().method() === 'HEAD' && /\/api\/attachments\/\d+\/download$/.test(res.url()));
  const tab = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const downloadPath = new URL((await head).url()).pathname;
  await (await tab).close().catch(() => undefined);
  await expect.poll(() => cachedUrls(page, 'sop-harbor-files')).toContain(downloadPath);
  await expect.poll(() => cachedUrls(page, 'sop-harbor-answers')).toEqual(expect.arrayContaining(['/api/sops', `/api/sops/${keptId}`, '/api/user']));
  // Online, nothing says 'offline'.
  await expect(offlineBanner(page)).toHaveCount(0);

  await goOffline(context, true);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);

  // Reloading the list with no link: the shell from the precache, the list from the copies.
  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'Procedures' })).toBeVisible();
  await expect(offlineBanner(page).filter({ hasText: /^Offline — showing copies from [A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}/ })).toBeVisible();
  await expect(rows).toHaveCount(rowCount);
  // Writes are off, and say why.
  await expect(page.getByRole('button', { name: 'New SOP' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Upload SOP File' })).toBeDisabled();
  await expect(page.getByText("Changes can't be sent until the link returns.")).toBeVisible();

  // The SOP opened online, and its file.
  await page.goto(`/sop/${keptId}`);
  await expect(page.getByRole('heading', { name: KEPT })).toBeVisible();
  await expect(offlineBanner(page).filter({ hasText: /^Offline — showing copies from [A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeDisabled();
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(page.getByText('Download started', { exact: true }).first()).toBeVisible();
  const file = await page.evaluate(async (url) => {
    const res = await fetch(url, { credentials: 'include' });
    return { status: res.status, copy: res.headers.get('x-sop-fetched-at'), start: (await res.text()).slice(0, 5) };
  }, downloadPath);
  expect(file.status).toBe(200);
  expect(file.start).toBe('%PDF-');
  // Stamped by the worker: the stored copy, since the network could not answer.
  expect(Number(file.copy)).toBeGreaterThan(0);

  // An SOP never opened: said so, no spinner.
  await page.goto(`/sop/${unopenedId}`);
  await expect(page.getByText(NOT_CACHED)).toBeVisible();
  await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);

  // Back online: live answers, no banner.
  await goOffline(context, false);
  await page.goto('/documents');
  await expect(rows.first()).toBeVisible();
  await expect(offlineBanner(page)).toHaveCount(0);

  // Signing out leaves no answer or file of this user behind.
  await signOut(page);
  expect(await cachedUrls(page, 'sop-harbor-answers')).toEqual([]);
  expect(await cachedUrls(page, 'sop-harbor-files')).toEqual([]);
  await context.close();
});

test('a session that ended (401) clears the copies too', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, E2E_USERS.user);
  await waitForServiceWorker(page);
  await page.goto(`/sop/${keptId}`);
  await expect(page.getByRole('heading', { name: KEPT })).toBeVisible();
  await expect.poll(() => cachedUrls(page, 'sop-harbor-answers')).toContain(`/api/sops/${keptId}`);

  // The session cookie goes (as when it expires): the next read is a 401.
  await context.clearCookies();
  await page.goto('/documents');
  await expect(page).toHaveURL(/\/auth$/);
  await expect.poll(() => cachedUrls(page, 'sop-harbor-answers')).toEqual([]);
  expect(await cachedUrls(page, 'sop-harbor-files')).toEqual([]);
  await context.close();
});

test('an attestation made offline waits, is sent when the link returns, and only then counts', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 820, height: 1180 } });
  const page = await context.newPage();
  await signIn(page, E2E_USERS.user);
  await waitForServiceWorker(page);
  await page.goto(`/sop/${keptId}`);
  const count = page.getByTestId('attestation-count');
  await expect(count).toHaveText('0 people have attested');
  const effectiveVersion = ((await (await page.request.get(`/api/sops/${keptId}`)).json()) as SopDetail).effectiveVersionId!;
  await expect.poll(() => cachedUrls(page, 'sop-harbor-answers')).toContain(`/api/sop-versions/${effectiveVersion}/attestations`);
  // What the server holds for this user (page.request speaks from the test, not through the browser's link).
  const recorded = async () => ((await (await page.request.get(`/api/sop-versions/${effectiveVersion}/attestations`)).json()) as { count: number }).count;

  await goOffline(context, true);
  await page.reload();
  await expect(offlineBanner(page)).toBeVisible();
  await page.getByRole('button', { name: 'Attest' }).click();
  await expect(page.getByTestId('attestation-waiting')).toHaveText('Waiting to send: your attestation is recorded when the link returns.');
  await expect(count).toHaveText('0 people have attested');
  expect(await recorded()).toBe(0);
  // Still waiting after a reload with no link.
  await page.reload();
  await expect(page.getByTestId('attestation-waiting')).toBeVisible();

  await goOffline(context, false);
  await expect(page.getByTestId('attested-by-me')).toBeVisible();
  await expect(count).toHaveText('1 person has attested');
  await expect(page.getByTestId('attestation-waiting')).toHaveCount(0);
  expect(await recorded()).toBe(1);
  await context.close();
});
