import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/fixtures';
import type { PublicUser } from '../common/contracts/auth';
import type { SopDetail } from '../common/contracts/sops';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, navigateByMenu, VIEWPORTS } from './support/a11y';
import { apiAs, createSop, departmentId, publishSop } from './support/seed';
import { signIn } from './support/session';
import { makePdf } from './support/sop-files';
import { E2E_USERS, type E2eUser } from './support/users';
import { attestButton, attestCard, fileLine, openFile } from './support/attest';

// Attesting to what was read: a Deck crew member on a phone must open each file of a division's
// procedure before attesting, confirms in a dialog, and the office sees in Compliance who is behind.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const TITLE = `Enclosed space entry and gas testing ${stamp}`;
const LONG_FILE = 'Enclosed-space-entry-gas-testing-and-ventilation-procedure-for-ballast-tanks-rev7.pdf';
const SHORT_FILE = 'permit-to-enter.pdf';
const reader: E2eUser = {
  username: `konstantinos.${stamp}`,
  password: 'deck-reader-2026-pass',
  firstName: 'Konstantinos',
  lastName: 'Papadopoulos-Andersson',
  role: 'user',
};
const behind: E2eUser = { username: `marta.${stamp}`, password: 'deck-behind-2026-pass', firstName: 'Marta', lastName: 'Sørensen-Lindqvist', role: 'user' };
const phone = VIEWPORTS.find((v) => v.name === 'phone')!;
const desktop = VIEWPORTS.find((v) => v.name === 'desktop')!;
let sop: SopDetail;

test.beforeAll(async ({ baseURL }) => {
  const admin = await apiAs(baseURL!, E2E_USERS.admin);
  const deck = await departmentId(admin, 'Deck');
  for (const person of [reader, behind]) {
    const made = await admin.post('/api/admin/users', { data: { ...person, email: `${person.username}@ship.example` } });
    expect(made.status()).toBe(201);
    const placed = await admin.patch(`/api/admin/users/${((await made.json()) as PublicUser).id}`, { data: { departmentId: deck } });
    expect(placed.status()).toBe(200);
  }
  // A procedure of the Marine division: Deck crew must read it.
  const author = await apiAs(baseURL!, E2E_USERS.user);
  const approver = await apiAs(baseURL!, E2E_USERS.approver);
  const id = await createSop(
    author,
    TITLE,
    'Marine',
    '# Purpose\nNobody enters a tank alone.\n\n## Steps\n1. Ventilate\n2. Test the atmosphere\n3. Post a watch',
  );
  const draft = (await (await author.get(`/api/sops/${id}`)).json()) as SopDetail;
  for (const file of [
    await makePdf(LONG_FILE, 'Gas testing', ['Oxygen 20.9 %', 'No entry above 1 % LEL']),
    await makePdf(SHORT_FILE, 'Permit', ['Signed by the master']),
  ]) {
    expect((await author.post(`/api/sop-versions/${draft.latestVersionId}/attachments`, { multipart: { file } })).status()).toBe(201);
  }
  await publishSop(author, approver, id, TITLE);
  sop = (await (await author.get(`/api/sops/${id}`)).json()) as SopDetail;
  for (const api of [admin, author, approver]) await api.dispose();
});

const card = attestCard;

test('a crew member on a phone is offered the attestation only after opening every file, confirms it, and sees it recorded', async ({ pageAs, apiAs }) => {
  const page = await pageAs(reader, { viewport: { width: phone.width, height: phone.height }, url: `/sop/${sop.id}`, axe: true });

  // The card comes after the procedure and its files, and says what is left to open.
  await expect(card(page)).toContainText('Waiting for you: please read version 1.0 and attest');
  const order = await page.evaluate(() => {
    const top = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().top ?? -1;
    return { content: top('[data-testid="sop-content"]'), files: top('[data-testid="attachment"]'), card: top('[data-testid="read-and-attest"]') };
  });
  expect(order.files).toBeGreaterThan(order.content);
  expect(order.card).toBeGreaterThan(order.files);
  await expect(card(page).getByTestId('files-to-open')).toHaveText('Open the 2 files not opened yet to attest.');
  await expect(attestButton(page, '1.0', TITLE)).toHaveCount(0);
  await expectNoSidewaysScroll(page, 'phone SOP page before opening the files');
  await page.screenshot({ path: 'screenshots/attest-before-390.png', fullPage: true });

  await openFile(page, LONG_FILE);
  await expect(card(page).getByTestId('files-to-open')).toHaveText(`Open “${SHORT_FILE}” to attest.`);
  await expect(fileLine(page, LONG_FILE)).toHaveText(/· opened$/);
  await expect(fileLine(page, SHORT_FILE)).toHaveText(/· not opened yet$/);
  await expect(attestButton(page, '1.0', TITLE)).toHaveCount(0);
  await openFile(page, SHORT_FILE);
  await expect(attestButton(page, '1.0', TITLE)).toBeVisible();
  await expect(card(page).getByTestId('files-to-open')).toHaveCount(0);

  // The openings were recorded on the server, not only on this page.
  const summary = await (await page.request.get(`/api/sop-versions/${sop.effectiveVersionId}/attestations`)).json();
  expect([...summary.opened].sort()).toEqual(sop.versions[0].attachments.map((a) => a.id).sort());

  // By keyboard: the dialog opens, Escape cancels and focus returns to the button.
  await attestButton(page, '1.0', TITLE).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Confirm your attestation' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`I have read and understood version 1.0 of ${TITLE}.`);
  await expect(dialog).toContainText('the 2 files you opened');
  await expectNoSeriousA11yViolations(page, 'phone attestation dialog');
  await page.screenshot({ path: 'screenshots/attest-dialog-390.png' });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(attestButton(page, '1.0', TITLE)).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Attest', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page).getByTestId('attested-by-me')).toContainText('You attested version 1.0 on');
  await expect(page.locator('[data-testid="read-and-attest"] p[tabindex="-1"]')).toBeFocused();
  await expect(attestButton(page, '1.0', TITLE)).toHaveCount(0);
  await expectNoSidewaysScroll(page, 'phone SOP page after attesting');
  await page.screenshot({ path: 'screenshots/attest-done-390.png', fullPage: true });

  // What the attestation kept: both files opened.
  const office = await apiAs('approver');
  const deck = await departmentId(office, 'Deck');
  const people = (await (await office.get(`/api/compliance/people?departmentId=${deck}`)).json()) as { id: number; withoutOpening: number; attested: number }[];
  expect(people.find((p) => p.withoutOpening > 0)).toBeUndefined();
});

test('the approver finds Compliance in the navigation and the People view names who is behind', async ({ pageAs }) => {
  const page = await pageAs('approver', { viewport: { width: desktop.width, height: desktop.height }, axe: true });
  await navigateByMenu(page, 'Compliance');
  await expect(page).toHaveURL(/\/compliance$/);
  await page.getByRole('button', { name: 'People' }).click();
  await expect(page.getByText('Choose a department to see who in it is behind.')).toBeVisible();
  await page.getByLabel('Department').click();
  await page.getByRole('option', { name: 'Deck' }).click();
  const table = page.getByRole('table', { name: 'People' });
  const marta = table.getByRole('row', { name: /Marta Sørensen-Lindqvist/ });
  await expect(marta).toContainText(TITLE);
  await expect(marta).toContainText(/0 of \d/);
  // Konstantinos attested it (other journeys may give Deck more to read).
  const konstantinos = table.getByRole('row', { name: /Konstantinos Papadopoulos-Andersson/ });
  await expect(konstantinos).toBeVisible();
  await expect(konstantinos).not.toContainText(TITLE);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /\/api\/compliance\/people\.csv\?departmentId=\d+$/);
  await expectNoSidewaysScroll(page, 'compliance people 1366');
  await expectNoSeriousA11yViolations(page, 'compliance people view');
  await page.screenshot({ path: 'screenshots/compliance-people-1366.png', fullPage: true });

  // The procedures view of Deck counts the division's procedure over Deck's members.
  await page.getByRole('button', { name: 'Procedures' }).click();
  await expect(page.getByRole('table', { name: 'Compliance' }).getByRole('row', { name: new RegExp(TITLE) })).toBeVisible();
});

/** Makes the page add up its layout shifts not caused by input, from its first paint on (read with shiftSoFar). */
function watchShift(page: Page) {
  return page.addInitScript(() => {
    type Shift = { value: number; hadRecentInput: boolean };
    const w = window as unknown as { __shift: () => number };
    let total = 0;
    const add = (entries: PerformanceEntryList) => {
      for (const entry of entries as unknown as Shift[]) if (!entry.hadRecentInput) total += entry.value;
    };
    const observer = new PerformanceObserver((list) => add(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    // Read now: the shifts recorded but not yet delivered to the observer count too.
    w.__shift = () => {
      add(observer.takeRecords());
      return total;
    };
  });
}

/** The page's layout shift so far, read once the next frame has laid out what is on screen. */
const shiftSoFar = (page: Page) =>
  page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve((window as unknown as { __shift: () => number }).__shift()))));

/** A route handler that lets the answer through `ms` late. */
const heldBack = (ms: number) => async (route: Route) => {
  await new Promise((resolve) => setTimeout(resolve, ms));
  await route.continue();
};

/**
 * The SOP page's layout shift for a crew member with reading outstanding, with the reading and
 * attestation answers held back 1.5 s: printed as a figure, and held to the 0.05 the issue asks.
 */
test('the SOP page does not shift when the reading answers arrive late', async ({ browser }) => {
  for (const viewport of [phone, desktop]) {
    // No service worker: page.route must see the answers to hold them back.
    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await signIn(page, behind);
    await watchShift(page);
    await page.route(`**/api/sops/${sop.id}/reading`, heldBack(1500));
    await page.route(`**/api/sop-versions/${sop.effectiveVersionId}/attestations`, heldBack(1500));
    await page.goto(`/sop/${sop.id}`);
    await expect(card(page).getByTestId('reading-notice')).toBeVisible();
    await expect(card(page).getByTestId('attestation-count')).toContainText('attested');
    // Both late answers are on screen.
    const shift = await shiftSoFar(page);
    console.log(`layout shift, SOP page at ${viewport.width} px, reading answers 1.5 s late: ${shift.toFixed(4)}`);
    expect(shift).toBeLessThanOrEqual(0.05);
    await context.close();
  }
});

/**
 * The dashboard opened by a page load, for a crew member with reading outstanding: the required
 * reading sits above the counts, so it comes with the first paint (read with the session check)
 * instead of arriving after it and pushing the counts down. An answer slower than the first
 * paint waits for (2.5 s) paints in its own loading state after the screen.
 */
test('the dashboard paints with its required reading, not before it', async ({ browser }) => {
  for (const [viewport, heldMs, waits] of [
    [phone, 1500, true],
    [desktop, 1500, true],
    [phone, 4000, false],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await signIn(page, behind);
    await watchShift(page);
    await page.addInitScript(() => {
      const w = window as unknown as { __readingSpinner: boolean };
      w.__readingSpinner = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="required-reading"] [role="status"]')) w.__readingSpinner = true;
      }).observe(document, { childList: true, subtree: true });
    });
    let asked = 0;
    const late = heldBack(heldMs);
    await page.route('**/api/reading', (route) => {
      asked += 1;
      return late(route);
    });
    await page.goto('/');
    await expect(page.getByTestId('required-reading').getByText(TITLE)).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId('stat-readingTasks')).toBeVisible();
    const shift = await shiftSoFar(page);
    const spinner = await page.evaluate(() => (window as unknown as { __readingSpinner: boolean }).__readingSpinner);
    console.log(`dashboard at ${viewport.width} px, reading answer ${heldMs} ms late: layout shift ${shift.toFixed(4)}`);
    // Read once, with the session check: the screen takes that answer over.
    expect(asked).toBe(1);
    expect(spinner).toBe(!waits);
    if (waits) expect(shift).toBeLessThanOrEqual(0.05);
    await context.close();
  }
});
