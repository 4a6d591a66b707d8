/**
 * Screenshots of every screen at 1366, 820 and 390 px, for looking at (not a test).
 * Start the browser-test server first (`bash scripts/e2e-server.sh 5208`), seed a few SOPs
 * with the journeys or by hand, prepare: BASE_URL=http://127.0.0.1:5208 npx tsx scripts/screenshots.ts
 * (ONLY=dashboard,compliance for just those screens).
 * Files land in screenshots/screens/<width>-<name>.png.
 */
import { mkdir } from 'node:fs/promises';
import { chromium, type Page } from '@playwright/test';
import { VIEWPORTS } from '../e2e/support/a11y';
import { E2E_USERS, type E2eUser } from '../e2e/support/users';

const baseURL = process.env.BASE_URL ?? 'http://127.0.0.1:5208';
const outDir = 'screenshots/screens';

interface Shot {
  name: string;
  /** Where to go, or how to find it (the newest SOP, say). */
  path: string | ((page: Page) => Promise<string>);
  /** Something to do before the picture: open a dialog or the menu. */
  prepare?: (page: Page) => Promise<unknown>;
}

/** The newest SOP in the list (the journeys' published one when they ran last), or the newest with a status. */
const newestSop =
  (filter = '') =>
  async (page: Page) => {
    await page.goto(`/documents?sort=updatedAt&dir=desc${filter}`);
    const link = page.locator('[data-testid="sop-row"] a:visible, [data-testid="sop-card"] a:visible').first();
    await link.waitFor();
    return (await link.getAttribute('href')) ?? '/sop/1';
  };

/** The first SOP's history dialog from a list, then `then` inside it. */
const historyShot = (name: string, path: string, then: (page: Page) => Promise<unknown>): Shot => ({
  name,
  path,
  prepare: async (page) => {
    await page
      .getByRole('button', { name: /^History: / })
      .first()
      .click();
    await then(page);
  },
});

/** A section of the page, scrolled into view. */
const section = (name: string, path: string, title: string): Shot => ({
  name,
  path,
  prepare: (page) => page.getByText(title, { exact: true }).first().scrollIntoViewIfNeeded(),
});

const openDepartments = (page: Page) => page.getByRole('button', { name: 'Manage Departments' }).click();
/** Opens Manage Departments, then the first button so named inside it. */
const inDepartments = async (page: Page, button: string | RegExp) => {
  await openDepartments(page);
  await page.getByRole('dialog').getByRole('button', { name: button }).first().click();
};

/** The People view of the compliance screen for the first department in the filter. */
const openCompliancePeople = async (page: Page) => {
  await page.getByRole('button', { name: 'People', exact: true }).click();
  await page.getByLabel('Department').click();
  await page.getByRole('option').nth(1).click();
};

/** ONLY=dashboard,compliance takes just those screens (all of them without it). */
const only = process.env.ONLY ? new Set(process.env.ONLY.split(',')) : null;

const SHOTS: Record<E2eUser['role'], Shot[]> = {
  user: [
    { name: 'dashboard', path: '/' },
    {
      name: 'menu',
      path: '/',
      prepare: async (page) => (page.viewportSize()!.width < 1024 ? page.getByRole('button', { name: 'Open menu' }).click() : undefined),
    },
    { name: 'procedures', path: '/documents' },
    { name: 'manuals', path: '/manuals' },
    {
      name: 'manual',
      path: async (page) => {
        await page.goto('/manuals');
        const link = page.locator('a[href^="/manuals/"]').first();
        await link.waitFor();
        return (await link.getAttribute('href')) ?? '/manuals';
      },
    },
    { name: 'sop', path: newestSop() },
    { name: 'circulars', path: '/circulars' },
    { name: 'daily-program', path: '/daily-program' },
    { name: 'itinerary', path: '/itinerary' },
    { name: 'approvals-denied', path: '/approvals' },
    { name: 'notifications', path: '/', prepare: (page) => page.getByTestId('notifications-bell').click() },
    { name: 'offline-copies', path: '/offline' },
  ],
  approver: [
    { name: 'approvals', path: '/approvals' },
    { name: 'sop-compliance', path: newestSop() },
    {
      // The newest SOP's versions compared (when it has more than one), content and files.
      name: 'sop-compare',
      path: newestSop(),
      prepare: async (page) => {
        const compare = page.getByRole('button', { name: 'Compare versions' });
        if ((await compare.count()) === 0) return;
        await compare.click();
        await page.getByTestId('version-diff').waitFor();
      },
    },
    { name: 'compliance', path: '/compliance' },
    { name: 'compliance-people', path: '/compliance', prepare: openCompliancePeople },
    { name: 'compliance-behind', path: '/compliance', prepare: (page) => page.getByRole('button', { name: 'Behind', exact: true }).click() },
    { name: 'sop-form', path: '/sop/new' },
    { name: 'account', path: '/account' },
    section('account-absence', '/account', 'Absence'),
    section('account-passkeys', '/account', 'Passkeys'),
    { name: 'change-password', path: '/account/password' },
    { name: 'upload-dialog', path: '/', prepare: (page) => page.getByRole('button', { name: 'Upload SOP File' }).click() },
    historyShot('history-compare', '/documents', async (page) => {
      const picks = page.getByRole('dialog').getByRole('checkbox');
      await picks.first().waitFor();
      if ((await picks.count()) < 2) return;
      await picks.nth(0).check();
      await picks.nth(1).check();
      await page.getByRole('button', { name: 'Compare selected' }).click();
    }),
    // The newest SOP's events: decisions and attestations with their signatures.
    historyShot('history-events', '/documents?sort=updatedAt&dir=desc', async (page) => {
      await page.getByRole('dialog').getByText('Events', { exact: true }).click();
      await page.getByRole('dialog').getByTestId('timeline-event').first().waitFor();
    }),
    {
      // The review thread's reply box, on an SOP waiting for review.
      name: 'review-comments',
      path: newestSop('&status=submitted'),
      prepare: (page) => page.getByTestId('review-comments').scrollIntoViewIfNeeded(),
    },
    {
      name: 'approve-confirm',
      path: '/approvals',
      prepare: (page) => page.getByRole('button', { name: 'Approve', exact: true }).first().click(),
    },
    {
      name: 'preview-dialog',
      path: '/documents',
      prepare: (page) =>
        page
          .getByRole('button', { name: /^Preview: / })
          .first()
          .click(),
    },
  ],
  admin: [
    { name: 'admin', path: '/admin' },
    { name: 'create-user-dialog', path: '/admin', prepare: (page) => page.getByRole('button', { name: 'Create User' }).click() },
    { name: 'departments-dialog', path: '/admin', prepare: openDepartments },
    { name: 'department-form-dialog', path: '/admin', prepare: (page) => inDepartments(page, 'Add Department') },
    {
      name: 'review-route-dialog',
      path: '/admin',
      prepare: async (page) => {
        await inDepartments(page, /^Review route of /);
        await page.getByRole('form', { name: 'Review route' }).waitFor();
      },
    },
    {
      name: 'edit-user-dialog',
      path: '/admin',
      prepare: (page) =>
        page
          .getByRole('button', { name: /^Edit user / })
          .first()
          .click(),
    },
    { name: 'storage-settings-dialog', path: '/admin', prepare: (page) => page.getByRole('button', { name: 'Storage Settings' }).click() },
    { name: 'system-settings-dialog', path: '/admin', prepare: (page) => page.getByRole('button', { name: 'Configure' }).click() },
    { name: 'templates-dialog', path: '/admin', prepare: (page) => page.getByRole('button', { name: 'Manage Templates' }).click() },
    { name: 'account-admin', path: '/account' },
    {
      name: 'withdraw-dialog',
      path: '/documents?status=published',
      prepare: (page) =>
        page
          .getByRole('button', { name: /^Withdraw: / })
          .first()
          .click(),
    },
    {
      name: 'sso-identity-dialog',
      path: '/admin',
      prepare: (page) =>
        page
          .getByRole('button', { name: /^Single sign-on for / })
          .first()
          .click(),
    },
    { name: 'fleet', path: '/fleet' },
    { name: 'audit-log', path: '/admin/audit' },
    { name: 'daily-program-admin', path: '/daily-program' },
    { name: 'itinerary-admin', path: '/itinerary' },
    { name: 'not-found', path: '/no-such-screen' },
  ],
};

async function main() {
  await mkdir(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  for (const viewport of VIEWPORTS) {
    const signedOut = await browser.newPage({ baseURL, viewport });
    await signedOut.goto('/auth');
    await signedOut.getByRole('button', { name: 'LOGIN' }).waitFor();
    await signedOut.screenshot({ path: `${outDir}/${viewport.width}-auth.png`, fullPage: true });
    const register = signedOut.getByRole('button', { name: 'Create an account' });
    if (await register.isVisible()) {
      await register.click();
      await signedOut.screenshot({ path: `${outDir}/${viewport.width}-register.png`, fullPage: true });
    }
    await signedOut.close();
    for (const role of ['user', 'approver', 'admin'] as const) {
      const context = await browser.newContext({ baseURL, viewport });
      const api = await context.request.post('/api/login', { data: { username: E2E_USERS[role].username, password: E2E_USERS[role].password } });
      if (!api.ok()) throw new Error(`sign-in as ${role} failed`);
      const page = await context.newPage();
      for (const shot of SHOTS[role].filter((s) => !only || only.has(s.name))) {
        await page.goto(typeof shot.path === 'string' ? shot.path : await shot.path(page));
        await page.waitForLoadState('networkidle');
        await shot.prepare?.(page);
        await page.waitForTimeout(400);
        // The first 1.5 screens: what a person sees on arrival and just below, not a 5,000 px strip.
        const height = Math.min(await page.evaluate(() => document.documentElement.scrollHeight), Math.round(viewport.height * 1.5));
        await page.screenshot({
          path: `${outDir}/${viewport.width}-${shot.name}.png`,
          fullPage: !shot.prepare,
          clip: shot.prepare ? undefined : { x: 0, y: 0, width: viewport.width, height },
        });
      }
      await context.close();
    }
  }
  await browser.close();
  console.log(`Screenshots in ${outDir}/`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
