import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { openTask, searchSops } from './support/journeys';
import type { DashboardStats } from '../common/contracts/dashboard';
import { makePdf } from './support/sop-files';
import { attestButton, attestOnPage } from './support/attest';

// One SOP through review across three roles: the author submits, the approver asks for changes,
// the author revises to 1.1 and resubmits, the approver approves, the author reads and attests.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const TITLE = `Mooring Line Inspection ${stamp}`;
const COMMENT = 'Add the snap-back zone warning before step 2.';

/** A dashboard count once it has loaded ('...' while loading). */
async function stat(page: Page, key: keyof DashboardStats): Promise<number> {
  const value = page.getByTestId(`stat-${key}-value`);
  await expect(value).not.toHaveText('...');
  return Number(await value.textContent());
}

async function openDashboard(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /^Welcome back, / })).toBeVisible();
}

async function sopRow(page: Page) {
  await page.goto('/documents');
  await searchSops(page, TITLE);
  const row = page.getByTestId('sop-row').filter({ hasText: TITLE });
  await expect(row).toHaveCount(1);
  return row;
}

test('the author creates the SOP with a PDF and submits it; their counts follow', async ({ page, signInAs, toast }) => {
  await signInAs('user');
  await openDashboard(page);
  // Crew decide no approvals: My Tasks is their reading, never a link to the Approval Center.
  await expect(page.getByTestId('stat-pendingTasks')).toHaveCount(0);
  await expect(page.getByTestId('stat-readingTasks')).toBeVisible();
  const mine = await stat(page, 'mySubmissions');
  const total = await stat(page, 'totalSops');

  await page.goto('/sop/new');
  await expect(page.getByRole('heading', { name: 'Create New SOP' })).toBeVisible();
  await page.getByLabel('Title *').fill(TITLE);
  await page.getByLabel('Department *').click();
  await page.getByRole('option', { name: 'Deck', exact: true }).click();
  await page.getByLabel('Summary').fill('Monthly inspection of mooring lines and tails.');
  await page.getByLabel('Attachments').setInputFiles(await makePdf('mooring-lines.pdf', 'Mooring Line Inspection', ['1. Inspect every line end to end.']));
  await page
    .getByLabel('Steps & Procedures *')
    .fill(
      '# Purpose\nKeep mooring lines fit for service.\n\n## Steps\n- Inspect every line end to end\n- Record chafe and cuts\n1. Tag worn lines\n2. Report to the bosun',
    );
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(toast('SOP created successfully')).toBeVisible();

  const row = await sopRow(page);
  await row.getByRole('button', { name: `Submit for Approval: ${TITLE}` }).click();
  await expect(toast('SOP submitted for approval successfully')).toBeVisible();
  await expect(row).toContainText('Submitted');

  await openDashboard(page);
  expect(await stat(page, 'mySubmissions')).toBe(mine + 1);
  expect(await stat(page, 'totalSops')).toBe(total + 1);
  await expect(page.getByTestId('stat-pendingTasks')).toHaveCount(0);
  await expect(page.getByTestId('recent-activity')).toContainText(`Liam · Submitted for approval "${TITLE}"`);
});

test('the approver reviews the version and requests changes with a comment', async ({ page, signInAs, toast }) => {
  await signInAs('approver');
  await openDashboard(page);
  const tasks = await stat(page, 'pendingTasks');
  expect(tasks).toBeGreaterThanOrEqual(1);

  const viewer = await openTask(page, TITLE, 'Version 1.0');
  // The version under review was submitted: it is badged so, never 'Draft'.
  await expect(viewer.getByTestId('version-state')).toHaveText('Submitted');
  await expect(viewer.getByRole('heading', { name: 'Steps' })).toBeVisible();
  await expect(viewer.getByRole('listitem').filter({ hasText: 'Record chafe and cuts' })).toBeVisible();
  await expect(viewer).toContainText('Liam Murphy');
  await expect(viewer).toContainText('Initial version');
  await expect(viewer.getByText('mooring-lines.pdf')).toBeVisible();
  // Every file opens in the reader from the task, one tap.
  await viewer.getByRole('button', { name: 'Read mooring-lines.pdf', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'mooring-lines.pdf' }).getByTestId('page-count')).toHaveText('Page 1 of 1');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'mooring-lines.pdf' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Attest' })).toHaveCount(0);
  await page.screenshot({ path: 'screenshots/approval-center.png', fullPage: true });

  // A file's Download checks with HEAD before opening the file.
  const head = page.waitForResponse((res) => res.request().method() === 'HEAD' && /\/api\/attachments\/\d+\/download$/.test(res.url()));
  await viewer.getByRole('button', { name: 'Download mooring-lines.pdf', exact: true }).click();
  expect((await head).status()).toBe(200);

  await page.getByLabel('Comment for the author').fill(COMMENT);
  await page.getByRole('button', { name: 'Request Changes' }).click();
  await expect(toast('Changes requested: the SOP goes back to its author')).toBeVisible();
  await expect(page.getByRole('navigation', { name: /Pending Approvals/ }).getByRole('button', { name: new RegExp(TITLE) })).toHaveCount(0);

  await openDashboard(page);
  expect(await stat(page, 'pendingTasks')).toBe(tasks - 1);
  await expect(page.getByTestId('recent-activity')).toContainText(`Maria · Changes requested "${TITLE}"`);
});

test('the author revises it into 1.1 and resubmits', async ({ page, signInAs, toast }) => {
  await signInAs('user');
  const row = await sopRow(page);
  await expect(row).toContainText('Changes Requested');
  await page.getByRole('link', { name: TITLE }).click();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit SOP' })).toBeVisible();
  await page.getByLabel('Version Number').fill('1.1');
  await page.getByLabel('Changelog').fill('Snap-back zone warning added');
  await page
    .getByLabel('Steps & Procedures *')
    .fill(
      '# Purpose\nKeep mooring lines fit for service.\n\n## Safety\nStay out of the snap-back zone.\n\n## Steps\n- Inspect every line end to end\n1. Tag worn lines\n2. Report to the bosun',
    );
  await page.getByRole('checkbox', { name: /mooring-lines\.pdf/ }).uncheck();
  await page
    .getByLabel('Attachments')
    .setInputFiles(await makePdf('mooring-lines-rev1.pdf', 'Mooring Line Inspection rev. 1', ['Stay out of the snap-back zone.']));
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(toast('SOP updated successfully')).toBeVisible();

  const revised = await sopRow(page);
  await expect(revised).toContainText('v1.1');
  await expect(revised).toContainText('Draft');
  await revised.getByRole('button', { name: `Submit for Approval: ${TITLE}` }).click();
  await expect(toast('SOP submitted for approval successfully')).toBeVisible();
  await expect(revised).toContainText('Submitted');
});

test('the approver approves version 1.1', async ({ page, signInAs, toast }) => {
  await signInAs('approver');
  await openDashboard(page);
  const tasks = await stat(page, 'pendingTasks');

  const viewer = await openTask(page, TITLE, 'Version 1.1');
  await expect(viewer).toContainText('Snap-back zone warning added');
  await expect(viewer.getByRole('heading', { name: 'Safety', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  // Approving asks first, naming the version and what changed since the version in force.
  const confirm = page.getByRole('alertdialog', { name: /Approve/ });
  await expect(confirm.getByTestId('approve-summary')).toContainText('v1.1');
  await confirm.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(toast('Approved: this version is now in force')).toBeVisible();
  await expect(page.getByRole('navigation', { name: /Pending Approvals/ }).getByRole('button', { name: new RegExp(TITLE) })).toHaveCount(0);

  await openDashboard(page);
  expect(await stat(page, 'pendingTasks')).toBe(tasks - 1);
  await expect(page.getByTestId('recent-activity')).toContainText(`Maria · SOP approved "${TITLE}"`);
  await page.screenshot({ path: 'screenshots/dashboard-activity.png', fullPage: true });
});

test('the author sees it published, downloads it and attests', async ({ page, signInAs, signOut, toast }) => {
  await signInAs('user');
  const row = await sopRow(page);
  await expect(row.getByTestId('sop-status')).toContainText('In force · v1.1 · approved ');
  await expect(row).toContainText('v1.1');

  await page.getByRole('link', { name: TITLE }).click();
  // The list's rows carry the same status line: read the SOP page's once it is there.
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(page.getByTestId('sop-status')).toContainText('In force · v1.1 · approved ');
  const head = page.waitForResponse((res) => res.request().method() === 'HEAD' && /\/api\/attachments\/\d+\/download$/.test(res.url()));
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  expect((await head).status()).toBe(200);
  await expect(toast('Download started')).toBeVisible();

  await expect(page.getByTestId('attestation-count')).toHaveText('0 people have attested');
  await attestOnPage(page);
  await expect(toast('Your attestation has been recorded')).toBeVisible();
  await expect(page.getByTestId('attested-by-me')).toContainText('You attested version 1.1 on');
  await expect(page.getByTestId('attestation-count')).toHaveText('1 person has attested');
  await page.screenshot({ path: 'screenshots/sop-attested.png', fullPage: true });

  // Attesting is recorded once; the panel stays the same after a reload.
  await page.reload();
  await expect(page.getByTestId('attestation-count')).toHaveText('1 person has attested');
  await expect(attestButton(page)).toHaveCount(0);

  await page.goto('/');
  await expect(page.getByTestId('recent-activity')).toContainText(`Liam · Read and attested "${TITLE}"`);
  await signOut();
});

test('a new revision does not replace the approved version until it is approved', async ({ page, signInAs, toast }) => {
  await signInAs('user');
  await (await sopRow(page)).getByRole('link', { name: TITLE }).click();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('checkbox', { name: /mooring-lines-rev1\.pdf/ })).toBeChecked();
  await page.getByLabel('Changelog').fill('Crew of three on the winch');
  await page.getByLabel('Steps & Procedures *').fill('# Purpose\nKeep mooring lines fit for service.\n\n## Steps\n- Three crew on the winch');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(toast('SOP updated successfully')).toBeVisible();

  const row = await sopRow(page);
  await expect(row).toContainText('v1.2');
  await expect(row).toContainText('Draft');
  await row.getByRole('link', { name: TITLE }).click();
  const notice = page.getByTestId('effective-version-notice');
  await expect(notice).toContainText('Version 1.2 is not approved yet. The version in force is 1.1');
  await expect(notice.getByRole('button', { name: 'Download v1.1: mooring-lines-rev1.pdf' })).toBeVisible();
  // Files carry forward by default: the revision keeps the approved PDF.
  await expect(page.getByTestId('attachment')).toContainText('mooring-lines-rev1.pdf');
  // Attestation stays on the version in force.
  await expect(page.getByTestId('attestation-count')).toHaveText('1 person has attested');
});

test('a plain user is refused the Approval Center without any call to the API', async ({ page, signInAs }) => {
  await signInAs('user2');
  const calls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/approvals')) calls.push(req.url());
  });
  await page.goto('/approvals');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('Insufficient Permissions: You need approver or admin permissions to access this page.')).toBeVisible();
  expect(calls).toEqual([]);
});
