import { expect, test } from './support/fixtures';
import { buildPdf } from '../server/src/test/documents';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, VIEWPORTS } from './support/a11y';
import { publishedSopWithFiles } from './support/seed';
import type { UploadFile } from './support/sop-files';
import { toast } from './support/toast';

// Compare that reads, on a tablet (then a phone): version 1.0 is in force with a two-page PDF whose page 2
// says '15 minutes'; the author saves 1.1 with the PDF replaced by one that says '10 minutes'
// and compares the two from the SOP page: the procedure with its changed word marked, and
// the file's page 2 with '15' struck and '10' added.
const stamp = Date.now().toString(36);
const TITLE = `Enclosed Space Entry ${stamp}`;
const FILE = `enclosed-space-${stamp}.pdf`;
const content = (minutes: number) => `# Purpose\nEnter an enclosed space safely.\n\n## Steps\n1. Ventilate the space for ${minutes} minutes\n2. Test the air`;

async function entryPdf(minutes: number): Promise<UploadFile> {
  const buffer = await buildPdf({
    title: 'Enclosed space entry',
    body: [
      '# Enclosed space entry',
      'The permit is signed by the chief officer.',
      { newPage: true },
      `Ventilate the space for ${minutes} minutes before entry.`,
    ],
  });
  return { name: FILE, mimeType: 'application/pdf', buffer };
}

let sopId: number;

test.beforeAll(async ({ apiAs }) => {
  ({ id: sopId } = await publishedSopWithFiles(await apiAs('user'), await apiAs('approver'), {
    title: TITLE,
    department: 'Deck',
    content: content(15),
    files: [await entryPdf(15)],
  }));
});

test('an author replaces a PDF with a changed word, and compare on the SOP page shows the word changed on its page', async ({ pageAs }) => {
  const tablet = VIEWPORTS.find((v) => v.name === 'tablet')!;
  // The axe check needs a context that lets its script in (see a11yContext).
  const page = await pageAs('user', { viewport: { width: tablet.width, height: tablet.height }, url: `/sop/${sopId}/edit`, axe: true });
  await expect(page.getByRole('heading', { name: 'Edit SOP' })).toBeVisible();
  await page.getByLabel('Version Number').fill('1.1');
  await page.getByLabel('Changelog').fill('Ventilation time shortened');
  await page.getByLabel('Steps & Procedures *').fill(content(10));
  await page.getByRole('checkbox', { name: new RegExp(FILE.replace('.', '\\.')) }).uncheck();
  await page.getByLabel('Attachments').setInputFiles(await entryPdf(10));
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(toast(page, 'SOP updated successfully')).toBeVisible();

  await page.goto(`/sop/${sopId}`);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  // The new file's text is read in the background: wait until the server has it.
  await expect
    .poll(
      async () => {
        const sop = await (await page.request.get(`/api/sops/${sopId}`)).json();
        const [from, to] = [...sop.versions].sort((a: { id: number }, b: { id: number }) => a.id - b.id).map((v: { id: number }) => v.id);
        const comparison = await (await page.request.get(`/api/sops/${sopId}/compare?from=${from}&to=${to}`)).json();
        return comparison.files?.[0]?.text?.state;
      },
      { timeout: 30_000 },
    )
    .toBe('ready');

  const opener = page.getByRole('button', { name: 'Compare versions' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Compare versions' });
  await expect(dialog.getByLabel('From')).toHaveValue(/\d+/);
  await expect(dialog.getByLabel('From').locator('option:checked')).toHaveText(/^v1\.0/);
  await expect(dialog.getByLabel('To').locator('option:checked')).toHaveText(/^v1\.1/);
  const diff = dialog.getByTestId('version-diff');
  await expect(diff).toContainText('Changes from v1.0 to v1.1');

  // The procedure as it reads, not its Markdown: a numbered step with '15' struck and '10' added.
  const steps = diff.getByTestId('content-changes');
  await expect(steps.getByRole('heading', { name: 'Steps' })).toBeVisible();
  await expect(steps.locator('ol li').first().locator('del')).toHaveText('Removed: 15');
  await expect(steps.locator('ol li').first().locator('ins')).toHaveText('Added: 10');
  await expect(steps).not.toContainText('##');

  // The file, page by page: page 2 changed, page 1 counted as unchanged.
  const file = diff.getByTestId('file-change').filter({ hasText: FILE });
  await expect(file).toContainText('Changed');
  const page2 = file.getByTestId('page-changes');
  await expect(page2).toHaveCount(1);
  await expect(page2).toContainText('Page 2:');
  await expect(page2.locator('del')).toHaveText('Removed: 15');
  await expect(page2.locator('ins')).toHaveText('Added: 10');
  await expect(file).toContainText('1 page unchanged.');
  await page.screenshot({ path: 'screenshots/compare-tablet.png' });
  await expectNoSeriousA11yViolations(page, 'compare dialog on a tablet');

  // On a phone the same dialog fits the width.
  const phone = VIEWPORTS.find((v) => v.name === 'phone')!;
  await page.setViewportSize({ width: phone.width, height: phone.height });
  await expect(page2.locator('ins')).toBeVisible();
  await expectNoSidewaysScroll(page, 'compare dialog on a phone');

  // Keyboard: Escape closes the dialog and gives focus back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});
