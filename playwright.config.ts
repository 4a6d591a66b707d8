import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * Browser journeys in Debian's Chromium against the real app: a fresh embedded database
 * per server and a fresh client build per run (scripts/e2e-server.sh). Two servers, each with its own
 * data, run the journeys side by side, one journey at a time each: the first on E2E_PORT (with
 * the journeys that start helpers on ports derived from it: the SMTP sink, the identity
 * provider, a fleet), the second on E2E_PORT + 1. E2E_PORT lets several runs share a machine.
 */
const port = Number(process.env.E2E_PORT ?? 5100);
// One client build serves both servers: the first server to start builds it, the other waits
// for it (scripts/e2e-server.sh). The run's id, set once here in the runner's process, tells a
// build of this run from one an earlier run left behind.
process.env.E2E_RUN ??= `${process.pid}-${Date.now()}`;
const server = (at: number) => ({
  command: `bash scripts/e2e-server.sh ${at} e2e ${port}`,
  url: `http://127.0.0.1:${at}/healthz`,
  timeout: 180_000,
  reuseExistingServer: false,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
});
/**
 * Debian's headless shell when installed (what Playwright itself runs headless: no browser
 * window drawn around each page), else Debian's full Chromium.
 */
const chromium = existsSync('/usr/bin/chromium-headless-shell') ? '/usr/lib/chromium/chromium-headless-shell' : '/usr/bin/chromium';
/** The journeys the second server runs (the rest run on the first); about half the time each. */
const SECOND = [
  'sops',
  'approval-journey',
  'reader',
  'reader-navigation',
  'decide-anywhere',
  'review-loop',
  'compare',
  'attest',
  'crew-journeys',
  'daily-programs',
  'required-reading',
  'search-inside',
  'visibility',
  'offline-sign-out',
  'accounts',
  'admin-controls',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    viewport: { width: 1366, height: 768 },
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'first', testIgnore: SECOND, workers: 1, use: { baseURL: `http://127.0.0.1:${port}` } },
    { name: 'second', testMatch: SECOND, workers: 1, use: { baseURL: `http://127.0.0.1:${port + 1}` } },
  ],
  webServer: [server(port), server(port + 1)],
});
