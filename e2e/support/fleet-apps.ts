import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expectNoSidewaysScroll, VIEWPORTS, type Viewport } from './a11y';
import { E2E_USERS } from './users';

/**
 * The apps of a fleet journey: the office (with the journeys' accounts) and ships' copies, each
 * its own `npm start` with its own data folder under `name`, serving the client the webServer
 * built (scripts/e2e-server.sh). Stopped, and their folders removed, by `stop`.
 */
export function fleetApps(name: string) {
  const e2ePort = Number(process.env.E2E_PORT ?? 5100);
  const clientDir = path.join(process.env.TMPDIR ?? '/tmp', `sop-e2e-client-${e2ePort}`);
  const work = path.join(tmpdir(), `${name}-${e2ePort}`);
  const apps: ChildProcess[] = [];
  rmSync(work, { recursive: true, force: true });

  /** One app: the office (`seed`: with the journeys' accounts) or, with VESSEL, the ship's copy. */
  function start(app: string, port: number, env: Record<string, string>, seed: boolean) {
    const dataDir = path.join(work, app);
    mkdirSync(dataDir, { recursive: true });
    const main = 'exec npx tsx server/src/main.ts';
    const child = spawn('bash', ['-c', seed ? `npx tsx server/src/seed/e2e-users.ts && ${main}` : main], {
      detached: true,
      stdio: 'ignore',
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        CLIENT_DIR: clientDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: '',
        ADMIN_USERNAME: E2E_USERS.admin.username,
        ADMIN_PASSWORD: E2E_USERS.admin.password,
        LOG_LEVEL: 'warn',
        ...env,
      },
    });
    apps.push(child);
  }

  function stop() {
    for (const app of apps) {
      try {
        if (app.pid) process.kill(-app.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    rmSync(work, { recursive: true, force: true });
  }

  return { e2ePort, start, stop };
}

/** Whether the app at `base` answers its health check. */
export async function up(base: string): Promise<boolean> {
  try {
    return (await fetch(`${base}/healthz`)).ok;
  } catch {
    return false;
  }
}

/** Two apps and two NATS servers share a busy machine: a poll waits long, and not too often. */
export const patiently = (message: string, timeout = 120_000) => ({ message, timeout, intervals: [500, 1000, 2000] });

/** A browser context on one app at this viewport. */
export const appContext = (browser: Browser, base: string, viewport: Pick<Viewport, 'width' | 'height'>): Promise<BrowserContext> =>
  browser.newContext({ baseURL: base, bypassCSP: true, viewport: { width: viewport.width, height: viewport.height } });

/** Screenshots for review at the three widths (the page's own width last), each checked for sideways scrolling. */
export async function shootAtWidths(page: Page, name: string) {
  const own = page.viewportSize()!;
  for (const { width, height } of [...VIEWPORTS.filter((v) => v.width !== own.width), own]) {
    await page.setViewportSize({ width, height });
    await expectNoSidewaysScroll(page, `${name} ${width}`);
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
  }
}
