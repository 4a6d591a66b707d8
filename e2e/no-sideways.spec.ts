import { type ChildProcess, spawn } from 'node:child_process';
import { request, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import type { SopListItem } from '../common/contracts/sops';
import { expectNoSidewaysScroll } from './support/a11y';
import { makePdf } from './support/sop-files';
import type { E2eUser } from './support/users';

// Every route at 390 px, with the demo cruise line loaded (the data a newcomer sees first) plus
// the things that break layouts: a long person name, a long file name, a long unbroken word in
// a search snippet. This journey runs its own server, seeded with `npm run seed:demo`, so the
// other journeys keep their small fresh database.
test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

const e2ePort = Number(process.env.E2E_PORT ?? 5100);
const port = e2ePort + 50;
const base = `http://127.0.0.1:${port}`;
test.use({ baseURL: base });

const demoUser = (username: string, password: string, role: E2eUser['role']): E2eUser => ({ username, password, role, firstName: null, lastName: null });
const CREW = demoUser('lena.novak', 'demo-crew-2025', 'user');
const AUTHOR = demoUser('konstantinos.pa', 'demo-crew-2025', 'user');
const APPROVER = demoUser('erik.hansen', 'demo-captain-2025', 'approver');
const ADMIN = demoUser('admin', 'e2e-admin-password', 'admin');

const LONG_WORD = 'EmergencyGeneratorSwitchboardIsolationReferenceDECK3FWD0001';
const LONG_FILE = 'Emergency_Generator_Switchboard_Isolation_and_Black-Out_Recovery_Procedure_Deck_3_Forward_rev7.pdf';
const TITLE = 'Emergency Generator Switchboard Isolation and Black-Out Recovery';

let server: ChildProcess | undefined;
let sopId = 0;

async function serverUp(): Promise<boolean> {
  try {
    return (await fetch(`${base}/healthz`)).ok;
  } catch {
    return false;
  }
}

test.beforeAll(async () => {
  // Seeding ~60 SOPs with their files and previews takes a while. The client is the run's build.
  test.setTimeout(300_000);
  server = spawn('bash', ['scripts/e2e-server.sh', String(port), 'demo', String(e2ePort)], { detached: true, stdio: 'ignore' });
  const deadline = Date.now() + 240_000;
  while (!(await serverUp())) {
    if (Date.now() > deadline) throw new Error(`The demo server on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 1000));
  }

  // Konstantinos (Deck) writes a procedure with a long file name; Erik approves it. Lena, also
  // Deck, then has it to read.
  const author = await request.newContext({ baseURL: base });
  await author.post('/api/login', { data: { username: AUTHOR.username, password: AUTHOR.password } });
  const departments: { id: number; name: string }[] = await (await author.get('/api/departments')).json();
  const deck = departments.find((d) => d.name === 'Deck')!;
  const created = await author.post('/api/sops', {
    data: {
      title: TITLE,
      departmentId: deck.id,
      summary: 'Isolating the emergency switchboard and restoring power after a black-out.',
      content: `# Purpose\nRestore essential services after a black-out.\n\n## Reference\n${LONG_WORD} in the electrical log.\n\n## Steps\n1. Confirm the emergency generator started\n2. Isolate the switchboard section`,
      tags: ['black-out'],
    },
  });
  expect(created.status()).toBe(201);
  const sop = (await created.json()) as { id: number; latestVersionId: number };
  sopId = sop.id;
  const file = await makePdf(LONG_FILE, TITLE, ['Isolate the section breaker before resetting the load shedding.']);
  expect((await author.post(`/api/sop-versions/${sop.latestVersionId}/attachments`, { multipart: { file } })).status()).toBe(201);
  expect((await author.post(`/api/sops/${sopId}/submit`)).ok()).toBe(true);

  const approver = await request.newContext({ baseURL: base });
  await approver.post('/api/login', { data: { username: APPROVER.username, password: APPROVER.password } });
  const list: SopListItem[] = await (await approver.get(`/api/sops?search=${encodeURIComponent(TITLE)}`)).json();
  const taskId = list.find((s) => s.id === sopId)?.pendingTaskId;
  expect(taskId).toEqual(expect.any(Number));
  expect((await approver.put(`/api/approvals/${taskId}`, { data: { status: 'approved' } })).ok()).toBe(true);
  await author.dispose();
  await approver.dispose();
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
});

/** Opens each address and checks the page is no wider than the viewport once it has settled. */
async function visitAll(page: Page, who: string, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('main').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(page, `${who} at ${path}, 390 px`);
  }
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sign-in page fits', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the sign-in page at 390 px');
    // The headline sits above the ship drawing, not on it.
    const banner = page.getByRole('region', { name: 'Welcome' }).filter({ visible: true });
    const headline = await banner.getByRole('heading', { name: 'Welcome aboard' }).boundingBox();
    const ship = await banner.locator('svg').first().boundingBox();
    expect(headline!.y + headline!.height).toBeLessThanOrEqual(ship!.y);
  });

  test('every screen of a crew member fits, with long names, file names and search snippets', async ({ page, signInAs, signOut }) => {
    await signInAs(CREW);
    await visitAll(page, 'crew', [
      '/',
      '/documents',
      `/documents?q=${LONG_WORD}`,
      '/documents?q=muster',
      `/sop/${sopId}`,
      '/circulars',
      '/daily-program',
      '/itinerary',
      '/offline',
      '/account/password',
      '/sop/new',
      '/no-such-page',
    ]);
    // The long file name itself is on the SOP page, not cut away.
    await page.goto(`/sop/${sopId}`);
    await expect(page.getByText(LONG_FILE).first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'crew on the SOP page with a long file name');
    await signOut();
  });

  test('every screen of an approver and an admin fits', async ({ page, signInAs, signOut }) => {
    await signInAs(APPROVER);
    await visitAll(page, 'approver', ['/approvals', '/compliance', `/sop/${sopId}`, `/sop/${sopId}/edit`, '/documents?q=muster', '/circulars']);
    await signOut();
    await signInAs(ADMIN);
    await visitAll(page, 'admin', ['/admin', '/admin/audit', '/compliance', '/daily-program', '/itinerary']);
  });

  test("no admin dialog cuts its content off at the side (a dialog scrolls, so the page's width cannot tell)", async ({ page, signInAs }) => {
    await signInAs(ADMIN);
    await page.goto('/admin');
    for (const opener of ['Manage Departments', 'Manage Templates', 'Create User', 'Storage Settings', 'Configure']) {
      await page.getByRole('button', { name: opener }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The departments dialog lists the demo's divisions; its cards were wider than the dialog.
      if (opener === 'Manage Departments') await expect(dialog.getByRole('listitem', { name: 'Marine' })).toBeVisible();
      const cut = await dialog.evaluate((box) => box.scrollWidth - box.clientWidth);
      expect(cut, `${opener} at 390 px: content wider than the dialog by ${cut} px`).toBeLessThanOrEqual(1);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });
});

test('at 1366 px no table hides a column behind a scroll box', async ({ page, signInAs }) => {
  await signInAs(ADMIN);
  for (const path of ['/admin', '/documents', '/approvals', '/compliance', '/admin/audit']) {
    await page.goto(path);
    await expect(page.locator('main').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const hidden = await page.evaluate(() =>
      [...document.querySelectorAll('table')].flatMap((table) => {
        const box = table.parentElement!;
        const clipped = box.scrollWidth - box.clientWidth;
        return clipped > 1 ? [`${table.getAttribute('aria-label') ?? table.querySelector('th')?.textContent ?? 'a table'} by ${clipped} px`] : [];
      }),
    );
    expect(hidden, `tables on ${path} that scroll sideways at 1366 px`).toEqual([]);
  }
});
