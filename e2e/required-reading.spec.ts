import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import type { PublicUser } from '../common/contracts/auth';
import type { SopListItem } from '../common/contracts/sops';
import { createSop, departmentId, publishSop } from './support/seed';
import { signIn, signInAt } from './support/session';
import { E2E_USERS, type E2eUser } from './support/users';
import { attestOnPage } from './support/attest';

const suffix = Date.now().toString(36);
const title = `Mooring line handling ${suffix}`;
const crewA: E2eUser = { username: `ines.${suffix}`, password: 'deck-pass-2026-a', firstName: 'Ines', lastName: 'Kovac', role: 'user' };
const crewB: E2eUser = { username: `tomas.${suffix}`, password: 'deck-pass-2026-b', firstName: 'Tomas', lastName: 'Berg', role: 'user' };

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

async function signedIn(browser: Browser, user: E2eUser, viewport: { width: number; height: number }, url = '/') {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signInAt(page, user, url);
  return page;
}

const readingSection = (page: Page) => page.getByTestId('required-reading');

/** The badge's number, or 0 when there is none. */
async function bellCount(page: Page): Promise<number> {
  const badge = page.getByTestId('notifications-badge');
  if (!(await badge.isVisible())) return 0;
  return Number(await badge.textContent());
}

async function expectOnBell(page: Page, text: string) {
  await expect(page.getByTestId('notifications-badge')).toBeVisible();
  await page.getByTestId('notifications-bell').click();
  const item = page.getByRole('menuitem', { name: new RegExp(text) });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Required reading');
  await page.keyboard.press('Escape');
}

test('Deck crew see a new Deck SOP, one attests on a phone, the approver sees 1 of 2, a new version asks again', async ({ browser, apiAs }) => {
  test.setTimeout(120_000);

  // An admin makes two crew accounts and puts both in Deck with the edit dialog.
  const admin = await browser.newPage({ viewport: DESKTOP });
  await signIn(admin, E2E_USERS.admin);
  for (const crew of [crewA, crewB]) {
    const res = await admin.request.post('/api/admin/users', { data: { ...crew, email: `${crew.username}@ship.example` } });
    expect(res.status()).toBe(201);
  }
  await admin.goto('/admin');
  for (const crew of [crewA, crewB]) {
    const name = `${crew.firstName} ${crew.lastName}`;
    const row = admin.getByRole('table', { name: 'Users' }).getByRole('row', { name: new RegExp(name) });
    await row.getByRole('button', { name: `Edit user ${name}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Edit User' });
    await dialog.getByLabel('Department').click();
    await admin.getByRole('option', { name: 'Marine › Deck' }).click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Marine › Deck');
  }

  // Other journeys may have put people in Deck before: they must read it too. Alone, this is 0.
  const deckId = await departmentId(admin.request, 'Deck');
  const accounts = (await (await admin.request.get('/api/admin/users')).json()) as PublicUser[];
  const othersInDeck = accounts.filter((u) => u.active && u.departmentId === deckId && ![crewA.username, crewB.username].includes(u.username)).length;
  const ofDeck = (read: number) => `${read} of ${othersInDeck + 2}`;

  // A Deck SOP, written by a crew member and published by the approver.
  const author = await apiAs('user');
  const approverApi = await apiAs('approver');
  const sopId = await createSop(author, title, 'Deck', '# Purpose\n\nMake fast fore and aft.\n\n1. Single up\n2. Let go on command');
  await publishSop(author, approverApi, sopId, title);

  // Both see it in Required reading on the dashboard and on the bell.
  const pageA = await signedIn(browser, crewA, DESKTOP);
  await expect(readingSection(pageA).getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await expectOnBell(pageA, title);

  const pageB = await signedIn(browser, crewB, PHONE);
  await expect(readingSection(pageB).getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await expectOnBell(pageB, title);
  const before = await bellCount(pageB);
  await pageB.screenshot({ path: 'screenshots/required-reading-dashboard-390.png', fullPage: true });

  // Tomas opens it from the list on his phone: it is waiting for him; he attests.
  await readingSection(pageB)
    .getByRole('link', { name: new RegExp(title) })
    .click();
  await expect(pageB).toHaveURL(new RegExp(`/sop/${sopId}$`));
  const notice = pageB.getByTestId('reading-notice');
  await expect(notice).toContainText('Waiting for you: please read version 1.0 and attest');
  await pageB.screenshot({ path: 'screenshots/required-reading-sop-390.png', fullPage: true });
  await attestOnPage(pageB);
  await expect(pageB.getByTestId('attested-by-me')).toBeVisible();
  await expect(notice).toBeHidden();
  await expect.poll(() => bellCount(pageB)).toBe(before - 1);
  await pageB.goto('/');
  await expect(
    readingSection(pageB)
      .getByRole('list', { name: 'Waiting for you' })
      .getByRole('link', { name: new RegExp(title) }),
  ).toHaveCount(0);

  // The approver's compliance panel: 1 of 2, and Ines is the one outstanding.
  const approver = await signedIn(browser, E2E_USERS.approver, DESKTOP, `/sop/${sopId}`);
  const panel = approver.getByTestId('compliance-panel');
  await expect(panel.getByTestId('compliance-total')).toContainText(ofDeck(1));
  await expect(panel.getByTestId('compliance-outstanding')).toContainText('Ines Kovac');
  await expect(panel.getByTestId('compliance-outstanding')).not.toContainText('Tomas Berg');
  await expect(panel.getByRole('progressbar', { name: `Deck: ${ofDeck(1)} have read it` })).toBeVisible();
  await approver.screenshot({ path: 'screenshots/required-reading-compliance-1366.png', fullPage: true });

  // The compliance view is reachable from Procedures and lists the SOP.
  await approver.goto('/documents');
  await approver.getByRole('link', { name: 'Compliance' }).click();
  await expect(approver).toHaveURL(/\/compliance$/);
  await expect(approver.getByRole('table', { name: 'Compliance' }).getByRole('row', { name: new RegExp(title) })).toContainText(ofDeck(1));

  // A new version: outstanding again for both, with what changed since the version Tomas read.
  const added = await author.post(`/api/sops/${sopId}/versions`, {
    data: {
      versionNumber: '2.0',
      content: '# Purpose\n\nMake fast fore and aft.\n\n1. Single up\n2. Report to the bridge\n3. Let go on command',
      changelog: 'Report to the bridge before letting go',
    },
  });
  expect(added.status()).toBe(201);
  await publishSop(author, approverApi, sopId, title);

  for (const page of [pageA, pageB]) {
    await page.goto('/');
    await expect(
      readingSection(page)
        .getByRole('list', { name: 'Waiting for you' })
        .getByRole('link', { name: new RegExp(title) }),
    ).toContainText('v2.0');
    await expectOnBell(page, title);
  }
  await pageB.goto(`/sop/${sopId}`);
  await expect(notice).toContainText('Waiting for you: please read version 2.0 and attest');
  // What changed since the version he read, folded under the card.
  const changes = pageB.getByTestId('reading-changes');
  await expect(changes).toContainText('What changed since version 1.0, which you attested');
  await changes.getByText('What changed since').click();
  await expect(changes).toContainText('You last attested version 1.0');
  await expect(changes).toContainText('Report to the bridge before letting go');
  // And the procedure itself compared with the version he attested, the new step marked.
  const comparison = changes.getByTestId('reading-comparison');
  await expect(comparison).toContainText('Changes from v1.0 to v2.0');
  await expect(comparison.getByTestId('content-changes').locator('ins').filter({ hasText: 'Report to the bridge' })).toBeVisible();

  await approver.goto(`/sop/${sopId}`);
  await expect(panel.getByTestId('compliance-total')).toContainText(ofDeck(0));
  await expect(panel.getByTestId('compliance-outstanding')).toContainText('Tomas Berg');

  // Plain crew are refused the office's view.
  const list: SopListItem[] = await (await author.get(`/api/sops?search=${encodeURIComponent(title)}`)).json();
  expect(list.map((s) => s.id)).toContain(sopId);
  expect((await author.get(`/api/sops/${sopId}/compliance`)).status()).toBe(403);
});
