import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { buildPdf } from '../server/src/test/documents';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, VIEWPORTS } from './support/a11y';
import { fileLine } from './support/attest';
import { cachedUrls, waitForServiceWorker } from './support/offline';
import { apiAs, publishedSopWithFiles } from './support/seed';
import { signIn } from './support/session';
import { E2E_USERS } from './support/users';

// A long procedure read in the app: its contents list and its cross-references lead to their
// pages, find counts and steps, zoom and the keyboard work, under the app's real
// Content-Security-Policy, and the file opens again with no link once it has been read online.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const TITLE = `Mooring and Gangway ${stamp}`;
const NAME = 'mooring-and-gangway-procedures-with-contents-and-cross-references-for-the-deck-department.pdf';
const LINK_TEXT = 'Before departure, work through the checks in section 3.';
const LAST_LINE = 'Last line: the officer of the watch signs the log.';
/** Four pages: each section starts on its own page (1 to 4), as the builder lays 45 lines a section out. */
const SECTIONS = ['1. Lines and winches', '2. Gangway', '3. Checks before departure', '4. The log'];
let sopId = 0;
/** The file's address: the reader fetches the same one as the download, and the worker keeps it. */
let download = '';
let swEventsBefore: string | undefined;

test.beforeAll(async ({ baseURL }) => {
  // The offline step needs the worker's own fetches cut too (see offline.spec.ts).
  swEventsBefore = process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS;
  process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';
  const author = await apiAs(baseURL!, E2E_USERS.user);
  const approver = await apiAs(baseURL!, E2E_USERS.approver);
  const pdf = await buildPdf({
    title: TITLE,
    body: [
      '# Mooring and gangway',
      LINK_TEXT,
      `## ${SECTIONS[0]}`,
      ...Array.from({ length: 45 }, (_, i) => `Line check ${i + 1}: the line is free of chafe and the winch brake holds.`),
      `## ${SECTIONS[1]}`,
      ...Array.from({ length: 45 }, (_, i) => `Gangway check ${i + 1}: the net is rigged and its lights work.`),
      `## ${SECTIONS[2]}`,
      ...Array.from({ length: 30 }, (_, i) => `Departure check ${i + 1}: tell the bridge when it is done.`),
      `## ${SECTIONS[3]}`,
      LAST_LINE,
    ],
    outline: SECTIONS.map((title) => ({ title, line: `## ${title}` })),
    links: [{ from: LINK_TEXT, to: `## ${SECTIONS[2]}` }],
  });
  const published = await publishedSopWithFiles(author, approver, {
    title: TITLE,
    department: 'Deck',
    content: '# Purpose\nEvery line and the gangway checked.',
    files: [{ name: NAME, mimeType: 'application/pdf', buffer: pdf }],
  });
  sopId = published.id;
  download = published.downloads[0];
  await author.dispose();
  await approver.dispose();
});

test.afterAll(() => {
  if (swEventsBefore === undefined) delete process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS;
  else process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = swEventsBefore;
});

async function openReader(page: Page) {
  await page.getByRole('button', { name: `Read ${NAME}`, exact: true }).click();
  const reader = page.getByRole('dialog', { name: NAME });
  await expect(reader.getByTestId('page-count')).toHaveText('Page 1 of 4');
  return reader;
}

test('a crew member follows the contents and a link inside a PDF, finds, zooms and turns pages, and opens it again offline', async ({ browser }) => {
  // The app's own Content-Security-Policy stays on (no axe here): pdf.js and its viewer must work under it.
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await signIn(page, E2E_USERS.user2);
  await waitForServiceWorker(page);
  await page.goto(`/sop/${sopId}`);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  const reader = await openReader(page);
  // Shown, so counted as opened: what lets the crew member attest.
  await expect(fileLine(page, NAME)).toHaveText(/· opened$/);

  // Every page is drawn, with its text, as the next-page button brings it into view.
  const pageCount = reader.getByTestId('page-count');
  for (let n = 1; n <= 4; n += 1) {
    const drawn = reader.locator(`.page[data-page-number="${n}"]`);
    await expect(pageCount).toHaveText(`Page ${n} of 4`);
    await expect(drawn.locator('canvas').first()).toBeVisible();
    await expect(drawn.locator('.textLayer')).toContainText(n === 4 ? LAST_LINE : SECTIONS[n - 1]);
    if (n < 4) await reader.getByRole('button', { name: 'Next page' }).click();
  }
  await expect(reader.getByRole('button', { name: 'Next page' })).toBeDisabled();

  // The contents list beside the pages: an entry goes to its page.
  const contents = reader.getByRole('navigation', { name: 'Contents' });
  await expect(reader.getByRole('button', { name: 'Contents' })).toHaveAttribute('aria-expanded', 'true');
  await contents.getByRole('button', { name: SECTIONS[1] }).click();
  await expect(pageCount).toHaveText('Page 2 of 4');
  await contents.getByRole('button', { name: SECTIONS[0] }).click();
  await expect(pageCount).toHaveText('Page 1 of 4');

  // A link inside the document goes to the page it points at.
  await reader.locator('.page[data-page-number="1"] .annotationLayer').getByRole('link', { name: LINK_TEXT }).click();
  await expect(pageCount).toHaveText('Page 3 of 4');

  // The keyboard: Home and End go to the first and last page, PageUp turns back one.
  const pages = reader.getByRole('region', { name: `${NAME}, 4 pages` });
  await pages.focus();
  await page.keyboard.press('Home');
  await expect(pageCount).toHaveText('Page 1 of 4');
  await page.keyboard.press('End');
  await expect(pageCount).toHaveText('Page 4 of 4');
  await expect(reader.locator('.page[data-page-number="4"] .textLayer').getByText(LAST_LINE)).toBeVisible();
  await page.keyboard.press('PageUp');
  await expect(pageCount).toHaveText('Page 3 of 4');
  await page.keyboard.press('Home');
  await expect(pageCount).toHaveText('Page 1 of 4');

  // Find: the matches counted over every page, the current one marked, next and previous step through them.
  const find = reader.getByRole('searchbox', { name: 'Find in document' });
  const matches = reader.getByTestId('match-count');
  await find.fill('tell the bridge');
  await expect(matches).toHaveText('1 of 30');
  await expect(pageCount).toHaveText('Page 3 of 4');
  await expect(reader.locator('.textLayer .highlight.selected')).toHaveText('tell the bridge');
  await reader.getByRole('button', { name: 'Next match' }).click();
  await expect(matches).toHaveText('2 of 30');
  await reader.getByRole('button', { name: 'Previous match' }).click();
  await reader.getByRole('button', { name: 'Previous match' }).click();
  await expect(matches).toHaveText('30 of 30');
  await find.fill('lifeboat');
  await expect(matches).toHaveText('No matches');
  await find.fill('');

  // Zoom: the percentage follows each step, and Fit width goes back to the width of the area.
  const percent = reader.getByTestId('zoom-percent');
  const fitWidth = reader.getByRole('button', { name: 'Fit width' });
  await expect(fitWidth).toHaveAttribute('aria-pressed', 'true');
  const fitted = Number.parseInt((await percent.textContent()) ?? '', 10);
  expect(fitted).toBeGreaterThan(100);
  await reader.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => Number.parseInt((await percent.textContent()) ?? '', 10)).toBeGreaterThan(fitted);
  await expect(fitWidth).toHaveAttribute('aria-pressed', 'false');
  await reader.getByRole('button', { name: 'Zoom out' }).click();
  await reader.getByRole('button', { name: 'Zoom out' }).click();
  await expect.poll(async () => Number.parseInt((await percent.textContent()) ?? '', 10)).toBeLessThan(fitted);
  await fitWidth.click();
  await expect(percent).toHaveText(`${fitted}%`);
  await page.keyboard.press('Escape');
  await expect(reader).toBeHidden();

  // Offline, after that first opening: the screen, the reader's code and the file come from what the app kept.
  await expect.poll(() => cachedUrls(page, 'sop-harbor-files')).toContain(download);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  const offline = await openReader(page);
  await expect(offline.locator('.page[data-page-number="1"] canvas').first()).toBeVisible();
  await expect(offline.locator('.page[data-page-number="1"] .textLayer')).toContainText(LINK_TEXT);
  await offline.getByRole('navigation', { name: 'Contents' }).getByRole('button', { name: SECTIONS[3] }).click();
  await expect(offline.getByTestId('page-count')).toHaveText('Page 4 of 4');
  expect(refused).toEqual([]);
  await context.close();
});

for (const viewport of VIEWPORTS) {
  test(`the reader with a long file name fits a ${viewport.name} (${viewport.width} px)${viewport.name === 'phone' ? ', with the contents a tap away' : ''}`, async ({
    pageAs,
  }) => {
    const shots = process.env.READER_SHOTS_DIR;
    if (shots) await mkdir(shots, { recursive: true });
    const page = await pageAs(E2E_USERS.user2, { viewport, url: `/sop/${sopId}`, axe: true });
    const reader = await openReader(page);
    await expect(reader.locator('.page[data-page-number="1"] canvas').first()).toBeVisible();
    const contents = reader.getByRole('navigation', { name: 'Contents' });
    const toggle = reader.getByRole('button', { name: 'Contents' });
    if (viewport.name === 'phone') {
      // On a phone the list waits behind its button, opens over the pages and closes once an entry is chosen.
      await expect(contents).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      if (shots) await page.screenshot({ path: path.join(shots, `${viewport.width}-contents.png`) });
      await expectNoSidewaysScroll(page, 'contents over the pages on a phone');
      await contents.getByRole('button', { name: SECTIONS[2] }).click();
      await expect(contents).toBeHidden();
      await expect(reader.getByTestId('page-count')).toHaveText('Page 3 of 4');
      const pages = reader.getByRole('region', { name: `${NAME}, 4 pages` });
      await pages.focus();
      await page.keyboard.press('Home');
      await expect(reader.getByTestId('page-count')).toHaveText('Page 1 of 4');
      // The keyboard's place is seen: a ring drawn over the pages, not hidden under them.
      await expect(reader.getByTestId('pages-focus-ring')).toBeVisible();
    } else if (viewport.name === 'tablet') {
      // A tablet keeps its width for the pages until the list is asked for; then it sits beside them.
      await expect(contents).toBeHidden();
      await toggle.click();
      await expect(contents).toBeVisible();
      await contents.getByRole('button', { name: SECTIONS[1] }).click();
      await expect(reader.getByTestId('page-count')).toHaveText('Page 2 of 4');
      await expect(contents).toBeVisible();
    } else await expect(contents).toBeVisible();
    const firstPage = await reader.locator('.page[data-page-number="1"]').boundingBox();
    expect(firstPage!.x).toBeGreaterThanOrEqual(0);
    expect(firstPage!.x + firstPage!.width).toBeLessThanOrEqual(viewport.width);
    await expectNoSidewaysScroll(page, `reader at ${viewport.width} px`);
    await expectNoSeriousA11yViolations(page, `reader at ${viewport.width} px`);
    if (shots) await page.screenshot({ path: path.join(shots, `${viewport.width}.png`) });
  });
}

test('on a phone (390 px) the reader opens with no field in focus and one 48 px toolbar row, Find opens on demand, and the page shown follows the found match', async ({
  pageAs,
}) => {
  const phone = VIEWPORTS.find((v) => v.name === 'phone')!;
  const page = await pageAs(E2E_USERS.user2, { viewport: { width: phone.width, height: phone.height }, url: `/sop/${sopId}`, axe: true });
  const reader = await openReader(page);
  await expect(reader.locator('.page[data-page-number="1"] canvas').first()).toBeVisible();

  // Nothing that brings up the keyboard has focus: the document is in view, whole.
  const focused = await page.evaluate(() => {
    const active = document.activeElement;
    return { tag: active?.tagName ?? '', editable: active instanceof HTMLElement && active.isContentEditable };
  });
  expect(['INPUT', 'TEXTAREA', 'SELECT']).not.toContain(focused.tag);
  expect(focused.editable).toBe(false);
  const toolbar = await reader.getByTestId('pdf-toolbar').boundingBox();
  expect(toolbar!.height).toBeLessThanOrEqual(48);
  await expectNoSidewaysScroll(page, 'reader toolbar at 390 px');

  // Find waits behind its button, and takes focus only once asked for.
  const find = reader.getByRole('searchbox', { name: 'Find in document' });
  const findButton = reader.getByRole('button', { name: 'Find in document' });
  await expect(find).toBeHidden();
  await expect(findButton).toHaveAttribute('aria-expanded', 'false');
  await findButton.click();
  await expect(findButton).toHaveAttribute('aria-expanded', 'true');
  await expect(find).toBeFocused();

  // A phrase found only on page 3, low on it: scrolled to, page 4 fills more of the screen, yet the indicator names the match's page.
  await find.fill('Departure check 30:');
  await expect(reader.getByTestId('match-count')).toHaveText('1 of 1');
  await expect(reader.locator('.page[data-page-number="3"] .textLayer .highlight.selected')).toBeInViewport();
  await expect(reader.getByTestId('page-count')).toHaveText('Page 3 of 4');
  const shots = process.env.READER_SHOTS_DIR;
  if (shots) await page.screenshot({ path: path.join(shots, `${phone.width}-find.png`) });

  // The zoom controls wait in the More menu, reached and used by the keyboard.
  const more = reader.getByRole('button', { name: 'More' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Zoom in' })).toBeVisible();
  if (shots) await page.screenshot({ path: path.join(shots, `${phone.width}-more.png`) });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(more).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'reader with find open at 390 px');
});
