import { type APIRequestContext, type BrowserContext, test as base, type Cookie, expect, type Locator, type Page } from '@playwright/test';
import { apiAs } from './seed';
import { onServerDatabase } from './server-database';
import { headerReady, signOut } from './session';
import { toast } from './toast';
import { E2E_USERS, type E2eUser } from './users';

type Who = keyof typeof E2E_USERS | E2eUser;
const userOf = (who: Who): E2eUser => (typeof who === 'string' ? E2E_USERS[who] : who);

/** Session cookies by server and username: each role signs in once per worker (see putStoredSession). */
type StoredSessions = Map<string, Cookie[]>;

/**
 * Puts `user`'s session into the browser context: the one this worker stored for the server,
 * when the server still knows it, else a new sign-in through the API whose cookies are stored.
 * The sign-in form itself is the subject of its own journeys (auth.spec.ts); every other journey
 * starts signed in, as someone who opens the app again the next day does.
 */
async function putStoredSession(context: BrowserContext, baseURL: string, user: E2eUser, stored: StoredSessions) {
  const key = `${baseURL}|${user.username}`;
  const cookies = stored.get(key);
  if (cookies) {
    await context.clearCookies();
    await context.addCookies(cookies);
    const me = await context.request.get(`${baseURL}/api/user`);
    if (me.ok() && (await me.json()).username === user.username) return;
    stored.delete(key);
  }
  await context.clearCookies();
  const res = await context.request.post(`${baseURL}/api/login`, { data: { username: user.username, password: user.password } });
  if (!res.ok()) throw new Error(`Sign-in of ${user.username} failed: ${res.status()}`);
  stored.set(key, await context.cookies(baseURL));
}

interface Workers {
  storedSessions: StoredSessions;
}

interface Journeys {
  /** Opens the app signed in as a known user (by name, e.g. 'admin'): the dashboard, or `url` when given. */
  signInAs: (who: Who, url?: string) => Promise<void>;
  /** Logs out through the header, or the menu on narrow screens (that stored session is then gone). */
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
  /** One SQL statement on this server's database, for what no call can do (time passing); its rows. */
  serverSql: <Row extends object>(text: string, values?: unknown[]) => Promise<Row[]>;
}

/**
 * The journeys' `test`: Playwright's own, with the steps nearly every journey takes as
 * fixtures. Specs import `test` and `expect` from here rather than writing their own helpers.
 */
export const test = base.extend<Journeys, Workers>({
  storedSessions: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter.
    async ({}, use) => {
      await use(new Map());
    },
    { scope: 'worker' },
  ],
  signInAs: async ({ page, baseURL, storedSessions }, use) => {
    await use(async (who, url) => {
      await openSignedIn(page, baseURL!, userOf(who), storedSessions, url);
    });
  },
  signOut: async ({ page, baseURL, storedSessions }, use) => {
    await use(async () => {
      const me = await page.request.get(`${baseURL}/api/user`);
      await signOut(page);
      if (me.ok()) storedSessions.delete(`${baseURL}|${(await me.json()).username}`);
    });
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
  pageAs: async ({ browser, baseURL, storedSessions }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (who, { viewport, url, axe }) => {
      const context = await browser.newContext({ viewport, ...(axe ? { bypassCSP: true } : {}) });
      opened.push(context);
      const page = await context.newPage();
      await openSignedIn(page, baseURL!, userOf(who), storedSessions, url);
      return page;
    });
    for (const context of opened) await context.close();
  },
  serverSql: async ({ baseURL }, use) => {
    await use((text, values) => onServerDatabase(baseURL!, text, values));
  },
});

/** Signed in as `user`, the dashboard (its header drawn) or `url`. */
async function openSignedIn(page: Page, baseURL: string, user: E2eUser, stored: StoredSessions, url?: string) {
  await putStoredSession(page.context(), baseURL, user, stored);
  await page.goto(url ?? '/');
  if (!url) await expect(headerReady(page)).toBeVisible();
}

export { expect };
