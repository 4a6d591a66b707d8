import { expect, test } from './support/fixtures';
import { pickTask } from './support/journeys';
import { createSop, departmentId, publishSop } from './support/seed';
import { E2E_USERS, type E2eUser } from './support/users';

// Sign-off: the audit trail's hash chain verified from the Administration page, and an
// editorial revision approved in the Approval Center keeps the readers' attestations.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const TITLE = `Gangway Watch ${stamp}`;

test('an admin verifies the audit trail from the Audit Trail card', async ({ page, signInAs }) => {
  await signInAs('admin', '/admin');
  const card = page.getByRole('region', { name: 'Audit Trail' });
  await expect(card.getByText('Last verification')).toBeVisible();
  await card.getByRole('button', { name: 'Verify Audit Trail' }).click();
  await expect(page.getByText(/^The audit trail verifies with audit key [0-9a-f]{12}: \d+ events, none changed\.$/).first()).toBeVisible();
  await expect(card.getByText(/^Intact · /)).toBeVisible();
  // The answer is kept: it is there after a reload.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Audit Trail' }).getByText(/^Intact · /)).toBeVisible();
});

test('an editorial revision submitted from the form is approved as such, and the reader is not asked to read again', async ({
  page,
  signInAs,
  signOut,
  apiAs,
}) => {
  const author = await apiAs('user');
  const approver = await apiAs('approver');
  const id = await createSop(author, TITLE, 'Deck', 'Keep the gangway manned while alongside.');
  await publishSop(author, approver, id, TITLE);
  const steward = await apiAs('user2');
  const detail = await (await steward.get(`/api/sops/${id}`)).json();
  expect((await steward.post(`/api/sop-versions/${detail.latestVersionId}/attestations`)).status()).toBe(201);

  // The author fixes a typo and submits it as an editorial revision.
  await signInAs('user', `/sop/${id}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit SOP' })).toBeVisible();
  await page.getByLabel('Changelog').fill('Typo in step 1');
  await page.getByLabel('Revision class').click();
  await page.getByRole('option', { name: /^Editorial/ }).click();
  await page.locator('#sop-content').fill('Keep the gangway manned while alongside the berth.');
  await page.getByRole('button', { name: 'Submit for Approval' }).click();
  await expect(page.getByText('SOP updated successfully and submitted for approval').first()).toBeVisible();

  // The approver sees the class and keeps it.
  await signOut();
  await signInAs('approver');
  await page.goto('/approvals');
  await page
    .getByRole('navigation', { name: /Pending Approvals/ })
    .getByRole('button', { name: new RegExp(TITLE) })
    .click();
  await expect(page.getByTestId('revision-class')).toContainText('Editorial');
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByLabel('Revision class')).toContainText('Editorial');
  await dialog.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(page.getByText('Approved: this version is now in force').first()).toBeVisible();

  // The steward's attestation was carried to 1.1: nothing to read.
  const reading = await (await steward.get('/api/reading')).json();
  expect(reading.outstanding.map((item: { title: string }) => item.title)).not.toContain(TITLE);
  const after = await (await steward.get(`/api/sops/${id}`)).json();
  expect(after.latestVersion.revisionClass).toBe('editorial');
  expect(after.latestVersion.versionNumber).toBe('1.1');
  await page.goto(`/sop/${id}`);
  await expect(page.getByTestId('timeline-event').filter({ hasText: 'Approved' }).first()).toContainText('Editorial revision');
});

const ROUTED = `Linen Change ${stamp}`;

test('two approvers sign a two-step review route in the Approval Center', async ({ page, signInAs, signOut, apiAs }) => {
  const admin = await apiAs('admin');
  const author = await apiAs('user');
  const approverApi = await apiAs('approver');
  const people: { id: number; username: string }[] = await (await approverApi.get('/api/approvers')).json();
  const idOf = (username: string) => people.find((p) => p.username === username)!.id;
  const housekeeping = await departmentId(admin, 'Housekeeping');
  const route = await admin.put(`/api/departments/${housekeeping}/approval-route`, {
    data: {
      steps: [
        { name: 'Department review', approverIds: [idOf(E2E_USERS.approver.username)], required: 1 },
        { name: 'DPA approval', approverIds: [idOf(E2E_USERS.admin.username)], required: 1 },
      ],
    },
  });
  expect(route.status()).toBe(200);
  const id = await createSop(author, ROUTED, 'Housekeeping', 'Change the linen every third day.');
  expect((await author.post(`/api/sops/${id}/submit`)).status()).toBe(200);

  const sign = async (user: E2eUser, stepText: RegExp, toast: string) => {
    await signInAs(user);
    await pickTask(page, ROUTED);
    await expect(page.getByTestId('review-route').getByRole('heading')).toHaveText(stepText);
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm approval' }).click();
    await expect(page.getByText(toast).first()).toBeVisible();
  };

  await page.setViewportSize({ width: 1366, height: 768 });
  await sign(E2E_USERS.approver, /^Step 1 of 2: Department review$/, 'Your approval is recorded; the SOP waits for the other signatures');
  let sop = await (await author.get(`/api/sops/${id}`)).json();
  expect(sop.status).toBe('submitted');
  await signOut();

  await sign(E2E_USERS.admin, /^Step 2 of 2: DPA approval$/, 'Approved: this version is now in force');
  sop = await (await author.get(`/api/sops/${id}`)).json();
  expect(sop.status).toBe('published');
  await page.goto(`/sop/${id}`);
  await expect(page.getByTestId('timeline-event').filter({ hasText: 'Approved' }).first()).toBeVisible();
});
