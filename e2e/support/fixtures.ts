import { type APIRequestContext, type BrowserContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import { apiAs } from './seed';
import { signIn, signInAt, signOut } from './session';
import { toast } from './toast';
import { E2E_USERS, type E2eUser } from './users';

type Who = keyof typeof E2E_USERS | E2eUser;
const userOf = (who: Who): E2eUser => (typeof who === 'string' ? E2E_USERS[who] : who);

interface Journeys {
  /** Signs in through the real /auth form as a known user (by name, e.g. 'admin') and opens `url` when given. */
  signInAs: (who: Who, url?: string) => Promise<void>;
  /** Logs out through the header, or the menu on narrow screens. */
  signOut: () => Promise<void>;
  /** A toast (or any one-line confirmation) by its exact text. */
  toast: (text: string) => Locator;
  /** An API session of a known user for setting up data without clicking; closed after the test. */
  apiAs: (who: Who) => Promise<APIRequestContext>;
  /**
   * A second page in a fresh context at this viewport, signed in and opened at `url` when given;
   * `axe` lifts the Content-Security-Policy for the axe check (a11yContext). Closed after the test.
   */
  pageAs: (who: Who, options: { viewport: { width: number; height: number }; url?: string; axe?: boolean }) => Promise<Page>;
}

/**
 * The journeys' `test`: Playwright's own, with the steps nearly every journey takes as
 * fixtures. Specs import `test` and `expect` from here rather than writing their own helpers.
 */
export const test = base.extend<Journeys>({
  signInAs: async ({ page }, use) => {
    await use((who, url) => (url ? signInAt(page, userOf(who), url) : signIn(page, userOf(who))));
  },
  signOut: async ({ page }, use) => {
    await use(() => signOut(page));
  },
  toast: async ({ page }, use) => {
    await use((text) => toast(page, text));
  },
  apiAs: async ({ baseURL }, use) => {
    const opened: APIRequestContext[] = [];
    await use(async (who) => {
      const api = await apiAs(baseURL!, userOf(who));
      opened.push(api);
      return api;
    });
    for (const api of opened) await api.dispose();
  },
  pageAs: async ({ browser }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (who, { viewport, url, axe }) => {
      const context = await browser.newContext({ viewport, ...(axe ? { bypassCSP: true } : {}) });
      opened.push(context);
      const page = await context.newPage();
      await (url ? signInAt(page, userOf(who), url) : signIn(page, userOf(who)));
      return page;
    });
    for (const context of opened) await context.close();
  },
});

export { expect };
