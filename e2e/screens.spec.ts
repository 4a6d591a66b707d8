import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { a11yContext, expectNoSeriousA11yViolations, expectNoSidewaysScroll, navigateByMenu, VIEWPORTS } from './support/a11y';
import { apiAs, createSop, publishSop } from './support/seed';
import { signIn } from './support/session';
import { E2E_USERS, type E2eUser } from './support/users';

// Every screen for every role at the three widths, reached through the header (the tabs, or the
// menu sheet below 1024 px), each checked by axe-core and for sideways scrolling.
test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

const stamp = Date.now().toString(36);
const PUBLISHED = `Abandon Ship Drill ${stamp}`;
const DRAFT = `Galley Fire Response ${stamp}`;
let publishedId = 0;

test.beforeAll(async ({ baseURL }) => {
  const crew = await apiAs(baseURL!, E2E_USERS.user);
  const approver = await apiAs(baseURL!, E2E_USERS.approver);
  const content =
    '# Purpose\nEvery crew member knows their muster station.\n\n## Steps\n1. Sound seven short and one long blast\n2. Muster at the assigned station\n- Bring the life jacket';
  publishedId = await createSop(crew, PUBLISHED, 'Deck', content);
  await publishSop(crew, approver, publishedId, PUBLISHED);
  await createSop(crew, DRAFT, 'Food & Beverage', '1. Shut the gas valve\n2. Use the wet chemical extinguisher');
  await crew.dispose();
  await approver.dispose();
});

type Tab = { tab: string; heading: RegExp | string };
const PROCEDURES: Tab = { tab: 'Procedures', heading: 'Procedures' };
/** The office's tabs, shown to approvers and admins after Procedures. */
const OFFICE: Tab[] = [
  { tab: 'Approvals', heading: 'Approval Center' },
  { tab: 'Compliance', heading: 'Reading compliance' },
];
/** Every role's last tabs. */
const EVERYONE: Tab[] = [
  { tab: 'Daily Program', heading: 'Daily Program' },
  { tab: 'Itinerary', heading: 'Itinerary' },
  { tab: 'Dashboard', heading: /^Welcome back/ },
];
const TABS: Record<E2eUser['role'], Tab[]> = {
  user: [PROCEDURES, ...EVERYONE],
  approver: [PROCEDURES, ...OFFICE, ...EVERYONE],
  admin: [{ tab: 'Admin', heading: 'Administration Center' }, PROCEDURES, ...OFFICE, ...EVERYONE],
};

async function check(page: Page, label: string) {
  await expectNoSeriousA11yViolations(page, label);
  await expectNoSidewaysScroll(page, label);
}

/** Opens a dialog with `open`, checks it, closes it with Escape and expects focus back on the opener. */
async function checkDialog(page: Page, label: string, opener: ReturnType<Page['getByRole']>) {
  await opener.click();
  await expect(page.getByRole('dialog').or(page.getByRole('alertdialog')).first()).toBeVisible();
  await check(page, label);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog').or(page.getByRole('alertdialog'))).toHaveCount(0);
  await expect(opener).toBeFocused();
}

for (const viewport of VIEWPORTS) {
  for (const role of ['user', 'approver', 'admin'] as const) {
    test(`${role} on a ${viewport.name} (${viewport.width} px): every screen by the menu, no serious axe finding`, async ({ browser }) => {
      const context = await a11yContext(browser, viewport);
      const page = await context.newPage();
      const user = E2E_USERS[role];

      await page.goto('/auth');
      await expect(page).toHaveTitle('Sign in · SOP Harbor');
      await check(page, `${viewport.name} /auth`);
      await signIn(page, user);
      await expect(page).toHaveTitle('Dashboard · SOP Harbor');
      await check(page, `${viewport.name} ${role} dashboard`);
      await checkDialog(page, `${viewport.name} ${role} Upload SOP dialog`, page.getByRole('button', { name: 'Upload SOP File' }));

      for (const { tab, heading } of TABS[role]) {
        await navigateByMenu(page, tab);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await check(page, `${viewport.name} ${role} ${tab}`);
      }

      // The Administration Center's settings dialogs.
      if (role === 'admin') {
        await page.goto('/admin');
        await expect(page.getByRole('heading', { level: 1, name: 'Administration Center' })).toBeVisible();
        await checkDialog(page, `${viewport.name} admin Storage Settings`, page.getByRole('button', { name: 'Storage Settings' }));
        await checkDialog(page, `${viewport.name} admin System Settings`, page.getByRole('button', { name: 'Configure' }));
      }

      // The pages a role may not use say so, accessibly.
      if (role !== 'admin') {
        await page.goto('/admin');
        await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
        await check(page, `${viewport.name} ${role} /admin denied`);
      }
      if (role === 'user') {
        await page.goto('/approvals');
        await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
        await check(page, `${viewport.name} ${role} /approvals denied`);
      }

      // The procedures list, its row dialogs, an SOP and the form.
      await page.goto(`/documents?q=${encodeURIComponent(stamp)}`);
      await expect(page).toHaveTitle('Procedures · SOP Harbor');
      await expect(page.getByRole('link', { name: PUBLISHED })).toBeVisible();
      await checkDialog(page, `${viewport.name} ${role} Preview`, page.getByRole('button', { name: `Preview: ${PUBLISHED}` }));
      await checkDialog(page, `${viewport.name} ${role} History`, page.getByRole('button', { name: `History: ${PUBLISHED}` }));
      // Another person's draft is deleted by an administrator only; an SOP in force is withdrawn, never deleted.
      if (role === 'admin') await checkDialog(page, `${viewport.name} ${role} Delete`, page.getByRole('button', { name: `Delete: ${DRAFT}` }));
      if (role !== 'user') await checkDialog(page, `${viewport.name} ${role} Withdraw`, page.getByRole('button', { name: `Withdraw: ${PUBLISHED}` }));

      await page.getByRole('link', { name: PUBLISHED }).click();
      await expect(page.getByRole('heading', { name: PUBLISHED })).toBeVisible();
      await expect(page.getByTestId('sop-status')).toContainText('In force · v1.0 · approved ');
      await check(page, `${viewport.name} ${role} SOP page`);
      if (role !== 'user') await checkDialog(page, `${viewport.name} ${role} Send Email`, page.getByRole('button', { name: /Send Email/ }));

      await page.goto('/sop/new');
      await expect(page.getByRole('heading', { level: 1, name: 'Create New SOP' })).toBeVisible();
      await check(page, `${viewport.name} ${role} SOP form`);

      await page.goto('/no-such-screen');
      await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
      await check(page, `${viewport.name} 404`);
      await context.close();
    });
  }
}
