import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectInView, pickTask } from './support/journeys';
import type { SopDetail, SopListItem } from '../common/contracts/sops';
import { apiAs, departmentId } from './support/seed';
import { E2E_USERS } from './support/users';

// Reviewers' words arrive and decisions can be taken anywhere: an approver on a tablet opens a
// task from its own link (signing in on the way), keeps Approve and Request Changes in reach
// while reading, is stopped before sending a request for changes without a comment, comments,
// then requests changes; the author reads both on the SOP page, and submits another SOP from it.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const TITLE = `Tender Boarding at Anchor for Konstantinos Papadopoulos-Andersson ${stamp}`;
const DRAFT_TITLE = `Lifejacket Donning Demonstration ${stamp}`;
const STEPS = Array.from(
  { length: 40 },
  (_, i) => `${i + 1}. Check tender platform item ${i + 1} and record it in the boarding log before the next passenger steps across`,
).join('\n');
const CONTENT = `# Purpose\nPassengers board tenders safely at anchor.\n\n## Steps\n${STEPS}`;
const QUESTION = 'Step 12: who decides that the sea state is too high for boarding?';
const REQUEST = 'Name the officer who stops boarding, and the sea-state limit.';
const COMMENT_REQUIRED = 'A comment is required to request changes: say what the author should change';

let author: APIRequestContext;
let taskId: number;
let sopId: number;
let draftId: number;

/** The area two elements share on screen, in square pixels (null when one is not laid out). */
async function overlap(a: Locator, b: Locator): Promise<number | null> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return null;
  const width = Math.min(x.x + x.width, y.x + y.width) - Math.max(x.x, y.x);
  const height = Math.min(x.y + x.height, y.y + y.height) - Math.max(x.y, y.y);
  return Math.max(0, width) * Math.max(0, height);
}

test.beforeAll(async ({ baseURL }) => {
  author = await apiAs(baseURL!, E2E_USERS.user);
  const approver = await apiAs(baseURL!, E2E_USERS.approver);
  const deck = await departmentId(author, 'Deck');
  const created = await author.post('/api/sops', { data: { title: TITLE, departmentId: deck, content: CONTENT, tags: [] } });
  expect(created.status()).toBe(201);
  sopId = ((await created.json()) as SopDetail).id;
  expect((await author.post(`/api/sops/${sopId}/submit`)).status()).toBe(200);
  const list: SopListItem[] = await (await approver.get(`/api/sops?search=${encodeURIComponent(stamp)}`)).json();
  taskId = list.find((sop) => sop.id === sopId)!.pendingTaskId!;
  const draft = await author.post('/api/sops', { data: { title: DRAFT_TITLE, departmentId: deck, content: '# Steps\n1. Show the whistle', tags: [] } });
  draftId = ((await draft.json()) as SopDetail).id;
  await approver.dispose();
});

test.afterAll(async () => {
  await author?.dispose();
});

test('an approver at 820 px opens the task link, signs in and decides without hunting for the buttons', async ({ page, toast }) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  // Signed out: the link leads through sign-in to the task itself.
  await page.goto(`/approvals/${taskId}`);
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Username').fill(E2E_USERS.approver.username);
  await page.getByLabel('Password').fill(E2E_USERS.approver.password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(new RegExp(`/approvals/${taskId}$`));
  const viewer = page.getByRole('article', { name: 'SOP version' });
  await expect(viewer.getByRole('heading', { name: TITLE })).toBeVisible();

  const approve = page.getByRole('button', { name: 'Approve', exact: true });
  await expectInView(page, approve);
  await expectInView(page, page.getByRole('button', { name: 'Request Changes' }));
  await expectInView(page, page.getByLabel('Comment for the author'));
  // Reading on: the decision stays at the bottom of the screen.
  const scrollable = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  expect(scrollable, 'the version is longer than the screen').toBeGreaterThan(1000);
  for (const share of [0.25, 0.5, 0.75]) {
    const y = Math.round(scrollable * share);
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
    await expectInView(page, approve);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
  await page.screenshot({ path: 'screenshots/approval-task-820.png' });

  // Request Changes with nothing written is refused here, before anything is sent.
  const decisions: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'PUT' && /\/api\/approvals\/\d+$/.test(req.url())) decisions.push(req.url());
  });
  await page.getByLabel('Comment for the author').fill('   ');
  await page.getByRole('button', { name: 'Request Changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: COMMENT_REQUIRED })).toBeVisible();
  await expect(page.getByLabel('Comment for the author')).toBeFocused();
  expect(decisions).toEqual([]);

  // Comment posts to the version's review thread.
  await page.getByLabel('Comment for the author').fill(QUESTION);
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(toast('Comment added to the review thread')).toBeVisible();
  await expect(page.getByTestId('review-thread')).toContainText(QUESTION);
  await expect(page.getByLabel('Comment for the author')).toHaveValue('');
  // While the toast shows, a refusal in the decision bar stays readable: the toast never covers the bar.
  await page.getByRole('button', { name: 'Request Changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: COMMENT_REQUIRED })).toBeVisible();
  await expect(toast('Comment added to the review thread')).toBeVisible();
  await expect
    .poll(() =>
      overlap(
        page
          .getByRole('region', { name: /Notifications/ })
          .locator('li')
          .first(),
        page.getByTestId('decision-bar'),
      ),
    )
    .toBe(0);

  await page.getByLabel('Comment for the author').fill(REQUEST);
  await page.getByRole('button', { name: 'Request Changes' }).click();
  await expect(toast('Changes requested: the SOP goes back to its author')).toBeVisible();
  expect(decisions).toHaveLength(1);
});

test('a decided or unknown task link says so plainly', async ({ page, signInAs }) => {
  await signInAs('approver');
  await page.goto(`/approvals/${taskId}`);
  await expect(page.getByRole('alert')).toContainText('This approval task is not waiting for your decision');
  await expect(page.getByRole('alert')).toContainText(`Task ${taskId} may have been decided already, or the link is wrong.`);
  await page.goto('/approvals/not-a-task');
  await expect(page.getByRole('alert')).toContainText('The link does not name an approval task.');
});

test('the author reads the reviewer on the SOP page, cannot resubmit unchanged, and submits a draft from its page', async ({ page, signInAs, toast }) => {
  await signInAs('user');
  await page.goto(`/sop/${sopId}`);
  const comments = page.getByTestId('review-comments');
  await expect(comments.getByTestId('review-thread')).toContainText(QUESTION);
  await expect(comments.getByTestId('review-thread')).toContainText(REQUEST);
  await expect(comments).toContainText('Requested changes');
  await expect(comments).toContainText('Maria Santos');
  // Changes were requested on this version: Submit comes back only with a new version.
  await expect(page.getByRole('button', { name: 'Submit for Approval' })).toHaveCount(0);
  await comments.getByLabel(/Reply on version 1.0/).fill('The second officer decides; the limit is sea state 4.');
  await comments.getByRole('button', { name: 'Post reply' }).click();
  await expect(comments.getByTestId('review-thread')).toContainText('The second officer decides');
  for (const width of [1366, 820, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await comments.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `screenshots/sop-review-comments-${width}.png` });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `screenshots/sop-actions-${width}.png` });
  }

  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/sop/${draftId}`);
  await page.getByRole('button', { name: 'Submit for Approval' }).click();
  await expect(toast('SOP submitted for approval successfully')).toBeVisible();
  await expect(page.getByTestId('sop-status')).toHaveText(/submitted/i);
  await expect(page.getByRole('button', { name: 'Submit for Approval' })).toHaveCount(0);
});

test('on a phone, choosing a task in the list brings it into view with the decision in reach', async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('approver');
  await pickTask(page, DRAFT_TITLE);
  await expect(page).toHaveURL(/\/approvals\/\d+$/);
  const heading = page.getByRole('article', { name: 'SOP version' }).getByRole('heading', { name: DRAFT_TITLE });
  await expect(heading).toBeFocused();
  await expectInView(page, heading);
  await expectInView(page, page.getByRole('button', { name: 'Approve', exact: true }));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'screenshots/approval-task-390.png' });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: 'screenshots/approval-task-1366.png' });
});

test('the Audit Log says what an edit changed: only the department, before and after', async ({ page, signInAs, apiAs }) => {
  const admin = await apiAs('admin');
  const username = `kpa.${stamp}`;
  const created = await admin.post('/api/admin/users', {
    data: {
      username,
      password: 'a-long-enough-passphrase-77',
      firstName: 'Konstantinos',
      lastName: 'Papadopoulos-Andersson',
      email: `konstantinos.papadopoulos-andersson.${stamp}@example-cruise-line.com`,
      departmentId: await departmentId(admin, 'Deck'),
    },
  });
  expect(created.status()).toBe(201);
  const { id, firstName, lastName, email } = await created.json();
  // The edit dialog sends every field; only the department differs.
  const edited = await admin.patch(`/api/admin/users/${id}`, {
    data: { firstName, lastName, email, role: 'user', active: true, departmentId: await departmentId(admin, 'Hotel') },
  });
  expect(edited.status()).toBe(200);

  await signInAs('admin');
  await page.goto('/admin/audit?action=user_updated');
  const event = page.getByTestId('audit-event').filter({ hasText: username }).first();
  await expect(event).toContainText('User edited');
  await expect(event.getByTestId('audit-changes').getByRole('listitem')).toHaveText(['Department: Deck → Hotel']);
  for (const width of [1366, 820, 390]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `screenshots/audit-changes-${width}.png` });
  }
});
