import { mkdir } from 'node:fs/promises';
import { chromium, request } from '@playwright/test';
import { E2E_USERS, type E2eUser } from '../e2e/support/users';
import { createSop, publishSop } from '../e2e/support/seed';

const baseURL = 'http://127.0.0.1:5201';
const api = async (user: E2eUser) => {
  const ctx = await request.newContext({ baseURL });
  await ctx.post('/api/login', { data: { username: user.username, password: user.password } });
  return ctx;
};

const steward = await api(E2E_USERS.user2);
const crewApi = await api(E2E_USERS.user);
const approver = await api(E2E_USERS.approver);
const long = 'Konstantinos Papadopoulos-Andersson';
const titles = [
  `Lifeboat lowering and recovery with the davit brake checked by ${long}`,
  'Enclosed space entry permit',
  'Bunkering checklist for the engine control room',
  'Garbage management plan, Annex V',
];
let revised = 0;
for (const [i, title] of titles.entries()) {
  const id = await createSop(steward, title, i % 2 ? 'Engine' : 'Deck', `# Purpose\n${title}.\n\n## Steps\n1. Brief the team\n2. Do the work\n3. Report to the bridge`);
  await publishSop(steward, approver, id, title);
  if (i === 0) revised = id;
}
await steward.post(`/api/sops/${revised}/versions`, { data: { versionNumber: '1.1', content: '# Purpose\nRevised.\n\n## Steps\n1. New step' } });
await createSop(steward, `Draft by ${long} nobody else sees`, 'Deck', 'Draft text');
await createSop(crewApi, 'My own draft about mooring lines', 'Deck', 'Own draft');

await mkdir('screenshots/visibility', { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
for (const user of [E2E_USERS.user, E2E_USERS.approver]) {
  for (const [width, height] of [[1366, 768], [820, 1180], [390, 844]]) {
    const context = await browser.newContext({ baseURL, viewport: { width, height } });
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
    await page.goto('/documents');
    await page.locator('[data-testid="sop-row"], [data-testid="sop-card"]').first().waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `screenshots/visibility/${user.role}-procedures-${width}.png` });
    await page.goto(`/sop/${revised}`);
    await page.getByTestId('sop-status').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `screenshots/visibility/${user.role}-sop-${width}.png` });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    console.log(user.role, width, 'sop overflow', overflow);
    await context.close();
  }
}
await browser.close();
