import { createRequire } from 'node:module';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { signIn } from './session';
import type { E2eUser } from './users';

const require = createRequire(import.meta.url);

/** The three screens the crew uses: a bridge-office PC, a tablet on deck, a phone. */
export const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'tablet', width: 820, height: 1180 },
  { name: 'phone', width: 390, height: 844 },
] as const;
export type Viewport = (typeof VIEWPORTS)[number];

/** Below this width the header tabs live in the menu sheet. */
export const MENU_BREAKPOINT = 1024;

/**
 * A context for journeys that run the axe check. The app's Content-Security-Policy refuses
 * injected scripts (as it should); bypassCSP lifts that for this test context only, so the
 * server's headers stay exactly as shipped.
 */
export function a11yContext(browser: Browser, viewport: Viewport): Promise<BrowserContext> {
  return browser.newContext({ bypassCSP: true, viewport: { width: viewport.width, height: viewport.height } });
}

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** Runs axe-core on the page as it is now and fails on any serious or critical finding. */
export async function expectNoSeriousA11yViolations(page: Page, label: string) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addScriptTag({ path: require.resolve('axe-core') });
  }
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`).join('\n');
  expect(report, `axe on ${label}`).toBe('');
}

/** Goes to a screen through the header: the tabs at desktop width, the menu sheet below it. */
export async function navigateByMenu(page: Page, tab: string) {
  const width = page.viewportSize()?.width ?? 1366;
  if (width < MENU_BREAKPOINT) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'SOP Harbor' });
    await expect(sheet).toBeVisible();
    await sheet.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: tab, exact: true }).click();
    await expect(sheet).toBeHidden();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: tab, exact: true }).click();
  }
}

/** A fresh context at this viewport, signed in as the user, who then opens a screen through the menu. */
export async function signedInAt(browser: Browser, viewport: Viewport, user: E2eUser, tab: string) {
  const context = await a11yContext(browser, viewport);
  const page = await context.newPage();
  await signIn(page, user);
  await navigateByMenu(page, tab);
  return { context, page };
}

/**
 * The page must not scroll sideways: nothing is cut off or hidden off-screen. Measured once the
 * layout has settled: just after a viewport change an open dialog's page can be a few pixels wide
 * for a moment (seen: 1-4 px at 390 px, 0 a moment later), which no one can scroll to. In CI, with
 * the other worker's journey and both servers on the same two cores, that moment once outlasted
 * 3 s (2 px), so the layout gets 10 s to settle; a width that stays is still a failure, and the
 * report names what sticks out.
 */
export async function expectNoSidewaysScroll(page: Page, label: string) {
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  try {
    await expect.poll(overflow, { message: `${label} scrolls sideways (px beyond the screen)`, timeout: 10_000 }).toBeLessThanOrEqual(0);
  } catch (error) {
    // Say what sticks out, so a failure can be mended from its report alone.
    (error as Error).message += `\nBeyond the screen:\n${(await widerThanScreen(page)).join('\n')}`;
    throw error;
  }
}

/** The elements whose right edge passes the screen's: the last 12 in document order, fixed ones marked (they do not scroll). */
function widerThanScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const screenWidth = document.documentElement.clientWidth;
    const describe = (element: Element) => {
      const box = element.getBoundingClientRect();
      const classes = [...element.classList].slice(0, 6).join('.');
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} left ${Math.round(box.left)} right ${Math.round(box.right)} (screen ${screenWidth}, position ${getComputedStyle(element).position})`;
    };
    return [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > screenWidth + 0.5)
      .slice(-12)
      .map(describe);
  });
}
