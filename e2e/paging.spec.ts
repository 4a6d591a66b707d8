import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { apiAs } from './support/seed';
import { E2E_USERS } from './support/users';

// The Procedures list in pages from the server (decision 077): 300 SOPs of one department,
// paged forward and back on a laptop and a phone, the address keeping the page over a reload.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const COUNT = 300;
let admin: APIRequestContext;
let departmentId: number;
const sopIds: number[] = [];

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(180_000);
  admin = await apiAs(baseURL!, E2E_USERS.admin);
  const created = await admin.post('/api/departments', { data: { name: `Paging ${stamp}` } });
  expect(created.status(), await created.text()).toBe(201);
  departmentId = ((await created.json()) as { id: number }).id;
  // Ten at a time: 300 SOPs through the API as an author would make them.
  for (let start = 1; start <= COUNT; start += 10) {
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const n = String(start + i).padStart(3, '0');
        const res = await admin.post('/api/sops', { data: { title: `Paging ${stamp} ${n}`, departmentId, content: `Step ${n}.` } });
        expect(res.status(), await res.text()).toBe(201);
        sopIds.push(((await res.json()) as { id: number }).id);
      }),
    );
  }
});

// The journeys after this one share the server's data: the 300 drafts go again, ten at a time.
test.afterAll(async () => {
  test.setTimeout(180_000);
  for (let start = 0; start < sopIds.length; start += 10) {
    await Promise.all(sopIds.slice(start, start + 10).map(async (id) => expect((await admin.delete(`/api/sops/${id}`)).status()).toBe(200)));
  }
  await admin.dispose();
});

/** The first SOP title on screen, as a table row or a phone card. */
async function firstTitle(page: Page, item: 'sop-row' | 'sop-card') {
  return (await page.getByTestId(item).first().textContent()) ?? '';
}

for (const { name, width, height, item, dir } of [
  { name: 'a laptop', width: 1366, height: 768, item: 'sop-row' as const, dir: 'asc' },
  { name: 'a phone', width: 390, height: 844, item: 'sop-card' as const, dir: 'desc' },
]) {
  test(`on ${name} the list pages forward and back 50 at a time, and a reload keeps the page`, async ({ page, signInAs }) => {
    await page.setViewportSize({ width, height });
    const first = (n: number) => `Paging ${stamp} ${String(dir === 'asc' ? n : COUNT + 1 - n).padStart(3, '0')}`;
    const sopReads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/sops') sopReads.push(request.url());
    });
    await signInAs('admin', `/documents?dept=${departmentId}&sort=title&dir=${dir}`);
    await expect(page.getByText(`Showing 1–50 of ${COUNT}`)).toBeVisible();
    await expect(page.getByText('Page 1 of 6')).toBeVisible();
    await expect(page.getByTestId(item)).toHaveCount(50);
    expect(await firstTitle(page, item)).toContain(first(1));
    // One page asked for at a time, never the whole list.
    expect(sopReads.length).toBeGreaterThan(0);
    expect(sopReads.every((url) => new URL(url).searchParams.get('limit') === '50')).toBe(true);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`Showing 51–100 of ${COUNT}`)).toBeVisible();
    expect(await firstTitle(page, item)).toContain(first(51));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`Showing 101–150 of ${COUNT}`)).toBeVisible();
    expect(await firstTitle(page, item)).toContain(first(101));
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText(`Showing 51–100 of ${COUNT}`)).toBeVisible();
    expect(await firstTitle(page, item)).toContain(first(51));
    await expect(page).toHaveURL(new RegExp(`/documents\\?dept=${departmentId}&sort=title&dir=${dir}&page=2$`));

    await page.reload();
    await expect(page.getByText(`Showing 51–100 of ${COUNT}`)).toBeVisible();
    await expect(page.getByText('Page 2 of 6')).toBeVisible();
    expect(await firstTitle(page, item)).toContain(first(51));
    await page.screenshot({ path: `test-results/paging-${width}.png`, fullPage: false });

    // The last page: Next is off.
    await page.goto(`/documents?dept=${departmentId}&sort=title&dir=${dir}&page=6`);
    await expect(page.getByText(`Showing 251–300 of ${COUNT}`)).toBeVisible();
    expect(await firstTitle(page, item)).toContain(first(251));
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
}
