import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { waitForServiceWorker } from './support/offline';
import { apiAs, createSop, publishSop } from './support/seed';
import { signIn } from './support/session';
import { E2E_USERS, type E2eUser } from './support/users';

/*
 * No dead ends, on a phone: every link on the screens a person can reach opens a screen they
 * may open; the list's filters offer only what they can see; with no link the Procedures list
 * and Offline copies name what the device holds.
 */
test.describe.configure({ mode: 'serial' });

const PHONE = { width: 390, height: 844 };
const stamp = Date.now().toString(36);
/** A deck rating new on board: owns no SOP, and has one procedure to read. */
const CREW: E2eUser = { username: `deckhand${stamp}`, password: 'no-dead-ends-password', firstName: 'Tomas', lastName: 'Berg', role: 'user' };
const TO_READ = `Dead Ends Mooring Stations ${stamp}`;
let toReadId = 0;
let swEventsBefore: string | undefined;

/** What a screen says when it is not one the person may open, or not one at all. */
const DEAD_ENDS = ['Access Denied', 'Page Not Found', 'SOP not found'];

test.beforeAll(async ({ baseURL }) => {
  // The worker's own fetches go offline with the context only when this is set as the context is made (see offline.spec.ts).
  swEventsBefore = process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS;
  process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';
  const admin = await apiAs(baseURL!, E2E_USERS.admin);
  const approver = await apiAs(baseURL!, E2E_USERS.approver);
  const deck = ((await (await admin.get('/api/departments')).json()) as { id: number; name: string }[]).find((d) => d.name === 'Deck')!.id;
  const created = await admin.post('/api/admin/users', { data: { ...CREW, email: null, departmentId: deck } });
  expect(created.status()).toBe(201);
  // Written by the office, in force for Deck: on the new rating's reading list.
  toReadId = await createSop(admin, TO_READ, 'Deck', `${TO_READ}: who stands where when the ship berths.`);
  await publishSop(admin, approver, toReadId, TO_READ);
  await admin.dispose();
  await approver.dispose();
});

test.afterAll(() => {
  if (swEventsBefore === undefined) delete process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS;
  else process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = swEventsBefore;
});

/** Opens the address and answers what the screen turned out to be: its main heading once drawn. */
async function landing(page: Page, href: string): Promise<string> {
  await page.goto(href);
  const heading = page.getByRole('heading', { level: 1 }).first();
  await expect(heading).toBeVisible();
  return (await heading.innerText()).trim();
}

/** Every address a link on the page leads to inside the app (files and API reads aside), once. */
const linksOn = (page: Page, within = 'body') =>
  page.evaluate((selector) => {
    const hrefs = [...document.querySelectorAll(`${selector} a[href]`)].map((a) => new URL((a as HTMLAnchorElement).href));
    // The skip link ('#main') stays on the screen it is on.
    const inApp = hrefs.filter((url) => url.origin === location.origin && !url.pathname.startsWith('/api/') && url.hash !== '#main');
    return [...new Set(inApp.map((url) => url.pathname + url.search + url.hash))];
  }, within);

/** Links to the same screen with other ids ('/sop/12', '/sop/31') are one kind: a few of each are followed. */
const kindOf = (href: string) => {
  const url = new URL(href, 'http://app');
  return `${url.pathname.replace(/\d+/g, ':n')}?${[...url.searchParams.keys()].sort().join('&')}${url.hash ? '#' : ''}`;
};
const OF_EACH_KIND = 2;

/**
 * From the dashboard, every link on every screen reached, breadth first, the menu sheet's and
 * the account menu's included: none may end on a dead end. Answers the addresses opened.
 */
async function walk(page: Page): Promise<string[]> {
  const opened: string[] = [];
  const seen = new Map<string, number>();
  const queue: { href: string; from: string }[] = [];
  const enqueue = (hrefs: string[], from: string) => {
    for (const href of hrefs) {
      const kind = kindOf(href);
      const count = seen.get(kind) ?? 0;
      if (count >= OF_EACH_KIND || opened.includes(href) || queue.some((entry) => entry.href === href)) continue;
      seen.set(kind, count + 1);
      queue.push({ href, from });
    }
  };

  await landing(page, '/');
  // The menu sheet, where the header's tabs live on a phone.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'SOP Harbor' })).toBeVisible();
  enqueue(await linksOn(page, '[role="dialog"]'), 'the menu');
  await page.keyboard.press('Escape');
  // The account menu's items move by script, not by address: each is chosen in turn.
  await page.getByRole('button', { name: /account menu/ }).click();
  const items = await page.getByRole('menuitem').allInnerTexts();
  await page.keyboard.press('Escape');
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) {
    await landing(page, '/');
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('menuitem', { name: item }).click();
    const heading = page.getByRole('heading', { level: 1 }).first();
    await expect(heading).not.toHaveText(/^Welcome back/);
    expect(DEAD_ENDS, `the account menu's '${item}' leads to '${await heading.innerText()}'`).not.toContain((await heading.innerText()).trim());
    const here = new URL(page.url());
    enqueue([here.pathname + here.search], 'the account menu');
  }
  enqueue(['/'], 'the start');

  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const heading = await landing(page, next.href);
    expect(DEAD_ENDS, `the link to ${next.href} on ${next.from} leads to '${heading}'`).not.toContain(heading);
    opened.push(next.href);
    // Everything the screen draws once its reads are in (a '...' or a spinner still waiting hides links).
    await expect(page.getByRole('main').getByText('...', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    enqueue(await linksOn(page), next.href);
  }
  test.info().annotations.push({ type: 'walked', description: opened.join(' ') });
  return opened;
}

test('a crew member on a phone: no link on any of their screens ends in Access Denied or a missing page', async ({ pageAs }) => {
  const page = await pageAs(CREW, { viewport: PHONE });
  // The check below does see a dead end: the old My Tasks link is one for crew.
  expect(await landing(page, '/approvals')).toBe('Access Denied');

  // My Tasks is their reading: as many as the reading list says, and a link to it on this page.
  await landing(page, '/');
  const tasks = page.getByTestId('stat-readingTasks');
  await expect(page.getByTestId('required-reading-count')).toHaveText(/^[1-9]\d* to read$/);
  const toRead = (await page.getByTestId('required-reading-count').innerText()).split(' ')[0];
  await expect(tasks.getByTestId('stat-readingTasks-value')).toHaveText(toRead);
  await expect(tasks.getByRole('link', { name: 'Go to your reading' })).toHaveAttribute('href', '#required-reading');
  await expect(page.getByRole('link', { name: 'View all tasks' })).toHaveCount(0);
  // Their procedure to read is a link on the dashboard (the walk follows two of each kind, and
  // other journeys' manuals may put theirs first).
  await expect(page.getByTestId('required-reading').locator(`a[href="/sop/${toReadId}"]`).first()).toBeVisible();

  const opened = await walk(page);
  // The walk went where the crew goes: their procedures, an SOP, their account and the offline copies.
  for (const screen of ['/documents', '/account', '/offline']) expect(opened).toContain(screen);
  expect(opened.filter((href) => /^\/sop\/\d+$/.test(href)).length).toBeGreaterThan(0);
  expect(opened.filter((href) => /^\/(approvals|compliance|fleet|admin)/.test(href))).toEqual([]);
});

test('a crew member who owns no SOP: the status filter offers what they can see, nothing more', async ({ pageAs }) => {
  const page = await pageAs(CREW, { viewport: PHONE, url: '/documents' });
  await expect(page.getByRole('heading', { name: 'Procedures', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByLabel('Status').click();
  await expect(page.getByRole('option')).toHaveText(['All Statuses', 'Approved', 'Published']);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('checkbox', { name: 'No approved version' })).toHaveCount(0);
});

test('an approver on a phone: no link ends in Access Denied either', async ({ pageAs }) => {
  const page = await pageAs('approver', { viewport: PHONE });
  expect(await landing(page, '/admin')).toBe('Access Denied');
  const opened = await walk(page);
  for (const screen of ['/documents', '/approvals', '/compliance', '/account', '/offline']) expect(opened).toContain(screen);
  await landing(page, '/');
  await expect(page.getByRole('link', { name: 'View all tasks' })).toHaveAttribute('href', '/approvals');
});

test('offline on a phone: the Procedures list names the SOPs this device holds and says how many; each opens; Offline copies lists them by title', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signIn(page, CREW);
  await waitForServiceWorker(page);
  // Opened once with the link: its copy is stored.
  await page.goto(`/sop/${toReadId}`);
  await expect(page.getByRole('heading', { name: TO_READ })).toBeVisible();

  await context.setOffline(true);
  await page.goto('/documents');
  const onDevice = page.getByTestId('sop-on-device');
  await expect(onDevice.filter({ hasText: TO_READ })).toHaveText(new RegExp(`^${TO_READ}v1\\.0 · Deck · stored `));
  const count = await onDevice.count();
  await expect(page.getByTestId('sops-on-device-count')).toHaveText(`${count} ${count === 1 ? 'procedure' : 'procedures'} stored on this device`);
  // Nothing listed fails to open: the stored copy answers.
  await onDevice.filter({ hasText: TO_READ }).getByRole('link', { name: TO_READ }).click();
  await expect(page.getByRole('heading', { name: TO_READ })).toBeVisible();
  await expect(page.getByText('Not available offline: open it once while online to keep a copy.')).toHaveCount(0);

  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Offline copies' }).click();
  await expect(page.getByRole('heading', { name: 'Procedures on this device', level: 2 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Procedures stored on this device' }).getByRole('link', { name: TO_READ })).toBeVisible();
  await expect(page.getByTestId('sops-on-device-count')).toHaveText(`${count} ${count === 1 ? 'procedure' : 'procedures'} stored on this device`);
  await context.close();
});
