import { expect, test } from './support/fixtures';
import { localDate } from './support/journeys';
import { buildDocx, buildPdf, buildXlsx } from '../server/src/test/documents';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, VIEWPORTS } from './support/a11y';
import { apiAs, publishedSopWithFiles } from './support/seed';
import { makePdf } from './support/sop-files';
import { E2E_USERS } from './support/users';

// A crew member on a phone reads a procedure's files and today's program in the app, with no
// download and no other app.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const TITLE = `Gangway Watch ${stamp}`;
const PDF_NAME = 'gangway-watch-procedure-for-every-port-call-konstantinos-papadopoulos-andersson.pdf';
const DOCX_NAME = 'gangway-checklist.docx';
const CRUISE = `RD${String(Date.now()).slice(-6)}`;
const phone = VIEWPORTS.find((v) => v.name === 'phone')!;
let sopId: number;
/** A phone, and axe allowed in (see a11yContext). */
const phoneAt = { viewport: { width: phone.width, height: phone.height }, axe: true };

test.beforeAll(async ({ baseURL }) => {
  const author = await apiAs(baseURL!, E2E_USERS.user);
  const approver = await apiAs(baseURL!, E2E_USERS.approver);
  // Three pages of checks; the word 'gangway' on each, the last line only on the last page.
  const pdf = await buildPdf({
    title: TITLE,
    banner: { heading: 'Gangway Watch' },
    body: [
      ...Array.from({ length: 110 }, (_, i) => `Check ${i + 1}: the gangway net is rigged and lit.`),
      'Final check: hand over the watch log to the officer.',
    ],
  });
  const docx = await buildDocx({ body: ['# Gangway checklist', 'Count every person who boards.', '- Safety net rigged', '- Lifebuoy with line at hand'] });
  const published = await publishedSopWithFiles(author, approver, {
    title: TITLE,
    department: 'Deck',
    content: '# Purpose\nNobody boards unseen.',
    files: [
      { name: PDF_NAME, mimeType: 'application/pdf', buffer: pdf },
      { name: DOCX_NAME, mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: docx },
    ],
  });
  sopId = published.id;
  await author.dispose();
  await approver.dispose();
});

test('a crew member on a phone reads every page of a PDF, finds a word in it, and reads a Word file as text', async ({ pageAs }) => {
  const page = await pageAs('user2', phoneAt);
  const opened: string[] = [];
  page.on('request', (request) => opened.push(new URL(request.url()).pathname));
  await page.goto(`/sop/${sopId}`);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expectNoSidewaysScroll(page, 'phone SOP page with a long file name');
  // The reader's code (pdf.js) is not part of the SOP page: it comes when a document is opened.
  expect(opened.some((path) => path.includes('document-reader'))).toBe(false);

  const read = page.getByRole('button', { name: `Read ${PDF_NAME}`, exact: true });
  await read.click();
  const reader = page.getByRole('dialog', { name: PDF_NAME });
  await expect(reader).toBeVisible();
  await expect(reader.getByTestId('page-count')).toHaveText('Page 1 of 3');
  await expect(reader.locator('.page[data-page-number="1"] canvas')).toBeVisible();
  await expectNoSidewaysScroll(page, 'reader on a phone');
  await expectNoSeriousA11yViolations(page, 'reader on a phone');

  // The keyboard turns pages: End goes to the last one, whose text is there to read and select.
  await reader.getByRole('region', { name: `${PDF_NAME}, 3 pages` }).focus();
  await page.keyboard.press('End');
  await expect(reader.getByTestId('page-count')).toHaveText('Page 3 of 3');
  const lastLine = reader.locator('.page[data-page-number="3"] .textLayer').getByText('Final check: hand over the watch log to the officer.');
  await expect(lastLine).toBeVisible();
  const selected = await lastLine.evaluate((span) => {
    const range = document.createRange();
    range.selectNodeContents(span);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    return selection.toString();
  });
  expect(selected).toBe('Final check: hand over the watch log to the officer.');
  await page.keyboard.press('Home');
  await expect(reader.getByTestId('page-count')).toHaveText('Page 1 of 3');

  // Find in document, behind its button on a phone: every page is searched, Enter and the arrows step through the matches.
  const find = reader.getByRole('searchbox', { name: 'Find in document' });
  await expect(find).toBeHidden();
  await reader.getByRole('button', { name: 'Find in document' }).click();
  await expect(find).toBeFocused();
  await find.fill('watch log');
  await expect(reader.getByTestId('match-count')).toHaveText('1 of 1');
  await expect(reader.getByTestId('page-count')).toHaveText('Page 3 of 3');
  await expect(reader.locator('.page[data-page-number="3"] .textLayer .highlight.selected')).toHaveText('watch log');
  // Matches are counted from the page being read: back to the first page for the next search.
  await reader.getByRole('region', { name: `${PDF_NAME}, 3 pages` }).focus();
  await page.keyboard.press('Home');
  await expect(reader.getByTestId('page-count')).toHaveText('Page 1 of 3');
  await find.fill('gangway net');
  await expect(reader.getByTestId('match-count')).toHaveText('1 of 110');
  await reader.getByRole('button', { name: 'Next match' }).click();
  await expect(reader.getByTestId('match-count')).toHaveText('2 of 110');
  await find.press('Shift+Enter');
  await find.press('Shift+Enter');
  await expect(reader.getByTestId('match-count')).toHaveText('110 of 110');
  await expect(reader.getByTestId('page-count')).toHaveText('Page 3 of 3');
  await find.fill('lifeboat');
  await expect(reader.getByTestId('match-count')).toHaveText('No matches');

  // Zoom in and back to the width of the phone, from the toolbar's More menu.
  const firstPage = reader.locator('.page[data-page-number="1"]');
  const fitted = await firstPage.evaluate((el) => el.getBoundingClientRect().width);
  await reader.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Zoom in' }).click();
  await expect.poll(() => firstPage.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(fitted);
  await reader.getByRole('button', { name: 'More' }).click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Fit width' })).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('menuitemcheckbox', { name: 'Fit width' }).click();
  await expect.poll(() => firstPage.evaluate((el) => el.getBoundingClientRect().width)).toBe(fitted);
  expect(fitted).toBeLessThanOrEqual(phone.width);

  // Esc closes it and the keyboard is back where it was.
  await page.keyboard.press('Escape');
  await expect(reader).toBeHidden();
  await expect(read).toBeFocused();

  // A Word file: its text as clean HTML, searchable too.
  await page.getByRole('button', { name: `Read ${DOCX_NAME}`, exact: true }).click();
  const word = page.getByRole('dialog', { name: DOCX_NAME });
  await expect(word.getByRole('heading', { name: 'Gangway checklist' })).toBeVisible({ timeout: 30_000 });
  await expect(word.getByText('Count every person who boards.')).toBeVisible();
  await expect(word.getByRole('listitem').filter({ hasText: 'Lifebuoy with line at hand' })).toBeVisible();
  await word.getByRole('button', { name: 'Find in document' }).click();
  await word.getByRole('searchbox', { name: 'Find in document' }).fill('every person');
  await expect(word.getByTestId('match-count')).toHaveText('1 of 1');
  await expectNoSidewaysScroll(page, 'Word file in the reader on a phone');
  await page.keyboard.press('Escape');
  await expect(word).toBeHidden();

  // The first-page preview opens the reader too.
  await page.getByRole('button', { name: `Open ${PDF_NAME} in the reader` }).click();
  await expect(page.getByRole('dialog', { name: PDF_NAME }).getByTestId('page-count')).toHaveText('Page 1 of 3');
});

test("a crew member on a phone opens today's daily program in the reader, and sees each itinerary's ports with arrival and departure", async ({
  pageAs,
  apiAs,
}) => {
  const page = await pageAs('user2', phoneAt);
  await page.goto('/daily-program');
  await expect(page.getByRole('heading', { name: /^Today · / })).toBeVisible();
  await expect(page.getByText('No program for today')).toBeVisible();

  const admin = await apiAs('admin');
  const upload = await admin.post('/api/daily-programs/batch', {
    multipart: {
      cruiseCode: CRUISE,
      programDate: localDate(),
      mode: 'combined',
      files: await makePdf(`${CRUISE}_today_daily_program.pdf`, 'Daily Program', ['07:00 Breakfast buffet, Horizon Restaurant', '10:00 Lifeboat drill']),
    },
  });
  expect(upload.status()).toBe(201);
  const itinerary = await buildXlsx({
    sheet: CRUISE,
    header: ['Day', 'Date', 'Port of call', 'Arrival', 'Departure'],
    rows: [
      [1, localDate(), 'Southampton, United Kingdom', '', '17:00'],
      [2, localDate(1), 'Bilbao, Spain', '08:00', '18:00'],
      [3, localDate(2), 'A Coruna, Spain', '07:30', '15:45'],
    ],
  });
  const sent = await admin.post('/api/itineraries', {
    multipart: {
      uploadDate: localDate(),
      file: { name: `${CRUISE}_itinerary.xlsx`, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: itinerary },
    },
  });
  expect(sent.status()).toBe(201);

  await page.reload();
  const today = page.getByRole('list', { name: new RegExp(`^Program of ${CRUISE} for `) });
  await expect(today).toBeVisible();
  await expect(page.getByText('No program for today')).toHaveCount(0);
  // Other days stay one step away (yesterday: no journey uploads a program for it; the
  // offline journey uploads one for tomorrow).
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(page.getByText(/^No program for \w{3}, /)).toBeVisible();
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await today.getByRole('button', { name: `Read ${CRUISE}_today_daily_program.pdf` }).click();
  const reader = page.getByRole('dialog', { name: new RegExp(`^Daily program ${CRUISE} · `) });
  await expect(reader.getByTestId('page-count')).toHaveText('Page 1 of 1');
  await expect(reader.locator('.textLayer').getByText('10:00 Lifeboat drill')).toBeVisible();
  await expectNoSidewaysScroll(page, 'daily program in the reader');
  await page.keyboard.press('Escape');
  await expectNoSidewaysScroll(page, 'daily program page on a phone');

  await page.goto('/itinerary');
  const card = page.getByRole('heading', { name: new RegExp(`^Cruise ${CRUISE} · `) });
  await expect(card).toBeVisible();
  const ports = page.getByRole('list', { name: `${CRUISE}_itinerary.xlsx: ${CRUISE}` });
  const bilbao = ports.getByRole('listitem').filter({ hasText: 'Bilbao, Spain' });
  for (const text of ['Arrival', '08:00', 'Departure', '18:00']) {
    const cell = bilbao.getByText(text, { exact: true });
    await cell.scrollIntoViewIfNeeded();
    await expect(cell).toBeInViewport();
  }
  await expectNoSidewaysScroll(page, 'itinerary on a phone');
  await expectNoSeriousA11yViolations(page, 'itinerary on a phone');
});
