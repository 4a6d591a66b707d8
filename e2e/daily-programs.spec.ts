import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { makePdf, makeXlsx } from './support/sop-files';
import { E2E_USERS } from './support/users';

const pdf = (name: string, text: string) => makePdf(name, text);
const xlsx = (name: string) =>
  makeXlsx(name, [
    [1, 'Barcelona', '', '18:00'],
    [2, 'Palma de Mallorca', '08:00', '17:00'],
  ]);

async function chooseMode(page: Page, label: 'Combined (1 PDF)' | 'Separate (4 PDFs)') {
  await page.getByLabel('Upload mode').click();
  await page.getByRole('option', { name: label }).click();
}

test.describe
  .serial('daily programs and itineraries', () => {
    test('an admin starts from the empty states', async ({ page, signInAs }) => {
      await signInAs('admin', '/daily-program');
      await expect(page.getByText('No daily programs uploaded yet')).toBeVisible();
      await page.goto('/itinerary');
      await expect(page.getByText('No itineraries uploaded yet')).toBeVisible();
    });

    test('an admin uploads a combined day and a separate day, with the form checks on the way', async ({ page, signInAs, toast }) => {
      await signInAs('admin', '/daily-program');
      const submit = page.getByRole('button', { name: 'Upload daily program' });
      await expect(page.getByLabel('Upload mode')).toHaveText('Combined (1 PDF)');
      await expect(page.getByLabel('Date')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
      await expect(submit).toBeDisabled();

      // Nothing typed: the form names the missing cruise code before any call.
      await page.getByLabel('PDF file').setInputFiles(await pdf('embark-day.pdf', 'Embarkation day'));
      await expect(submit).toBeEnabled();
      await submit.click();
      await expect(page.getByText('Cruise code is required')).toBeVisible();

      await page.getByLabel('Cruise code').fill('AR251120');
      await page.getByLabel('Date').fill('2025-11-20');
      await submit.click();
      await expect(toast('Daily programs uploaded successfully!')).toBeVisible();
      await expect(page.getByRole('button', { name: /AR251120/ })).toBeVisible();
      const combinedDay = page.getByRole('button', { name: /Thu, Nov 20, 2025/ });
      await expect(combinedDay).toContainText('Combined PDF');

      // Separate: three files is the wrong count, a non-PDF is refused, changing mode clears the choice.
      await chooseMode(page, 'Separate (4 PDFs)');
      const files = page.getByLabel('PDF files (4, in order)');
      await files.setInputFiles([await pdf('a.pdf', 'a'), await pdf('b.pdf', 'b'), await pdf('c.pdf', 'c')]);
      await expect(page.getByText('Invalid file count: Please select exactly 4 PDF file(s) for separate mode')).toBeVisible();
      await expect(submit).toBeDisabled();
      await files.setInputFiles([
        await pdf('a.pdf', 'a'),
        await pdf('b.pdf', 'b'),
        await pdf('c.pdf', 'c'),
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') },
      ]);
      await expect(page.getByText('Invalid file type: All files must be PDF format')).toBeVisible();
      await expect(submit).toBeDisabled();
      await chooseMode(page, 'Combined (1 PDF)');
      await expect(page.getByRole('list', { name: 'Chosen files' })).toHaveCount(0);
      await expect(page.getByText('Invalid file type: All files must be PDF format')).toHaveCount(0);

      await chooseMode(page, 'Separate (4 PDFs)');
      await page.getByLabel('Date').fill('2025-11-21');
      await files.setInputFiles([
        await pdf('morning.pdf', 'Morning'),
        await pdf('afternoon.pdf', 'Afternoon'),
        await pdf('evening.pdf', 'Evening'),
        await pdf('dining.pdf', 'Dining'),
      ]);
      await expect(page.getByRole('list', { name: 'Chosen files' })).toContainText('File 4: dining.pdf');
      await submit.click();
      await expect(toast('Daily programs uploaded successfully!')).toBeVisible();
      const separateDay = page.getByRole('button', { name: /Fri, Nov 21, 2025/ });
      await expect(separateDay).toContainText('4 Files');
      await separateDay.click();
      const dayFiles = page.getByRole('list', { name: 'Files for AR251120 Fri, Nov 21, 2025' });
      await expect(dayFiles.getByRole('listitem')).toHaveCount(4);
      await expect(dayFiles.getByRole('listitem').first()).toContainText('File 1');
      await expect(dayFiles.getByRole('listitem').first()).toContainText('morning.pdf');
      await expect(dayFiles.getByRole('listitem').last()).toContainText(`by ${E2E_USERS.admin.username}`);
      await combinedDay.click();
      // What the plain user must not get, present here for the admin.
      await expect(page.getByRole('form', { name: 'Upload daily program' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Delete embark-day.pdf' })).toBeVisible();
      await page.screenshot({ path: 'screenshots/daily-program-admin.png', fullPage: true });
    });

    test('an admin uploads an itinerary; a disguised file is refused by the server', async ({ page, signInAs, toast }) => {
      await signInAs('admin', '/itinerary');
      const submit = page.getByRole('button', { name: 'Upload itinerary' });
      await expect(submit).toBeDisabled();
      const input = page.getByLabel('Itinerary file');
      await input.setInputFiles({ name: 'ports.txt', mimeType: 'text/plain', buffer: Buffer.from('Day,Port') });
      await expect(page.getByText('Invalid file type: Please upload an Excel or CSV file')).toBeVisible();
      await expect(submit).toBeDisabled();

      // Named like a workbook, but a PDF inside: only the server can tell, and its error is shown.
      const disguised = await pdf('ports.xlsx', 'not a spreadsheet');
      await input.setInputFiles({ ...disguised, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
      await submit.click();
      await expect(toast('Invalid file type: Please upload an Excel or CSV file')).toBeVisible();
      await expect(page.getByText('No itineraries uploaded yet')).toBeVisible();

      await page.getByLabel('Date').fill('2025-11-20');
      await input.setInputFiles(await xlsx('AR251120_itinerary.xlsx'));
      await submit.click();
      await expect(toast('Itinerary uploaded successfully!')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Cruise AR251120 · Nov 20, 2025' })).toBeVisible();
      await expect(page.getByText('Thu, Nov 20, 2025')).toBeVisible();
      await expect(page.getByRole('form', { name: 'Upload itinerary' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Delete AR251120_itinerary.xlsx' })).toBeVisible();
      await page.screenshot({ path: 'screenshots/itinerary-admin.png', fullPage: true });
    });

    test('a plain user sees and downloads everything, with no upload form and no delete', async ({ page, signInAs }) => {
      await signInAs('user', '/daily-program');
      await expect(page.getByRole('heading', { name: 'Daily Program' })).toBeVisible();
      await page.getByRole('button', { name: /Thu, Nov 20, 2025/ }).click();
      await expect(page.getByRole('form', { name: 'Upload daily program' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download embark-day.pdf' }).click()]);
      expect(download.suggestedFilename()).toBe('embark-day.pdf');
      const bytes = await readFile(await download.path());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      await page.screenshot({ path: 'screenshots/daily-program-user.png', fullPage: true });

      await page.goto('/itinerary');
      await expect(page.getByRole('heading', { name: 'Cruise AR251120 · Nov 20, 2025' })).toBeVisible();
      await expect(page.getByText(E2E_USERS.admin.username, { exact: true })).toBeVisible();
      await expect(page.getByRole('form', { name: 'Upload itinerary' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
      const [sheet] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download AR251120_itinerary.xlsx' }).click()]);
      expect(sheet.suggestedFilename()).toBe('AR251120_itinerary.xlsx');
      expect((await readFile(await sheet.path())).subarray(0, 2).toString()).toBe('PK');
      await page.screenshot({ path: 'screenshots/itinerary-user.png', fullPage: true });
    });

    test('an admin deletes a file and an itinerary after confirming', async ({ page, signInAs, toast }) => {
      await signInAs('admin', '/daily-program');
      await page.getByRole('button', { name: /Fri, Nov 21, 2025/ }).click();
      await page.getByRole('button', { name: 'Delete evening.pdf' }).click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toContainText('Are you sure you want to delete "evening.pdf"');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('link', { name: 'Download evening.pdf' })).toBeVisible();
      await page.getByRole('button', { name: 'Delete evening.pdf' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expect(toast('Daily program deleted successfully!')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Download evening.pdf' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /Fri, Nov 21, 2025/ })).toContainText('3 Files');

      await page.goto('/itinerary');
      await page.getByRole('button', { name: 'Delete AR251120_itinerary.xlsx' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expect(toast('Itinerary deleted successfully!')).toBeVisible();
      await expect(page.getByText('No itineraries uploaded yet')).toBeVisible();
    });
  });
