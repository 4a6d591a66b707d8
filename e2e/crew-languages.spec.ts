import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { createSop, publishSop } from './support/seed';

// A crew member who reads Filipino picks it on the sign-in page of a phone, signs in for the
// first time and keeps it as their language; the dashboard speaks it; they switch to English on
// My Account and back. A Hindi-speaking deckhand, whose language the office set, reads the same
// screens in Hindi with nothing running off the side of a 390 px phone.
const stamp = Date.now().toString(36);
const PASSWORD = 'galley-keys-2026';

async function noSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test.use({ viewport: { width: 390, height: 844 } });

test('a Filipino speaker chooses Filipino before signing in, keeps it, and switches to English and back', async ({ page, apiAs }) => {
  const admin = await apiAs('admin');
  const username = `maria.${stamp}`;
  const created = await admin.post('/api/admin/users', { data: { username, password: PASSWORD, firstName: 'Maria Luz', lastName: 'Dela Cruz' } });
  expect(created.status()).toBe(201);
  expect((await created.json()).language).toBeNull();

  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'USER LOGIN' })).toBeVisible();
  await page.getByLabel('Language').selectOption({ label: 'Filipino' });
  await expect(page.getByRole('heading', { name: 'PAG-LOGIN NG USER' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'MAG-LOGIN' }).click();

  await expect(page.getByRole('heading', { name: 'Maligayang pagbabalik, Maria Luz' })).toBeVisible();
  await expect(page.getByTestId('required-reading')).toContainText('Kailangang basahin');
  await expect(page.getByTestId('stat-readingTasks')).toContainText('Aking mga gawain');
  await expect(page.getByRole('button', { name: 'Buksan ang menu' })).toBeVisible();
  await noSideways(page);
  await page.screenshot({ path: 'screenshots/dashboard-fil-390.png', fullPage: true });
  // The first sign-in kept the language the sign-in page showed.
  expect((await (await page.request.get('/api/user')).json()).language).toBe('fil');

  // An SOP in force with an approved Filipino translation: she reads it in the procedure's place,
  // the original one tap away, and her attestation records that she read Filipino.
  const approver = await apiAs('approver');
  const title = `Bunkering ${stamp}`;
  const sopId = await createSop(admin, title, 'Deck', '1. Close the manifold valves before bunkering.');
  await publishSop(admin, approver, sopId, title);
  const sop = await (await admin.get(`/api/sops/${sopId}`)).json();
  const added = await admin.post(`/api/sop-versions/${sop.effectiveVersionId}/translations`, {
    data: { language: 'fil', content: '1. Isara ang mga **balbula** ng manifold bago mag-bunker.' },
  });
  expect(added.status()).toBe(201);
  expect((await approver.put(`/api/translations/${(await added.json()).id}`, { data: { status: 'approved' } })).status()).toBe(200);

  await page.goto(`/sop/${sopId}`);
  const reader = page.getByTestId('translation-reader');
  await expect(reader).toContainText('Ang salin na ito sa Filipino ay para sa bersiyon 1.0; ang orihinal sa Ingles ang may-bisa.');
  await expect(reader.getByText('balbula')).toBeVisible();
  await expect(page.getByText('Close the manifold valves before bunkering.')).toBeHidden();
  await noSideways(page);
  await page.screenshot({ path: 'screenshots/sop-translation-fil-390.png', fullPage: true });
  await reader.getByRole('button', { name: 'Basahin ang orihinal (v1.0)' }).click();
  await expect(page.getByText('Close the manifold valves before bunkering.')).toBeVisible();
  await page.getByRole('button', { name: 'Basahin sa Filipino' }).click();
  await expect(reader.getByText('balbula')).toBeVisible();
  await page
    .getByTestId('read-and-attest')
    .getByRole('button', { name: `Nabasa at naunawaan ko ang bersyon 1.0 ng ${title}` })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Kumpirmahin ang iyong pagpapatunay' });
  await confirm.getByRole('button', { name: 'Patunayan', exact: true }).click();
  await expect(confirm).toBeHidden();
  const csv = await (await admin.get('/api/compliance/export.csv')).text();
  expect(csv.split('\n').find((line) => line.includes(title))).toMatch(/,Filipino 1\s*$/);
  await page.goto('/');

  await page.goto('/account');
  const select = page.getByLabel('Ang wika ng mga screen ng app');
  await select.selectOption({ label: 'English' });
  await expect(page.getByLabel("The language of the app's screens")).toHaveValue('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect.poll(async () => (await (await page.request.get('/api/user')).json()).language).toBe('en');
  await page.getByLabel("The language of the app's screens").selectOption({ label: 'Filipino' });
  await expect(page.getByLabel('Ang wika ng mga screen ng app')).toHaveValue('fil');
  await expect.poll(async () => (await (await page.request.get('/api/user')).json()).language).toBe('fil');

  // Signed out, the sign-in page still speaks Filipino on this device.
  await page.getByRole('button', { name: 'Buksan ang menu' }).click();
  await page.getByRole('button', { name: 'Mag-log out' }).click();
  await expect(page.getByRole('heading', { name: 'PAG-LOGIN NG USER' })).toBeVisible();
});

test('a Hindi speaker whose language the office set reads the dashboard in Hindi on a phone', async ({ page, apiAs }) => {
  const admin = await apiAs('admin');
  const username = `rajesh.${stamp}`;
  const created = await admin.post('/api/admin/users', { data: { username, password: PASSWORD, firstName: 'राजेश', lastName: 'कुमार', language: 'hi' } });
  expect(created.status()).toBe(201);

  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByRole('heading', { name: 'फिर से स्वागत है, राजेश' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByTestId('required-reading')).toContainText('अनिवार्य पढ़ाई');
  await expect(page.getByTestId('stat-totalSops')).toContainText('कुल SOP');
  await noSideways(page);
  await page.screenshot({ path: 'screenshots/dashboard-hi-390.png', fullPage: true });
  await page.getByRole('button', { name: 'मेनू खोलें' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'प्रक्रियाएँ' })).toBeVisible();
  await noSideways(page);
  await page.screenshot({ path: 'screenshots/menu-hi-390.png' });

  // The Procedures list and an SOP page in Hindi: the list finds the SOP by a word of its Hindi
  // translation, and the page shows the translation in the procedure's place, nothing off the side.
  const approver = await apiAs('approver');
  const title = `Mooring lines ${stamp}`;
  const sopId = await createSop(admin, title, 'Deck', '1. Keep clear of the bight of a line under tension.');
  await publishSop(admin, approver, sopId, title);
  const sop = await (await admin.get(`/api/sops/${sopId}`)).json();
  const added = await admin.post(`/api/sop-versions/${sop.effectiveVersionId}/translations`, {
    data: { language: 'hi', content: `1. तनाव में रस्सी के घेरे से दूर रहें। mooringword${stamp}` },
  });
  expect(added.status()).toBe(201);
  expect((await approver.put(`/api/translations/${(await added.json()).id}`, { data: { status: 'approved' } })).status()).toBe(200);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'प्रक्रियाएँ' }).click();
  await page.getByPlaceholder('SOP खोजें...').fill(`mooringword${stamp}`);
  const card = page.getByRole('link', { name: title });
  await expect(card).toBeVisible();
  await noSideways(page);
  await page.screenshot({ path: 'screenshots/procedures-hi-390.png', fullPage: true });
  await card.click();
  const reader = page.getByTestId('translation-reader');
  await expect(reader).toContainText('यह हिन्दी अनुवाद संस्करण 1.0 का है; अंग्रेज़ी मूल ही बाध्यकारी है।');
  await expect(reader).toContainText('तनाव में रस्सी के घेरे से दूर रहें।');
  await expect(page.getByText('चरण और प्रक्रियाएँ', { exact: true })).toBeVisible();
  await noSideways(page);
  await page.screenshot({ path: 'screenshots/sop-translation-hi-390.png', fullPage: true });
});
