import type { Page } from '@playwright/test';

/**
 * The page is controlled by the app's service worker. The worker installed on the first visit
 * claims the pages open when it activates, but a page whose load began just before (the
 * sign-in's reload, on a busy machine) is not one of them: it is controlled from its next load.
 */
export async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated', undefined, { timeout: 30_000 });
  const controlled = () => page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 5_000 });
  if (
    !(await controlled().then(
      () => true,
      () => false,
    ))
  ) {
    await page.reload();
    await controlled();
  }
}

/** URLs (path and query) held in one of the worker's caches; [] when the cache is gone. */
export const cachedUrls = (page: Page, cache: string) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const keys = await (await caches.open(name)).keys();
    return keys.map((request) => {
      const url = new URL(request.url);
      return url.pathname + url.search;
    });
  }, cache);
