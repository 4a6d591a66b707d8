import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download } from '@playwright/test';
import { expect, test } from './support/fixtures';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { buildPdf, pdfPageTexts } from '../server/src/test/documents';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { searchSops } from './support/journeys';
import { apiAs, createSop, publishSop } from './support/seed';
import { signInAt } from './support/session';
import { E2E_USERS } from './support/users';

// Registers, controlled copies, bulk upload and the itinerary table, as the crew and the office use them.
test.describe.configure({ mode: 'serial' });
// axe is injected as a script: these contexts let it past the app's CSP.
test.use({ bypassCSP: true });

const stamp = Date.now().toString(36);
const saved = async (download: Download) => readFile((await download.path())!);
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'tablet', width: 820, height: 1180 },
  { name: 'phone', width: 390, height: 844 },
];

let crew: APIRequestContext;
let approver: APIRequestContext;
let admin: APIRequestContext;
let manualId: number;

test.beforeAll(async ({ baseURL }) => {
  crew = await apiAs(baseURL!, E2E_USERS.user);
  approver = await apiAs(baseURL!, E2E_USERS.approver);
  admin = await apiAs(baseURL!, E2E_USERS.admin);
});

test.afterAll(async () => {
  await Promise.all([crew.dispose(), approver.dispose(), admin.dispose()]);
});

test('the register exports what the filtered list shows, as a CSV Excel opens', async ({ page, signInAs, toast }) => {
  await createSop(crew, `Ballast Exchange ${stamp}`, 'Engine', 'Pump sequence.');
  await createSop(crew, `Ballast Sampling, "Port" ${stamp}`, 'Deck', 'Take samples.');
  await createSop(crew, `Linen Count ${stamp}`, 'Housekeeping', 'Count the linen.');
  await signInAs('user', '/documents');
  await searchSops(page, `ballast ${stamp}`);
  const rows = page.getByTestId('sop-row');
  await expect(rows).toHaveCount(2);
  const shown = (await rows.allTextContents()).join('\n');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^sop-register-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await saved(download);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('Title,Department,Division,Status,Version,Version in force,Revision class,Approved at,Approved by,Owner,Next review due,Last edited');
  expect(lines).toHaveLength(3);
  expect(lines.some((l) => l.startsWith(`"Ballast Sampling, ""Port"" ${stamp}",Deck,Marine,draft,1.0`))).toBe(true);
  expect(lines.some((l) => l.startsWith(`Ballast Exchange ${stamp},Engine,Marine,draft,1.0`))).toBe(true);
  expect(shown).toContain(`Ballast Exchange ${stamp}`);
  expect(lines.join()).not.toContain('Linen Count');
  await expect(toast('Export ready')).toBeVisible();
});

test('a reader prints a controlled copy of the PDF in force: every page stamped, the signature page last', async ({ page, signInAs, toast }) => {
  const title = `Gangway Watch ${stamp}`;
  manualId = await createSop(crew, title, 'Deck', 'Keep the gangway manned.');
  const detail = await (await crew.get(`/api/sops/${manualId}`)).json();
  const pdf = await buildPdf({ title, body: Array.from({ length: 100 }, (_, i) => `Check ${i + 1}: the gangway net is rigged.`) });
  const attached = await crew.post(`/api/sop-versions/${detail.latestVersionId}/attachments`, {
    multipart: { file: { name: 'gangway-watch.pdf', mimeType: 'application/pdf', buffer: pdf } },
  });
  expect(attached.status()).toBe(201);
  await publishSop(crew, approver, manualId, title);

  await signInAs('user2', `/sop/${manualId}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const print = page.getByRole('button', { name: 'Print controlled copy of gangway-watch.pdf' });
  await expect(print).toBeVisible();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await expect(print).toBeVisible();
    await page
      .getByTestId('attachment')
      .first()
      .screenshot({ path: `screenshots/sop-controlled-copy-${viewport.width}.png` });
  }
  const [download] = await Promise.all([page.waitForEvent('download'), print.click()]);
  expect(download.suggestedFilename()).toBe('gangway-watch (controlled copy).pdf');
  await expect(toast('Controlled copy ready')).toBeVisible();
  const copy = await saved(download);
  const pages = (await PDFDocument.load(pdf)).getPageCount();
  expect(pages).toBeGreaterThan(1);
  // The document's pages, then the signature page: all stamped.
  expect((await PDFDocument.load(copy)).getPageCount()).toBe(pages + 1);
  const texts = await pdfPageTexts(copy);
  expect(texts[pages]).toContain('Electronic signatures');
  expect(texts[pages]).toContain('Meaning: Approved (step: Approval)');
  for (const text of texts) {
    expect(text).toContain(`${title} · Version 1.0 · In force since`);
    expect(text).toMatch(/Printed by Noa on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(text).toContain('Uncontrolled when printed');
  }
});

test('an author bulk-uploads three files into a department; the one refused says why', async ({ page, signInAs }) => {
  await signInAs('user', '/documents');
  await page.getByRole('button', { name: 'Upload Files' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Files' });
  await dialog.getByLabel('Department *').click();
  await page.getByRole('option', { name: 'Engine', exact: true }).click();
  await dialog.getByLabel('Files *').setInputFiles([
    { name: `fuel_oil-transfer ${stamp}.pdf`, mimeType: 'application/pdf', buffer: await buildPdf({ title: 'Fuel', body: ['Transfer.'] }) },
    { name: `purifier-${stamp}.txt`, mimeType: 'text/plain', buffer: Buffer.from('Clean the purifier bowl weekly.\n') },
    { name: `engine-log-${stamp}.exe`, mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ not a procedure') },
  ]);
  await expect(dialog.getByTestId('bulk-upload-file')).toHaveCount(3);
  await expectNoSeriousA11yViolations(page, 'bulk upload dialog');
  await page.screenshot({ path: 'screenshots/bulk-upload-chosen.png' });
  await dialog.getByRole('button', { name: 'Upload 3 files' }).click();
  await expect(dialog.getByRole('status')).toContainText('2 uploaded, 1 refused');
  await expect(dialog.getByRole('status')).toContainText(`engine-log-${stamp}.exe: Not an accepted type: PDF, Word, text or image files only`);
  await expect(dialog.getByRole('link', { name: 'Uploaded' })).toHaveCount(2);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.screenshot({ path: `screenshots/bulk-upload-summary-${viewport.width}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);

  await searchSops(page, stamp);
  const fuel = page.getByTestId('sop-row').filter({ hasText: `fuel oil transfer ${stamp}` });
  await expect(fuel).toContainText('Engine');
  await expect(fuel).toContainText('Draft');
  await expect(page.getByTestId('sop-row').filter({ hasText: `purifier ${stamp}` })).toHaveCount(1);
  await expect(page.getByTestId('sop-row').filter({ hasText: 'engine log' })).toHaveCount(0);
  // Each draft holds its file.
  const list = await (await crew.get(`/api/sops?search=${encodeURIComponent(`purifier ${stamp}`)}`)).json();
  expect(list[0].latestVersion.attachmentCount).toBe(1);
});

async function itineraryWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Ports');
  sheet.addRow(['Date', 'Port', 'Arrival', 'Departure', 'Berth', 'Tender', 'Shore excursions', 'Pilot boarding', 'Local agent']);
  const time = (h: number, m = 0) => new Date(Date.UTC(1899, 11, 30, h, m));
  sheet.addRow([new Date(Date.UTC(2026, 4, 1)), 'Lisbon', null, time(17, 30), 'Alcântara', 'No', 'Sintra and Cascais', '16:45', 'Atlantic Agency']);
  sheet.addRow([new Date(Date.UTC(2026, 4, 2)), 'At sea', null, null, null, null, null, null, null]);
  sheet.addRow([new Date(Date.UTC(2026, 4, 3)), 'Cádiz', time(8), time(18), 'Muelle Reina Sofia', 'No', 'Seville by coach', '07:15', 'Bahia Shipping']);
  sheet.getColumn(1).numFmt = 'yyyy-mm-dd';
  sheet.getColumn(3).numFmt = 'hh:mm';
  sheet.getColumn(4).numFmt = 'hh:mm';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test('the crew sees an itinerary as a table at once, and on a phone as a card per port', async ({ browser, baseURL }) => {
  const name = `MS${stamp}-ports.xlsx`;
  const uploaded = await admin.post('/api/itineraries', {
    multipart: {
      uploadDate: '2026-05-01',
      file: { name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await itineraryWorkbook() },
    },
  });
  expect(uploaded.status()).toBe(201);
  const columns = ['Date', 'Port', 'Arrival', 'Departure', 'Berth', 'Tender', 'Shore excursions', 'Pilot boarding', 'Local agent'];
  const lisbon = ['Fri, May 1, 2026', 'Lisbon', '', '17:30', 'Alcântara', 'No', 'Sintra and Cascais', '16:45', 'Atlantic Agency'];
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ baseURL, bypassCSP: true, viewport: { width: viewport.width, height: viewport.height } });
    const page = await context.newPage();
    await signInAt(page, E2E_USERS.user, '/itinerary');
    // Titled by its dates, not by the file's name. The dates come from the table, which the
    // first visit reads in the document worker; on a busy machine that worker may first have to
    // start (a minute idle ends it). Later visits are answered from the table already read.
    await expect(page.getByRole('heading', { name: /^Itinerary · May 1\s–\s3, 2026$/ })).toBeVisible({ timeout: 30_000 });
    if (viewport.name === 'phone') {
      // No sideways scrolling anywhere: each port is a card with every column under its name.
      const ports = page.getByRole('list', { name: `${name}: Ports` });
      await expect(ports.getByRole('listitem')).toHaveCount(3);
      await expect(ports.getByRole('listitem').first().locator('dt')).toHaveText(columns);
      await expect(ports.getByRole('listitem').first().locator('dd')).toHaveText(lisbon.map((cell) => cell || '—'));
      await expect(ports.getByRole('listitem').nth(2).locator('dd').nth(2)).toHaveText('08:00');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    } else {
      const table = page.getByRole('region', { name: `${name}: Ports` });
      await expect(table.getByRole('columnheader')).toHaveText(columns);
      const rows = table.getByRole('row');
      await expect(rows).toHaveCount(4);
      await expect(rows.nth(1).getByRole('cell')).toHaveText(lisbon);
      await expect(rows.nth(3).getByRole('cell').nth(2)).toHaveText('08:00');
      await expect(table.locator('thead')).toHaveCSS('position', 'sticky');
    }
    await expectNoSeriousA11yViolations(page, `itinerary table at ${viewport.width} px`);
    await page.screenshot({ path: `screenshots/itinerary-table-${viewport.width}.png`, fullPage: true });
    await context.close();
  }
});

test('an .xls itinerary says its table is not available and still downloads', async ({ page, signInAs }) => {
  const name = `MS${stamp}-legacy.xls`;
  const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
  const uploaded = await admin.post('/api/itineraries', {
    multipart: { uploadDate: '2026-05-02', file: { name, mimeType: 'application/vnd.ms-excel', buffer: ole } },
  });
  expect(uploaded.status()).toBe(201);
  await signInAs('user', '/itinerary');
  await expect(page.getByRole('status').filter({ hasText: 'Preview not available for .xls files' })).toContainText('Use Download to open the file.');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: `Download ${name}` }).click()]);
  expect(download.suggestedFilename()).toBe(name);
});

test('an admin opens the audit log from the Audit Trail card, filters it and exports the same events', async ({ page, signInAs }) => {
  await signInAs('admin', '/admin');
  await page.getByRole('region', { name: 'Audit Trail' }).getByRole('link', { name: 'View Audit Log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  await page.getByLabel('Action').click();
  await page.getByRole('option', { name: 'Controlled copy printed' }).click();
  await expect(page).toHaveURL(/action=controlled_copy_printed/);
  const events = page.getByTestId('audit-event');
  await expect(events.first()).toContainText('Noa');
  const titles = await events.allTextContents();
  expect(titles.every((t) => t.includes('Controlled copy printed'))).toBe(true);
  await expectNoSeriousA11yViolations(page, 'audit log');
  await page.screenshot({ path: 'screenshots/audit-log-1366.png', fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const lines = (await saved(download)).toString('utf8').slice(1).split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('Time (UTC),Actor,Action,Entity type,Entity id,Name,Details');
  expect(lines.slice(1)).toHaveLength(titles.length);
  expect(lines.slice(1).every((l) => l.includes(',controlled_copy_printed,sop,'))).toBe(true);
  expect(lines[1]).toContain(`,Noa,controlled_copy_printed,sop,${manualId},Gangway Watch ${stamp},`);

  // The subject links to its SOP.
  await events
    .first()
    .getByRole('link', { name: `Gangway Watch ${stamp}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/sop/${manualId}$`));
  for (const viewport of VIEWPORTS.slice(1)) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto('/admin/audit');
    await expect(page.getByTestId('audit-event').first()).toBeVisible();
    await page.screenshot({ path: `screenshots/audit-log-${viewport.width}.png`, fullPage: true });
  }
  // Others are told no.
  expect((await crew.get('/api/audit/export.csv')).status()).toBe(403);
});
