import { expect, test } from './support/fixtures';
import { searchSops } from './support/journeys';
import { PDFDocument } from 'pdf-lib';
import { buildPdf } from '../server/src/test/documents';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, VIEWPORTS } from './support/a11y';
import { toast } from './support/toast';

// Search inside the files: a PDF uploaded from the dashboard is read in the background; a
// sentence from its third page finds the SOP, with the snippet, the words marked and the
// file's name under the title, on a desktop, a tablet and a phone.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const TITLE = `Tender Boarding ${stamp}`;
const FILE = `tender-boarding-${stamp}.pdf`;
const SENTENCE = `The coxswain checks the ${stamp} grab rails before guests step aboard`;
const SEARCH = `coxswain checks the ${stamp} grab rails`;

/** A real three-page PDF; the sentence is on page 3 only. */
async function threePagePdf() {
  const filler = (page: number) => Array.from({ length: 42 }, (_, i) => `Page ${page}, line ${i + 1}: keep the platform clear and the lines tended.`);
  const buffer = await buildPdf({
    title: 'Tender boarding',
    body: ['# Tender boarding', ...filler(1), ...filler(2), SENTENCE, 'Count every guest on and off.'],
  });
  const pdf = await PDFDocument.load(buffer);
  expect(pdf.getPageCount()).toBe(3);
  return { name: FILE, mimeType: 'application/pdf', buffer };
}

test('a PDF uploaded from the dashboard is found by a sentence from its third page, with the snippet and the file name', async ({ pageAs }) => {
  const desktop = VIEWPORTS.find((v) => v.name === 'desktop')!;
  // The axe check needs a context that lets its script in (see a11yContext).
  const page = await pageAs('user', { viewport: { width: desktop.width, height: desktop.height }, url: '/', axe: true });
  await page.getByRole('button', { name: 'Upload SOP File' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload New SOP' });
  await dialog.getByLabel('File *').setInputFiles(await threePagePdf());
  await dialog.getByLabel('Title *').fill(TITLE);
  await dialog.getByLabel('Department *').click();
  await page.getByRole('option', { name: 'Deck', exact: true }).click();
  await dialog.getByRole('button', { name: 'Upload SOP' }).click();
  await expect(toast(page, 'SOP uploaded successfully to database!')).toBeVisible();

  // Processing runs in the background: the file's text becomes searchable shortly after.
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/sops?search=${encodeURIComponent(SEARCH)}`);
        return ((await res.json()) as { title: string }[]).map((s) => s.title);
      },
      { timeout: 30_000 },
    )
    .toEqual([TITLE]);

  await page.goto('/documents');
  await searchSops(page, SEARCH);
  const row = page.getByTestId('sop-row').filter({ hasText: TITLE });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('search-match-file')).toHaveText(FILE);
  await expect(row.getByTestId('search-match')).toContainText(SENTENCE);
  await expect(row.locator('mark')).toHaveText(['coxswain', 'checks', stamp, 'grab', 'rails']);
  await page.screenshot({ path: 'screenshots/search-inside-desktop.png' });
  await expectNoSeriousA11yViolations(page, 'desktop search with file snippet');

  await row.getByRole('link', { name: TITLE }).click();
  await expect(page).toHaveURL(/\/sop\/\d+$/);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(page.getByText(FILE).first()).toBeVisible();
});

for (const viewport of VIEWPORTS.filter((v) => v.name !== 'desktop')) {
  test(`on a ${viewport.name} the card shows the snippet and the file name, and opens the SOP`, async ({ pageAs }) => {
    const page = await pageAs('user', { viewport: { width: viewport.width, height: viewport.height }, axe: true });
    await page.goto('/documents');
    await searchSops(page, SEARCH);
    const card = page.getByTestId('sop-card').filter({ hasText: TITLE });
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('search-match-file')).toHaveText(FILE);
    await expect(card.locator('mark').first()).toHaveText('coxswain');
    await page.screenshot({ path: `screenshots/search-inside-${viewport.name}.png` });
    await expectNoSidewaysScroll(page, `${viewport.name} search with file snippet`);
    await expectNoSeriousA11yViolations(page, `${viewport.name} search with file snippet`);
    await card.getByRole('link', { name: TITLE }).click();
    await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  });
}
