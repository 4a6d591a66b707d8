import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import type { SopDetail, SopListItem } from '../common/contracts/sops';
import { apiAs, createSop } from './support/seed';
import { makePdf } from './support/sop-files';
import { expectInView } from './support/journeys';
import { E2E_USERS } from './support/users';

// A captain decides on a tablet with the document in view: a resubmitted SOP opens by its own
// address on its title and files, the queue of other tasks one tap away; the earlier request,
// the author's reply and what changed since the version sent back are beside it; the PDF is
// read in the reader, then approved. Before that, the author revised it with the request in
// view beside the editor.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const TITLE = `Crane Operations at Anchor for Konstantinos Papadopoulos-Andersson ${stamp}`;
const PDF_NAME = `crane-operations-stores-loading-checklist-${stamp}.pdf`;
const CONTENT = '# Steps\n1. Agree the hand signals before lifting.\n2. Stop when the wind exceeds 25 knots.';
const REVISED = '# Steps\n1. Agree the hand signals before lifting.\n2. Stop when the wind exceeds 20 knots.\n3. The bosun is the signaller.';
const REQUEST = 'Lower the wind limit to 20 knots and name the signaller.';
const REPLY = 'Done in the next version: 20 knots, and the bosun signals.';
const OTHERS = [1, 2, 3, 4, 5].map((n) => `Stores Loading Station ${n} ${stamp}`);

let author: APIRequestContext;
let approver: APIRequestContext;
let sopId: number;

const pendingTaskOf = async (id: number, title: string) => {
  const list: SopListItem[] = await (await approver.get(`/api/sops?search=${encodeURIComponent(title)}`)).json();
  const taskId = list.find((sop) => sop.id === id)?.pendingTaskId;
  if (!taskId) throw new Error(`No pending task for ${title}`);
  return taskId;
};

test.beforeAll(async ({ baseURL }) => {
  author = await apiAs(baseURL!, E2E_USERS.user);
  approver = await apiAs(baseURL!, E2E_USERS.approver);
  // Other work waiting, so the queue is long enough to push a task down if it came first.
  for (const title of OTHERS) {
    const id = await createSop(author, title, 'Deck', '# Steps\n1. Check the station.');
    expect((await author.post(`/api/sops/${id}/submit`)).status()).toBe(200);
  }
  sopId = await createSop(author, TITLE, 'Deck', CONTENT);
  const draft: SopDetail = await (await author.get(`/api/sops/${sopId}`)).json();
  const pdf = await makePdf(PDF_NAME, 'Crane operations checklist', ['Wind limit: 25 knots', 'Signaller: to be named']);
  expect((await author.post(`/api/sop-versions/${draft.latestVersionId}/attachments`, { multipart: { file: pdf } })).ok()).toBe(true);
  expect((await author.post(`/api/sops/${sopId}/submit`)).status()).toBe(200);
  const taskId = await pendingTaskOf(sopId, TITLE);
  const decided = await approver.put(`/api/approvals/${taskId}`, { data: { status: 'changes_requested', comments: REQUEST } });
  expect(decided.status()).toBe(200);
  expect((await author.post(`/api/sop-versions/${draft.latestVersionId}/comments`, { data: { body: REPLY } })).status()).toBe(201);
});

test.afterAll(async () => {
  await author?.dispose();
  await approver?.dispose();
});

test('the author revises at 820 px with the request beside the editor, and submits', async ({ page, signInAs, toast }) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await signInAs('user', `/sop/${sopId}/edit`);
  const banner = page.getByTestId('changes-requested-banner');
  await expect(banner).toContainText('Changes requested by Maria Santos');
  await expect(banner).toContainText(REQUEST);
  const editor = page.getByLabel('Steps & Procedures *');
  await editor.fill(REVISED);
  await page.getByLabel('Changelog').fill('Wind limit 20 knots; the bosun signals');
  // The request stays beside what is being written: in view together with the editor.
  await editor.scrollIntoViewIfNeeded();
  await expectInView(page, banner);
  await page.screenshot({ path: 'screenshots/sop-edit-with-request-820.png' });
  await page.getByRole('button', { name: 'Submit for Approval' }).click();
  await expect(toast('SOP updated successfully and submitted for approval')).toBeVisible();
});

test('a captain at 820 px opens the task by its address, reads the request, the changes and the PDF, and approves', async ({ page, signInAs, toast }) => {
  const taskId = await pendingTaskOf(sopId, TITLE);
  await page.setViewportSize({ width: 820, height: 1180 });
  await signInAs('approver', `/approvals/${taskId}`);
  const viewer = page.getByRole('article', { name: 'SOP version' });
  const title = viewer.getByRole('heading', { name: TITLE });
  await expect(title).toBeVisible();
  await expect(viewer).toContainText('Version 1.1');

  // The document comes first: no queue to scroll past; it is one tap away.
  const queue = page.getByRole('navigation', { name: /Pending Approvals/ });
  await expect(queue).toBeHidden();
  const queueButton = page.getByRole('button', { name: /^Pending approvals \(\d+\)$/ });
  await expect(queueButton).toHaveAttribute('aria-expanded', 'false');
  await expectInView(page, title);
  const read = viewer.getByRole('button', { name: `Read ${PDF_NAME}`, exact: true });
  await expectInView(page, read);
  await expectInView(page, page.getByRole('button', { name: 'Approve', exact: true }));
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // Re-review in context: the request and the reply on 1.0, and what 1.1 changed since.
  const context = viewer.getByTestId('resubmission');
  await expect(context.getByRole('heading', { name: 'Changes were requested on version 1.0' })).toBeVisible();
  await expect(context.getByTestId('review-thread')).toContainText(REQUEST);
  await expect(context.getByTestId('review-thread')).toContainText(REPLY);
  const diff = context.getByTestId('version-diff');
  await expect(diff).toContainText('Changes from v1.0 to v1.1');
  await expect(diff.locator('[data-op="delete"]').first()).toContainText('25');
  await expect(diff.locator('[data-op="insert"]').first()).toContainText('20');
  await page.screenshot({ path: 'screenshots/approval-task-in-context-820.png' });

  // The PDF in the reader, one tap; closing it returns to the decision.
  await read.click();
  const reader = page.getByRole('dialog', { name: PDF_NAME });
  await expect(reader.getByTestId('page-count')).toHaveText('Page 1 of 1');
  await expect(reader.locator('.page[data-page-number="1"] canvas')).toBeVisible();
  await expect(reader).toContainText('Wind limit: 25 knots');
  await page.keyboard.press('Escape');
  await expect(reader).toHaveCount(0);

  // The queue opens in place and closes again.
  await queueButton.click();
  await expect(queue).toBeVisible();
  await expect(queue.getByRole('button', { name: new RegExp(OTHERS[0]) })).toBeVisible();
  await queueButton.click();
  await expect(queue).toBeHidden();

  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: `Approve "${TITLE}"?` });
  await confirm.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(toast('Approved: this version is now in force')).toBeVisible();
  // The next task opens in its place, again on its document.
  await expect(page).not.toHaveURL(new RegExp(`/approvals/${taskId}$`));
  await expect(queue).toBeHidden();
});

test('at 1366 px a task’s address shows the queue, the document and the decision side by side', async ({ page, signInAs }) => {
  const createdFirst: SopListItem[] = await (await approver.get(`/api/sops?search=${encodeURIComponent(OTHERS[0])}`)).json();
  await signInAs('approver', `/approvals/${createdFirst[0].pendingTaskId}`);
  await expect(page.getByRole('article', { name: 'SOP version' }).getByRole('heading', { name: OTHERS[0] })).toBeVisible();
  await expect(page.getByRole('navigation', { name: /Pending Approvals/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pending approvals \(\d+\)$/ })).toBeHidden();
  await page.screenshot({ path: 'screenshots/approval-center-1366.png' });
});
