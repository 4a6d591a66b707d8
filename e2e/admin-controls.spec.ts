import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * Every button and link on every admin screen does something a person can see: it opens a
 * page, a dialog, a menu or a download, or changes what the screen shows. A control that
 * does nothing fails here by name. Disabled controls are listed and must say why.
 */
const CONTROLS = 'button, a[href], [role="button"], [role="link"], [role="tab"], [role="switch"], [role="combobox"], input[type="checkbox"]';
const LAYERS = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

interface Seen {
  url: string;
  layers: number;
  text: string;
  states: string;
  downloads: number;
}

let downloads = 0;

function observe(page: Page): Promise<Seen> {
  return page.evaluate(
    ({ layers, downloads }) => ({
      url: location.href,
      layers: document.querySelectorAll(layers).length,
      // What the screen and any open layer say (toasts included), and every control's state.
      text: document.body.innerText,
      states: [...document.querySelectorAll('[aria-expanded], [aria-pressed], [aria-checked], [aria-sort], [data-state]')]
        .map((e) => ['aria-expanded', 'aria-pressed', 'aria-checked', 'aria-sort', 'data-state'].map((a) => e.getAttribute(a)).join('/'))
        .join(','),
      downloads,
    }),
    { layers: LAYERS, downloads },
  );
}

const nameOf = (control: Locator) =>
  control.evaluate((e) => (e.getAttribute('aria-label') || (e as HTMLElement).innerText || e.getAttribute('title') || e.tagName).trim().replace(/\s+/g, ' '));

async function open(page: Page, url: string, heading: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  // Figures and tables have loaded: nothing still says '...'.
  await expect(page.getByRole('main')).not.toContainText('...');
}

/** Clicks the control and waits until the page shows something new; answers what changed. */
async function clickAndSee(page: Page, control: Locator): Promise<string> {
  const before = await observe(page);
  await control.click({ timeout: 5_000 });
  let after = before;
  await expect
    .poll(
      async () => {
        after = await observe(page);
        return JSON.stringify(after) !== JSON.stringify(before);
      },
      { timeout: 5_000 },
    )
    .toBe(true);
  if (after.downloads > before.downloads) return 'download';
  if (after.url !== before.url) return `opens ${new URL(after.url).pathname}`;
  if (after.layers > before.layers) return 'opens a dialog or menu';
  if (after.layers < before.layers) return 'closes';
  return 'changes the screen';
}

/** What the screen shows and the state of its controls, downloads aside (they only count up). */
const screenOf = async (page: Page) => JSON.stringify({ ...(await observe(page)), downloads: 0 });

/**
 * Undoes what a click opened (layers closed with Escape, a new address left with Back) and
 * answers whether the screen is again exactly as freshly opened: then the next control is
 * clicked on it as it is, instead of loading the whole app again for it.
 */
async function backToFresh(page: Page, fresh: string, freshUrl: string, freshLayers: number): Promise<boolean> {
  for (let n = 0; n < 3 && (await observe(page)).layers > freshLayers; n += 1) await page.keyboard.press('Escape');
  if (page.url() !== freshUrl) await page.goBack();
  return expect
    .poll(() => screenOf(page), { timeout: 2_000 })
    .toBe(fresh)
    .then(
      () => true,
      () => false,
    );
}

/**
 * Walks every enabled control in `scope`, each on the screen as freshly opened (`prepare`
 * opens the scope; it is opened again whenever a click left the screen changed).
 */
async function walk(page: Page, prepare: () => Promise<Locator>) {
  const effects: string[] = [];
  const disabled: string[] = [];
  let scope = await prepare();
  let fresh = await screenOf(page);
  let { url: freshUrl, layers: freshLayers } = await observe(page);
  const total = await scope.locator(CONTROLS).count();
  expect(total).toBeGreaterThan(0);
  let asFresh = true;
  for (let i = 0; i < total; i += 1) {
    if (!asFresh) {
      scope = await prepare();
      fresh = await screenOf(page);
      ({ url: freshUrl, layers: freshLayers } = await observe(page));
    }
    const control = scope.locator(CONTROLS).nth(i);
    const name = await nameOf(control);
    if (!(await control.isVisible())) continue;
    if (await control.isDisabled()) {
      disabled.push(name);
      continue;
    }
    effects.push(`${name}: ${await clickAndSee(page, control).catch(() => 'NOTHING')}`);
    asFresh = await backToFresh(page, fresh, freshUrl, freshLayers);
  }
  return { effects, disabled };
}

/** The walk flips every switch once: the settings go back to their defaults for the journeys after it. */
async function registrationOpen(page: Page) {
  await open(page, '/admin', 'Administration Center');
  const toggle = page.getByRole('region', { name: 'System Settings' }).getByRole('button', { name: 'Open registration' });
  if (await toggle.isVisible()) await toggle.click();
  await expect(page.getByTestId('registration-state').first()).toHaveText('Open');
  const reset = await page.request.put('/api/admin/settings', { data: { ssoCreatesAccounts: false, requireSignatures: false } });
  expect(reset.status(), await reset.text()).toBe(200);
}

test.describe('every control on the admin screens', () => {
  test.setTimeout(600_000);
  test.beforeEach(async ({ page, signInAs }) => {
    page.on('download', () => {
      downloads += 1;
    });
    await signInAs('admin');
  });
  test.afterEach(async ({ page }) => registrationOpen(page));

  test('Administration Center: each button and link does something', async ({ page }) => {
    const main = async () => {
      await open(page, '/admin', 'Administration Center');
      return page.getByRole('main');
    };
    const { effects, disabled } = await walk(page, main);
    expect(effects.filter((e) => e.endsWith('NOTHING'))).toEqual([]);
    expect(effects).toEqual(
      expect.arrayContaining([
        'Create User: opens a dialog or menu',
        'Manage Departments: opens a dialog or menu',
        'Manage Templates: opens a dialog or menu',
        "Master's Review Template: opens a dialog or menu",
        'Storage Settings: opens a dialog or menu',
        'View Audit Log: opens /admin/audit',
        'Configure: opens a dialog or menu',
      ]),
    );
    // The only disabled control: the admin's own delete, which says why.
    expect(disabled).toEqual(['You cannot delete your own account']);
  });

  // Each card's dialog: the one its last control opens (its footer's action), or the one named.
  const dialogs: [card: string, button?: string][] = [
    ['Users & Roles'],
    ['Departments'],
    ['Templates', 'Manage Templates'],
    ['Templates', "Master's Review Template"],
    ['Storage & Retention'],
    ['System Settings'],
  ];
  for (const [card, button] of dialogs) {
    test(`${button ?? card}: each control of the dialog its button opens does something`, async ({ page }) => {
      const dialog = async () => {
        await open(page, '/admin', 'Administration Center');
        const region = page.getByRole('region', { name: card });
        await (button ? region.getByRole('button', { name: button, exact: true }) : region.locator('button, a[href]').last()).click();
        const layer = page.getByRole('dialog');
        await expect(layer).toBeVisible();
        await expect(layer).not.toContainText('...');
        // A dialog that reads afresh at each opening shows a spinner first (the review template
        // does): its controls are counted once it has gone, not the spinner dialog's close button.
        await expect(layer.locator('svg[role="status"]')).toHaveCount(0);
        return layer;
      };
      const { effects } = await walk(page, dialog);
      expect(effects.length).toBeGreaterThan(0);
      expect(effects.filter((e) => e.endsWith('NOTHING'))).toEqual([]);
    });
  }

  test('Audit Log: each button and link does something', async ({ page }) => {
    const main = async () => {
      await open(page, '/admin/audit', 'Audit Log');
      return page.getByRole('main');
    };
    const { effects } = await walk(page, main);
    expect(effects.filter((e) => e.endsWith('NOTHING'))).toEqual([]);
  });
});
