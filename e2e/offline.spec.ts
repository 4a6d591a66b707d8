import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { localDate } from './support/journeys';
import type { SopDetail } from '../common/contracts/sops';
import type { DailyProgramCruise } from '../common/contracts/daily-programs';
import { a11yContext, expectNoSeriousA11yViolations, expectNoSidewaysScroll, type Viewport, VIEWPORTS } from './support/a11y';
import { apiAs, departmentId, publishSop } from './support/seed';
import { cachedUrls, waitForServiceWorker } from './support/offline';
import { signIn, signOut } from './support/session';
import { makePdf, type UploadFile } from './support/sop-files';
import { E2E_USERS, type E2eUser } from './support/users';
import { attestOnPage } from './support/attest';

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

// Fetched ahead: a reader whose department has an SOP to read, and daily programs.
const REQUIRED = `Offline Muster Drill ${stamp}`;
const READER: E2eUser = { username: `reader${stamp}`, password: 'offline-reader-password', firstName: 'Ada', lastName: 'Quinn', role: 'user' };
const CRUISE = `OFF${stamp}`.toUpperCase();
let requiredId = 0;
let requiredFile = '';
let tomorrowFile = '';
let laterFile = '';
// Kept offline, and the files the budget test opens (large, so the few small answers do not matter).
const PINNED = `Offline Anchoring ${stamp}`;
const OPENED = [1, 2, 3].map((n) => `Offline Bridge Watch ${n} ${stamp}`);
let pinnedId = 0;
let pinnedFile = '';
const openedFiles: string[] = [];

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

  const admin = await apiAs(baseURL!, E2E_USERS.admin);
  const safety = await departmentId(admin, 'Safety & Environment');
  const reader = await admin.post('/api/admin/users', { data: { ...READER, email: null, departmentId: safety } });
  expect(reader.status()).toBe(201);
  requiredId = await publishedWithFile(author, approver, REQUIRED, safety, await makePdf('muster-drill.pdf', 'Muster Drill', ['Go to your station.']));
  requiredFile = await firstFileOf(author, requiredId);
  pinnedId = await publishedWithFile(author, approver, PINNED, deck, bigText('anchoring.txt'));
  pinnedFile = await firstFileOf(author, pinnedId);
  for (const title of OPENED) openedFiles.push(await firstFileOf(author, await publishedWithFile(author, approver, title, deck, bigText('watch.txt'))));

  // Daily programs for tomorrow (fetched ahead) and in five days (not), by this machine's calendar, as the browser's.
  for (const [offset, name] of [
    [1, 'tomorrow.pdf'],
    [5, 'later.pdf'],
  ] as const) {
    const upload = await admin.post('/api/daily-programs/batch', {
      multipart: {
        cruiseCode: CRUISE,
        programDate: localDate(offset),
        mode: 'combined',
        files: await makePdf(name, `Program ${name}`, ['Lifeboat drill at 10:00.']),
      },
    });
    expect(upload.status()).toBe(201);
  }
  const cruise = ((await (await admin.get('/api/daily-programs/hierarchy')).json()) as DailyProgramCruise[]).find((c) => c.cruiseCode === CRUISE)!;
  [tomorrowFile, laterFile] = cruise.days.map((day) => `/api/daily-programs/${day.files[0].id}/download`);
  await admin.dispose();
  await author.dispose();
  await approver.dispose();
});

/** About 400 KB of text that does not compress. */
const bigText = (name: string): UploadFile => ({
  name,
  mimeType: 'text/plain',
  buffer: Buffer.from(Array.from({ length: 36_000 }, () => Math.random().toString(36).slice(2)).join('\n')),
});

async function publishedWithFile(author: APIRequestContext, approver: APIRequestContext, title: string, departmentId: number, file: UploadFile) {
  const created = await author.post('/api/sops', { data: { title, departmentId, content: `${title}: every step in order.`, tags: [] } });
  expect(created.status()).toBe(201);
  const sop: SopDetail = await created.json();
  expect((await author.post(`/api/sop-versions/${sop.latestVersionId}/attachments`, { multipart: { file } })).status()).toBe(201);
  await publishSop(author, approver, sop.id, title);
  return sop.id;
}

/** The download path of the first file of the SOP's version in force. */
async function firstFileOf(api: APIRequestContext, sopId: number) {
  const sop: SopDetail = await (await api.get(`/api/sops/${sopId}`)).json();
  const version = sop.versions.find((v) => v.id === sop.effectiveVersionId)!;
  return `/api/attachments/${version.attachments[0].id}/download`;
}

test.afterAll(() => {
  if (swEventsBefore === undefined) delete process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS;
  else process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = swEventsBefore;
});

/** The banner every screen shows while it has no link. */
const offlineBanner = (page: Page) => page.getByRole('status').filter({ hasText: /^Offline/ });

async function goOffline(context: BrowserContext, offline: boolean) {
  await context.setOffline(offline);
}

test('after one online visit, the list names the SOPs stored, an opened SOP and its file read offline; the rest says so', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await signIn(page, E2E_USERS.user);
  await waitForServiceWorker(page);

  // Online: the list, then the SOP and its file, each fetched through the worker.
  await page.goto('/documents');
  const rows = page.getByTestId('sop-row');
  await expect(rows.first()).toBeVisible();
  await page.goto(`/sop/${keptId}`);
  await expect(page.getByRole('heading', { name: KEPT })).toBeVisible();
  await expect(page.getByTestId('attachment')).toContainText('mooring-lines.pdf');
  const head = page.waitForResponse((res) => res.request().method() === 'HEAD' && /\/api\/attachments\/\d+\/download$/.test(res.url()));
  const tab = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const downloadPath = new URL((await head).url()).pathname;
  await (await tab).close().catch(() => undefined);
  await expect.poll(() => cachedUrls(page, 'sop-harbor-files')).toContain(downloadPath);
  await expect.poll(() => cachedUrls(page, 'sop-harbor-answers')).toEqual(expect.arrayContaining(['/api/sops?limit=50', `/api/sops/${keptId}`, '/api/user']));
  // Online, nothing says 'offline'.
  await expect(offlineBanner(page)).toHaveCount(0);

  await goOffline(context, true);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);

  // Reloading the list with no link: the shell from the precache, the list from the copies.
  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'Procedures' })).toBeVisible();
  await expect(offlineBanner(page).filter({ hasText: /^Offline — showing copies from [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}(\s[AP]M)?/ })).toBeVisible();
  // The list is what this device holds, so nothing in it fails to open: the SOP opened online, not the one never opened.
  const onDevice = page.getByTestId('sop-on-device');
  await expect(onDevice.filter({ hasText: KEPT })).toHaveCount(1);
  await expect(onDevice.filter({ hasText: UNOPENED })).toHaveCount(0);
  const held = await onDevice.count();
  // Out of the whole list as last read with the link (decision 077).
  await expect(page.getByTestId('sops-on-device-count')).toHaveText(new RegExp(`^${held} of \\d+ procedures stored on this device$`));
  // Every read of this screen, the header's bell included, has its copy.
  await expect(offlineBanner(page)).not.toContainText('Some of this screen is not available offline.');
  // Writes are off, and say why.
  await expect(page.getByRole('button', { name: 'New SOP' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Upload SOP File' })).toBeDisabled();
  await expect(page.getByText("Changes can't be sent until the link returns.")).toBeVisible();

  // The SOP opened online, and its file.
  await page.goto(`/sop/${keptId}`);
  await expect(page.getByRole('heading', { name: KEPT })).toBeVisible();
  await expect(offlineBanner(page).filter({ hasText: /^Offline — showing copies from [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}(\s[AP]M)?/ })).toBeVisible();
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
  // The reader asks for the same address: the kept copy opens page by page with no link.
  await page.getByRole('button', { name: 'Read mooring-lines.pdf', exact: true }).click();
  const reader = page.getByRole('dialog', { name: 'mooring-lines.pdf' });
  await expect(reader.getByTestId('page-count')).toHaveText('Page 1 of 1');
  await expect(reader.locator('.textLayer').getByText('Inspect every line before arrival.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(reader).toBeHidden();

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

test('a session that ended (401) clears the copies too', async ({ pageAs }) => {
  const page = await pageAs('user', { viewport: { width: 390, height: 844 } });
  await waitForServiceWorker(page);
  await page.goto(`/sop/${keptId}`);
  await expect(page.getByRole('heading', { name: KEPT })).toBeVisible();
  await expect.poll(() => cachedUrls(page, 'sop-harbor-answers')).toContain(`/api/sops/${keptId}`);

  // The session cookie goes (as when it expires): the next read is a 401.
  await page.context().clearCookies();
  await page.goto('/documents');
  await expect(page).toHaveURL(/\/auth$/);
  // Nothing of the session stays. The sign-in screen then reads the public settings anew, signed
  // out, and that answer may be kept (it is the same for everyone, and the screen needs it offline).
  const signedOutReads = ['/api/settings'];
  await expect.poll(async () => (await cachedUrls(page, 'sop-harbor-answers')).filter((url) => !signedOutReads.includes(url))).toEqual([]);
  expect(await cachedUrls(page, 'sop-harbor-files')).toEqual([]);
});

test('an attestation made offline waits, is sent when the link returns, and only then counts', async ({ pageAs }) => {
  const page = await pageAs('user', { viewport: { width: 820, height: 1180 } });
  const context = page.context();
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
  // Opening the kept file and attesting both wait in this browser.
  await attestOnPage(page);
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
  // The opening made offline went first, so the attestation kept it.
  const summary = (await (await page.request.get(`/api/sop-versions/${effectiveVersion}/attestations`)).json()) as { opened: number[] };
  expect(summary.opened).toHaveLength(1);
});

/** Fetches a path from the page, through the worker: its status, whether a stored copy answered, and its first bytes. */
const fetchFromPage = (page: Page, path: string) =>
  page.evaluate(async (url) => {
    const res = await fetch(url, { credentials: 'include' });
    return { status: res.status, copy: Number(res.headers.get('x-sop-fetched-at')) > 0, start: (await res.text()).slice(0, 5) };
  }, path);

/** The 'Offline copies' panel, from the account menu (in the header at every width). */
async function openOfflineCopies(page: Page) {
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Offline copies' }).click();
  await expect(page.getByRole('heading', { name: 'Offline copies', level: 1 })).toBeVisible();
}

/** Signed in as a crew member at this width, who keeps the pinned SOP offline from its page (its file never opened). */
async function keepPinnedSop(browser: Browser, viewport: Viewport) {
  const context = await a11yContext(browser, viewport);
  const page = await context.newPage();
  await signIn(page, E2E_USERS.user);
  await waitForServiceWorker(page);
  await page.goto(`/sop/${pinnedId}`);
  await expect(page.getByRole('heading', { name: PINNED })).toBeVisible();
  expect(await cachedUrls(page, 'sop-harbor-files')).not.toContain(pinnedFile);
  await page.getByRole('button', { name: 'Keep this SOP offline' }).click();
  await expect(page.getByRole('button', { name: 'Stop keeping offline' })).toBeVisible();
  await expect.poll(() => cachedUrls(page, 'sop-harbor-files')).toContain(pinnedFile);
  return { context, page };
}

const COPY_TIMES =
  /^Copies from [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}(\s[AP]M)? to [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}(\s[AP]M)?\. Last fetched ahead [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}(\s[AP]M)?\.$/;

test('required reading never opened and tomorrow’s daily program are fetched ahead after sign-in and read offline; the panel says what is stored', async ({
  browser,
}) => {
  const context = await a11yContext(browser, VIEWPORTS[0]);
  const page = await context.newPage();
  await signIn(page, READER);
  await waitForServiceWorker(page);

  // Nothing of it is opened: the app fetches it in the background.
  await expect.poll(() => cachedUrls(page, 'sop-harbor-files'), { timeout: 30_000 }).toEqual(expect.arrayContaining([requiredFile, tomorrowFile]));
  await expect
    .poll(() => cachedUrls(page, 'sop-harbor-answers'))
    .toEqual(
      expect.arrayContaining(['/api/user', '/api/reading', `/api/sops/${requiredId}`, `/api/sops/${requiredId}/history`, `/api/sops/${requiredId}/reading`]),
    );
  // Today and the next two days only.
  expect(await cachedUrls(page, 'sop-harbor-files')).not.toContain(laterFile);

  // Fetching ahead again asks with the ETags of the copies: the unchanged SOP and files answer 304, no body.
  const statuses = new Map<string, number[]>();
  context.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if ([requiredFile, tomorrowFile, `/api/sops/${requiredId}`].includes(path)) statuses.set(path, [...(statuses.get(path) ?? []), response.status()]);
  });
  await openOfflineCopies(page);
  await page.getByRole('button', { name: 'Update copies now' }).click();
  // (Seen by the page and by the worker's own fetch: one status each way.)
  await expect
    .poll(() => [requiredFile, tomorrowFile, `/api/sops/${requiredId}`].map((path) => [...new Set(statuses.get(path))]))
    .toEqual([[304], [304], [304]]);

  await goOffline(context, true);
  await page.goto(`/sop/${requiredId}`);
  await expect(page.getByRole('heading', { name: REQUIRED })).toBeVisible();
  await expect(page.getByText(`${REQUIRED}: every step in order.`)).toBeVisible();
  await expect(page.getByTestId('attachment')).toContainText('muster-drill.pdf');
  await expect(offlineBanner(page).filter({ hasText: /^Offline — showing copies from / })).toBeVisible();
  expect(await fetchFromPage(page, requiredFile)).toEqual({ status: 200, copy: true, start: '%PDF-' });

  await page.goto('/daily-program');
  await expect(page.getByText(CRUISE, { exact: true })).toBeVisible();
  expect(await fetchFromPage(page, tomorrowFile)).toEqual({ status: 200, copy: true, start: '%PDF-' });
  expect((await fetchFromPage(page, laterFile)).status).toBe(503);

  // The panel opens offline too, and says what is kept and from when.
  await openOfflineCopies(page);
  await expect(page.getByTestId('offline-usage')).toHaveText(/^\d+ copies · [\d.]+ (KB|MB) of 200 MB used$/);
  await expect(page.getByTestId('offline-kind-ahead')).toHaveText(/fetched ahead[1-9]\d* cop(y|ies) · [\d.]+ (B|KB|MB)$/);
  await expect(page.getByTestId('offline-times')).toHaveText(COPY_TIMES);
  await expect(page.getByText('No SOP is kept offline.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update copies now' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'offline copies, 1366 px, offline');
  await expectNoSidewaysScroll(page, 'offline copies, 1366 px');
  await context.close();
});

test("'Keep this SOP offline' stores the SOP and its file; offline both open, the panel lists it, and it can be undone", async ({ browser }) => {
  const { context, page } = await keepPinnedSop(browser, VIEWPORTS[1]);
  await expect(page.getByText('Kept offline', { exact: true }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'SOP page kept offline, 820 px');
  await expectNoSidewaysScroll(page, 'SOP page, 820 px');

  await goOffline(context, true);
  await page.reload();
  await expect(page.getByRole('heading', { name: PINNED })).toBeVisible();
  await expect(page.getByTestId('attachment')).toContainText('anchoring.txt');
  const file = await fetchFromPage(page, pinnedFile);
  expect(file).toMatchObject({ status: 200, copy: true });

  // The panel from the keyboard: the account menu, then its third item.
  await page.getByRole('button', { name: /account menu/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'My account' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Change password' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Offline copies' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Offline copies', level: 1 })).toBeVisible();
  const kept = page.getByTestId('kept-sop');
  await expect(kept).toHaveCount(1);
  await expect(kept).toContainText(PINNED);
  await expect(page.getByTestId('offline-kind-kept')).toHaveText(/offline[1-9]\d* copies · /);
  await expectNoSeriousA11yViolations(page, 'offline copies, 820 px');
  await expectNoSidewaysScroll(page, 'offline copies, 820 px');

  // Undone from the panel (no link needed): the SOP page offers to keep it again, once the link is back.
  const stop = page.getByRole('button', { name: `Stop keeping ${PINNED} offline` });
  await stop.focus();
  await page.keyboard.press('Enter');
  await expect(kept).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'SOPs kept offline' })).toBeFocused();
  await expect(page.getByText("No SOP is kept offline. Open an SOP and choose 'Keep this SOP offline'.")).toBeVisible();
  await page.goto(`/sop/${pinnedId}`);
  await expect(page.getByRole('button', { name: 'Keep this SOP offline' })).toBeDisabled();
  await goOffline(context, false);
  await expect(page.getByRole('button', { name: 'Keep this SOP offline' })).toBeEnabled();
  // From the keyboard, the one button changes its words and keeps the focus.
  await page.getByRole('button', { name: 'Keep this SOP offline' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Stop keeping offline' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Keep this SOP offline' })).toBeFocused();
  await context.close();
});

test('over the budget the oldest opened copies go first, never a kept SOP; sign-out leaves nothing', async ({ browser }) => {
  const { context, page } = await keepPinnedSop(browser, VIEWPORTS[2]);

  // Three large files opened after it, one after the other.
  for (const path of openedFiles) expect(await fetchFromPage(page, path)).toMatchObject({ status: 200, copy: false });
  await expect.poll(() => cachedUrls(page, 'sop-harbor-files')).toEqual(expect.arrayContaining([pinnedFile, ...openedFiles]));
  // What sign-in fetches ahead (required reading, tomorrow's program) lands in the cache too; let it finish
  // before measuring, or the budget set below is already exceeded by copies that arrive afterwards.
  await openOfflineCopies(page);
  await page.getByRole('button', { name: 'Update copies now' }).click();
  await expect(page.getByRole('button', { name: 'Update copies now' })).toBeEnabled();

  // A budget that holds everything but the two oldest opened files (the kept one is older still).
  const sizes = await page.evaluate(async () => {
    const found: Record<string, number> = {};
    for (const name of ['sop-harbor-answers', 'sop-harbor-files']) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) found[new URL(request.url).pathname] = Number((await cache.match(request))?.headers.get('x-sop-size'));
    }
    return found;
  });
  const total = Object.values(sizes).reduce((sum, size) => sum + size, 0);
  expect(sizes[openedFiles[0]]).toBeGreaterThan(300_000);
  const budget = total - sizes[openedFiles[0]] - sizes[openedFiles[1]];
  await page.evaluate((bytes) => localStorage.setItem('sop-harbor:offline-budget-bytes', String(bytes)), budget);

  await page.getByRole('button', { name: 'Update copies now' }).click();
  await expect(page.getByRole('button', { name: 'Update copies now' })).toBeEnabled();
  await expect.poll(() => cachedUrls(page, 'sop-harbor-files')).not.toContain(openedFiles[1]);
  const files = await cachedUrls(page, 'sop-harbor-files');
  expect(files).toContain(pinnedFile);
  expect(files).toContain(openedFiles[2]);
  expect(files).not.toContain(openedFiles[0]);
  await expect(page.getByTestId('offline-usage')).not.toContainText('of 200 MB');
  await expect(page.getByTestId('kept-sop')).toContainText(PINNED);
  await expectNoSeriousA11yViolations(page, 'offline copies, 390 px');
  await expectNoSidewaysScroll(page, 'offline copies, 390 px');

  await goOffline(context, true);
  await page.goto(`/sop/${pinnedId}`);
  await expect(page.getByRole('heading', { name: PINNED })).toBeVisible();
  expect(await fetchFromPage(page, pinnedFile)).toMatchObject({ status: 200, copy: true });
  expect((await fetchFromPage(page, openedFiles[0])).status).toBe(503);
  await expectNoSeriousA11yViolations(page, 'SOP page kept offline, 390 px, offline');
  await expectNoSidewaysScroll(page, 'SOP page, 390 px');

  await goOffline(context, false);
  await page.goto('/');
  await signOut(page);
  for (const cache of ['sop-harbor-answers', 'sop-harbor-files', 'sop-harbor-offline-state']) expect(await cachedUrls(page, cache)).toEqual([]);
  expect(await page.evaluate(() => caches.keys())).not.toContain('sop-harbor-offline-state');
  await context.close();
});
