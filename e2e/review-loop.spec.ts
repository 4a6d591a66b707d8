import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { openTask, searchSops } from './support/journeys';
import type { SopDetail } from '../common/contracts/sops';
import { apiAs, departmentId, publishSop } from './support/seed';
import { makePdf } from './support/sop-files';
import { E2E_USERS } from './support/users';

// The review loop: 1.0 is in force; the author's revision 1.1 gets changes requested with a
// comment; the author sees it on the dashboard and the SOP page, compares 1.0 with 1.1 and
// submits a further revision from the form; the approver approves after seeing what changed;
// a reader opens the superseded 1.0 and the unapproved 1.1; an approver confirms a review.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const TITLE = `Gangway Watch ${stamp}`;
const COMMENT = 'Name who relieves the gangway watch at meal times.';
const V1 = '# Purpose\nKeep the gangway manned in port.\n\n## Steps\n1. Check every pass against the crew list';
const V2 = `${V1}\n2. Log visitors`;
const V3 = `${V2}\n3. The deck cadet relieves the watch at meal times`;

let author: APIRequestContext;
let sopId: number;
let versions: Record<string, { id: number; fileId: number | null }> = {};

async function loadVersions(api: APIRequestContext) {
  const sop: SopDetail = await (await api.get(`/api/sops/${sopId}`)).json();
  versions = Object.fromEntries(sop.versions.map((v) => [v.versionNumber, { id: v.id, fileId: v.attachments[0]?.id ?? null }]));
}

test.beforeAll(async ({ baseURL }) => {
  author = await apiAs(baseURL!, E2E_USERS.user);
  const approver = await apiAs(baseURL!, E2E_USERS.approver);
  const created = await author.post('/api/sops', {
    data: { title: TITLE, departmentId: await departmentId(author, 'Deck'), content: V1, reviewFrequency: 12, tags: [] },
  });
  expect(created.status()).toBe(201);
  const sop: SopDetail = await created.json();
  sopId = sop.id;
  const pdf = await makePdf('gangway-watch-v1.pdf', 'Gangway Watch 1.0', ['Pass checks.']);
  const upload = await author.post(`/api/sop-versions/${sop.latestVersionId}/attachments`, { multipart: { file: pdf } });
  expect(upload.status()).toBe(201);
  await publishSop(author, approver, sopId, TITLE);
  // The revision 1.1 replaces the file and goes for approval.
  const revised = await author.put(`/api/sops/${sopId}`, {
    data: { title: TITLE, departmentId: sop.departmentId, content: V2, changelog: 'Visitors logged', keepAttachmentIds: [], reviewFrequency: 12, tags: [] },
  });
  expect(revised.status()).toBe(200);
  await loadVersions(author);
  const upload2 = await author.post(`/api/sop-versions/${versions['1.1'].id}/attachments`, {
    multipart: { file: await makePdf('gangway-watch-v1-1.pdf', 'Gangway Watch 1.1', ['Visitors logged.']) },
  });
  expect(upload2.status()).toBe(201);
  expect((await author.post(`/api/sops/${sopId}/submit`)).status()).toBe(200);
  await loadVersions(author);
  await approver.dispose();
});

test.afterAll(async () => {
  await author?.dispose();
});

test('the approver requests changes with a comment', async ({ page, signInAs, toast }) => {
  await signInAs('approver');
  await openTask(page, TITLE, 'Version 1.1');
  await page.getByLabel('Comment for the author').fill(COMMENT);
  await page.getByRole('button', { name: 'Request Changes' }).click();
  await expect(toast('Changes requested: the SOP goes back to its author')).toBeVisible();
});

test('the author sees the request, compares 1.0 with 1.1 and submits a revision from the form', async ({ page, signInAs, toast }) => {
  await signInAs('user');
  await page.goto('/');
  const needs = page.getByTestId('needs-your-changes');
  await expect(needs).toContainText(TITLE);
  await needs.getByRole('link', { name: TITLE }).click();

  const banner = page.getByTestId('changes-requested-banner');
  await expect(banner).toContainText('Changes requested by Maria Santos');
  await expect(banner).toContainText('(v1.1)');
  await expect(banner).toContainText(COMMENT);
  const timeline = page.getByRole('list', { name: 'History' });
  await expect(timeline.getByTestId('timeline-event').first()).toContainText('Changes requested');
  await expect(timeline).toContainText(COMMENT);
  await page.screenshot({ path: 'screenshots/review-loop-changes-requested.png', fullPage: true });

  // Compare 1.0 with 1.1 from the History dialog.
  await page.goto('/documents');
  await searchSops(page, TITLE);
  const row = page.getByTestId('sop-row').filter({ hasText: TITLE });
  await expect(row).toContainText('Changes Requested');
  // Changes were requested on 1.1: it goes back to the approver only as a new version, so
  // neither the list nor the SOP page offers to submit it as it is.
  await expect(row.getByRole('button', { name: `Submit for Approval: ${TITLE}` })).toHaveCount(0);
  await row.getByRole('button', { name: `History: ${TITLE}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Version History' });
  const v10 = dialog.getByTestId('history-version').filter({ hasText: 'v1.0' });
  const v11 = dialog.getByTestId('history-version').filter({ hasText: 'v1.1' });
  await expect(v10.getByTestId('version-standing')).toHaveText('In force');
  await expect(v11.getByTestId('version-standing')).toHaveText('Changes requested');
  await dialog.getByRole('checkbox', { name: 'Compare v1.0' }).check();
  await dialog.getByRole('checkbox', { name: 'Compare v1.1' }).check();
  await dialog.getByRole('button', { name: 'Compare selected' }).click();
  const diff = dialog.getByTestId('version-diff');
  await expect(diff).toContainText('Changes from v1.0 to v1.1');
  await expect(diff.getByTestId('content-changes').locator('ins')).toHaveText('Added: Log visitors');
  // The one PDF of 1.0 replaced by the one PDF of 1.1: the same file, changed.
  await expect(diff.getByTestId('file-change')).toContainText('Changedgangway-watch-v1.pdf → gangway-watch-v1-1.pdf');
  await page.screenshot({ path: 'screenshots/review-loop-compare.png' });
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // Revise in the form and submit from it: it saves, then submits.
  await row.getByRole('link', { name: TITLE }).click();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Review frequency (months)')).toHaveValue('12');
  await page.getByLabel('Changelog').fill('Meal-time relief named');
  await page.getByLabel('Steps & Procedures *').fill(V3);
  await page.getByRole('button', { name: 'Submit for Approval' }).click();
  await expect(toast('SOP updated successfully and submitted for approval')).toBeVisible();
  await expect(page).toHaveURL(/\/documents/);
  await searchSops(page, TITLE);
  await expect(row).toContainText('v1.2');
  await expect(row).toContainText('Submitted');
  await loadVersions(author);
});

test('the approver sees what changed since the version in force and confirms the approval', async ({ page, signInAs, toast }) => {
  await signInAs('approver');
  await openTask(page, TITLE, 'Version 1.2');
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: `Approve "${TITLE}"?` });
  const summary = confirm.getByTestId('approve-summary');
  await expect(summary).toContainText('v1.2');
  await expect(summary).toContainText('gangway-watch-v1-1.pdf');
  await expect(summary).toContainText('Meal-time relief named');
  const diff = confirm.getByTestId('version-diff');
  await expect(diff).toContainText('Changes from v1.0 to v1.2');
  await expect(diff.getByTestId('content-changes').locator('ins').filter({ hasText: 'The deck cadet relieves the watch at meal times' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/review-loop-approve-confirm.png' });
  await confirm.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(toast('Approved: this version is now in force')).toBeVisible();
  await expect(confirm).toHaveCount(0);
});

// Its owner may open every version; another crew member is only ever given the version in force.
test('the owner opens the superseded 1.0 and the unapproved 1.1, each with its banner and its own files', async ({ page, signInAs }) => {
  await signInAs('user');
  await page.goto(`/sop/${sopId}?version=${versions['1.0'].id}`);
  await expect(page.getByTestId('version-banner')).toContainText('Superseded by 1.2 — not for use');
  await expect(page.getByTestId('attachment')).toContainText('gangway-watch-v1.pdf');
  // The steps are those of 1.0 (numbered lines render as a list, without their numbers).
  await expect(page.getByText('Check every pass against the crew list')).toBeVisible();
  await expect(page.getByText('Log visitors')).toHaveCount(0);
  // Download serves the shown version's file, not the newest one.
  const head = page.waitForResponse((res) => res.request().method() === 'HEAD' && res.url().includes('/api/attachments/'));
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  expect((await head).url()).toContain(`/api/attachments/${versions['1.0'].fileId}/download`);
  await page.screenshot({ path: 'screenshots/review-loop-superseded.png', fullPage: true });

  await page.goto(`/sop/${sopId}?version=${versions['1.1'].id}`);
  await expect(page.getByTestId('version-banner')).toContainText('Version 1.1: Submitted — not approved');

  // Without ?version= the page shows the version in force (the newest, approved).
  await page.goto(`/sop/${sopId}`);
  await expect(page.getByTestId('version-banner')).toHaveCount(0);
  await expect(page.getByText('The deck cadet relieves the watch at meal times')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm review' })).toHaveCount(0);
});

test('another crew member asking for the superseded 1.0 gets the version in force', async ({ page, signInAs }) => {
  await signInAs('user2');
  await page.goto(`/sop/${sopId}?version=${versions['1.0'].id}`);
  await expect(page.getByText('The deck cadet relieves the watch at meal times')).toBeVisible();
  await expect(page.getByTestId('version-banner')).toHaveCount(0);
  await expect(page.getByText('gangway-watch-v1.pdf', { exact: true })).toHaveCount(0);
  expect((await page.request.get(`/api/attachments/${versions['1.0'].fileId}/download`)).status()).toBe(404);
});

test('an approver confirms a periodic review', async ({ page, signInAs, toast }) => {
  await signInAs('approver');
  await page.goto('/');
  await expect(page.getByTestId('reviews-due')).toBeVisible();
  await page.goto(`/sop/${sopId}`);
  await expect(page.getByTestId('next-review-due')).toContainText('Review OK');
  await page.getByRole('button', { name: 'Confirm review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm periodic review' });
  await dialog.getByLabel('Comments').fill('Checked at the port state drill.');
  await dialog.getByRole('button', { name: 'Confirm review' }).click();
  await expect(toast('Review confirmed for version 1.2')).toBeVisible();
  const timeline = page.getByRole('list', { name: 'History' });
  await expect(timeline.getByTestId('timeline-event').first()).toContainText('Periodic review confirmed');
  await expect(timeline.getByTestId('timeline-event').first()).toContainText('Checked at the port state drill.');
});
