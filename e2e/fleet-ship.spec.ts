import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import type { VesselDocument } from '../common/contracts/fleet';
import type { AdminUser } from '../common/contracts/users';
import type { SopCompliance } from '../common/contracts/reading';
import { type LinkProxy, startLinkProxy } from '../server/src/test/fleet/link-proxy';
import { type NatsServer, startHub, startShipNats } from '../server/src/test/fleet/nats-servers';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, navigateByMenu, VIEWPORTS } from './support/a11y';
import { attestButton } from './support/attest';
import { apiAs, createSop, departmentId, publishSop } from './support/seed';
import { signIn } from './support/session';
import { E2E_USERS } from './support/users';
import { appContext as context, fleetApps, patiently, shootAtWidths, up } from './support/fleet-apps';

// The fleet in one browser journey: a hub and a ship's leaf nats-server, a TCP proxy standing in
// for the satellite link, an office app and a ship app, all started here. Crew sign in on the
// ship with their office account, read what the office published, attest while the link is
// cut, and see the attestation wait, then go. The office's Fleet page then shows the vessel.
// The client is the one the webServer built for the other journeys (scripts/e2e-server.sh).
test.describe.configure({ mode: 'serial' });
test.setTimeout(300_000);

const apps = fleetApps('sop-fleet-e2e');
const OFFICE = `http://127.0.0.1:${apps.e2ePort + 60}`;
const SHIP = `http://127.0.0.1:${apps.e2ePort + 61}`;

const VESSEL = 'AURORA';
const VESSEL_NAME = 'Aurora Borealis of the Northern Seas';
const TITLE = 'Lifeboat Davit Launching and Recovery Drill';
// A second vessel that never connects, with a procedure of its own: what 'pending' looks like.
const OTHER = { code: 'NORD-STAR', name: 'Nordic Star of the Western Fjords and the Far North' };
const OTHER_TITLE = 'Bunkering Operations, Fuel Transfer and Spill Response for Ports with Restricted Berths';
const { admin: ADMIN, approver: APPROVER, user: CREW } = E2E_USERS;

const IN_STEP = /^Ship copy · in step with the office at \d{1,2}:\d\d(\s[AP]M)?$/;
const CUT = /^No link to the office since \d{1,2}:\d\d(\s[AP]M)?$/;
const WAITING = /^No link to the office since \d{1,2}:\d\d(\s[AP]M)? · 1 attestation waiting to send$/;

let hub: NatsServer;
let shipNats: NatsServer;
let proxy: LinkProxy;
let sopId = 0;

const shipLine = (page: Page) => page.getByTestId('ship-link-line');

const shoot = shootAtWidths;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  hub = await startHub();
  proxy = await startLinkProxy({ port: Number(new URL(hub.leafUrl!.replace('nats-leaf', 'http')).port) });
  shipNats = await startShipNats(VESSEL, proxy.url);
  apps.start('office', apps.e2ePort + 60, { NATS_URL: hub.url }, true);
  apps.start('ship', apps.e2ePort + 61, { NATS_URL: shipNats.url, VESSEL }, false);
  await expect.poll(() => up(OFFICE), patiently('the office app is up', 180_000)).toBe(true);
  await expect.poll(() => up(SHIP), patiently('the ship app is up', 180_000)).toBe(true);

  // Ashore: the vessel is registered, the crew member joins Deck, and a Deck procedure is published.
  const admin = await apiAs(OFFICE, ADMIN);
  const approver = await apiAs(OFFICE, APPROVER);
  expect((await admin.post('/api/admin/vessels', { data: { code: VESSEL, name: VESSEL_NAME } })).status()).toBe(201);
  const crew = ((await (await admin.get('/api/admin/users')).json()) as AdminUser[]).find((u) => u.username === CREW.username)!;
  expect((await admin.patch(`/api/admin/users/${crew.id}`, { data: { departmentId: await departmentId(admin, 'Deck') } })).ok()).toBe(true);
  expect((await admin.post('/api/admin/vessels', { data: OTHER })).status()).toBe(201);
  sopId = await createSop(admin, TITLE, 'Deck', '1. Muster the boat crew at the davit\n2. Lower to embarkation deck\n3. Recover and secure');
  await publishSop(admin, approver, sopId, TITLE);
  const other = await admin.post('/api/sops', {
    data: {
      title: OTHER_TITLE,
      departmentId: await departmentId(admin, 'Engine'),
      content: '1. Close the scuppers\n2. Agree the transfer rate',
      vesselCodes: [OTHER.code],
    },
  });
  expect(other.status()).toBe(201);
  await publishSop(admin, approver, ((await other.json()) as { id: number }).id, OTHER_TITLE);
  await approver.dispose();

  // On board: the procedure arrives over the link, after the crew's account (records travel in
  // order), and the office hears of it (the ship's receipt). Only then does anyone sign in there:
  // a sign-in tried too early counts against the account's throttle.
  await expect
    .poll(async () => {
      const res = await admin.get(`/api/fleet/vessels/${VESSEL}/documents`);
      return res.ok() ? ((await res.json()) as VesselDocument[]).find((d) => d.sopId === sopId)?.state : res.status();
    }, patiently('the procedure on board, as the office hears it'))
    .toBe('current');
  await admin.dispose();
  const onBoard = await apiAs(SHIP, CREW);
  expect((await onBoard.get(`/api/sops/${sopId}`)).ok()).toBe(true);
  await onBoard.dispose();
});

test.afterAll(async () => {
  apps.stop();
  await proxy?.close();
  await shipNats?.dispose();
  await hub?.dispose();
});

test('crew on board at 820 px read, attest with the link cut, and the attestation reaches the office when it returns', async ({ browser }) => {
  const ctx = await context(browser, SHIP, VIEWPORTS[1]);
  const page = await ctx.newPage();
  await signIn(page, CREW);
  await expect(shipLine(page)).toHaveText(IN_STEP, { timeout: 60_000 });

  // The ship's copy offers nothing the office owns: no New SOP, no Upload, no Edit.
  await page.goto('/documents');
  await expect(page.getByRole('link', { name: TITLE })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New SOP' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Upload SOP File' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'ship procedures 820');
  await page.getByRole('link', { name: TITLE }).click();
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(page.getByText('Lower to embarkation deck')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expectNoSidewaysScroll(page, 'ship SOP 820');
  await shoot(page, 'fleet-ship-in-step');

  // Everything made on board so far has reached the office; then the link goes. The proxy alone
  // cannot hold a cut: nats-server 2.9 tells a leaf node the hub's own leaf address, which the
  // ship then dials directly (see deploy/nats/hub-tls.conf, advertise). The hub goes quiet too.
  await expect(shipLine(page)).toHaveText(IN_STEP, { timeout: 60_000 });
  proxy.cut();
  await hub.stop();
  await expect(shipLine(page)).toHaveText(CUT, { timeout: 90_000 });

  await attestButton(page, '1.0', TITLE).click();
  const dialog = page.getByRole('alertdialog', { name: 'Confirm your attestation' });
  await dialog.getByRole('button', { name: 'Attest', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(shipLine(page)).toHaveText(WAITING, { timeout: 60_000 });
  await expectNoSeriousA11yViolations(page, 'ship SOP with the link cut 820');
  await shoot(page, 'fleet-ship-waiting');

  // Ashore nothing has arrived yet.
  const admin = await apiAs(OFFICE, ADMIN);
  const compliance = async () => (await (await admin.get(`/api/sops/${sopId}/compliance`)).json()) as SopCompliance;
  expect((await compliance()).attested).toBe(0);

  await hub.start();
  proxy.restore();
  await expect(shipLine(page)).toHaveText(IN_STEP, { timeout: 120_000 });
  // In step with nothing waiting: the office has applied it, and it counts there.
  const counted = await compliance();
  expect(counted.attested).toBe(1);
  expect(counted.outstanding.map((p) => p.firstName)).not.toContain(CREW.firstName);
  await admin.dispose();
  await ctx.close();
});

for (const viewport of [VIEWPORTS[0], VIEWPORTS[2]]) {
  test(`the office's Fleet page at ${viewport.width} px: the vessel, its last contact and its master list`, async ({ browser }) => {
    const ctx = await context(browser, OFFICE, viewport);
    const page = await ctx.newPage();
    await signIn(page, ADMIN);
    await navigateByMenu(page, 'Fleet');
    await expect(page.getByRole('heading', { name: 'Fleet', level: 1 })).toBeVisible();
    // No ship line at the office.
    await expect(shipLine(page)).toHaveCount(0);

    const card = page.getByRole('list', { name: 'Vessels' }).getByRole('listitem').filter({ hasText: VESSEL_NAME });
    await expect(card).toContainText(VESSEL);
    await expect(card).toContainText('1 current · 0 pending');
    await expect(card).not.toContainText('Never');

    const list = page.getByRole(viewport.width < 768 ? 'list' : 'table', { name: `On board ${VESSEL_NAME}` });
    await expect(list).toContainText(TITLE);
    await expect(list).toContainText('Current');
    await expect(page.getByRole('link', { name: /Export CSV/ })).toHaveAttribute('href', `/api/fleet/vessels/${VESSEL}/documents.csv`);
    await expectNoSidewaysScroll(page, `fleet page ${viewport.width}`);
    await expectNoSeriousA11yViolations(page, `fleet page ${viewport.width}`);
    const other = page.getByRole('list', { name: 'Vessels' }).getByRole('listitem').filter({ hasText: OTHER.name });
    await expect(other).toContainText('Never');
    await expect(other).toContainText('0 current · 2 pending');
    if (viewport.width === 1366) await shoot(page, 'fleet-page');

    // The other vessel's master list, by keyboard: what it has not received yet.
    await other.getByRole('button', { name: /Master list/ }).focus();
    await page.keyboard.press('Enter');
    await expect(other.getByRole('button', { name: /Master list/ })).toHaveAttribute('aria-pressed', 'true');
    const pending = page.getByRole(viewport.width < 768 ? 'list' : 'table', { name: `On board ${OTHER.name}` });
    await expect(pending).toContainText(OTHER_TITLE);
    await expect(pending).toContainText('Pending');
    await expect(pending).toContainText(/not on board yet/i);
    await page.screenshot({ path: `screenshots/fleet-page-pending-${viewport.width}.png`, fullPage: true });
    if (viewport.width === 1366) {
      // Eleven tabs for an admin at 1024 px: they end clear of the bell, or, when their words do not
      // fit, the menu holds them; never a tab under the bell.
      await page.setViewportSize({ width: 1024, height: 768 });
      const menuButton = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
      // The header measures its tabs after the window changes (a frame or more later): what it
      // shows is read once that has settled, and is one of the two good states, never a third.
      // Read in the page in one go: between two separate reads the header may switch.
      const headerState = () =>
        page.evaluate(() => {
          const header = document.querySelector('header');
          const shown = (element: Element | null | undefined) =>
            !!element && element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
          const navigation = header?.querySelector('nav[aria-label="Main"]');
          const menu = header?.querySelector('button[aria-label="Open menu"]');
          const [navShown, menuShown] = [shown(navigation), shown(menu)];
          if (navShown === menuShown) return navShown ? 'tabs and menu both shown' : 'neither tabs nor menu';
          if (menuShown) return 'menu';
          const tabEnd = navigation!.querySelector('a[href="/admin"]')!.getBoundingClientRect().right;
          const bell = [...header!.querySelectorAll('button')].find((b) => /notification/i.test(b.getAttribute('aria-label') ?? b.textContent ?? ''))!;
          return tabEnd <= bell.getBoundingClientRect().left ? 'tabs clear of the bell' : 'a tab under the bell';
        });
      await expect.poll(headerState, { timeout: 10_000 }).toMatch(/^(menu|tabs clear of the bell)$/);
      if ((await headerState()) === 'tabs clear of the bell') {
        await expect(menuButton).toBeHidden();
      } else {
        await menuButton.click();
        const sheet = page.getByRole('dialog');
        await expect(sheet.getByRole('link', { name: 'Admin' })).toBeVisible();
        await expect(sheet.getByRole('link', { name: 'Manuals' })).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(sheet).toBeHidden();
      }
      await page.screenshot({ path: 'screenshots/fleet-page-1024.png' });
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
    }

    // Registering: the server's word on a code already taken stays on the form.
    await page.getByRole('button', { name: 'Register vessel' }).click();
    const form = page.getByRole('dialog', { name: 'Register vessel' });
    await form.getByLabel('Code').fill(VESSEL.toLowerCase());
    await form.getByLabel('Name').fill('A second Aurora');
    await form.getByRole('button', { name: 'Register vessel' }).click();
    await expect(form.getByRole('alert')).toContainText(VESSEL);
    await page.screenshot({ path: `screenshots/fleet-register-${viewport.width}.png` });
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('button', { name: 'Register vessel' })).toBeFocused();

    // The SOP form offers the register's vessels; none ticked is every vessel.
    await page.goto('/sop/new');
    const vessels = page.getByRole('group', { name: 'Vessels' });
    await expect(vessels.getByRole('checkbox')).toHaveCount(2);
    await expect(vessels).toContainText('None ticked: it applies to every vessel.');
    await vessels.getByRole('checkbox', { name: new RegExp(VESSEL_NAME) }).check();
    await expect(vessels).toContainText('Only the vessel ticked receives it.');
    await ctx.close();
  });
}
