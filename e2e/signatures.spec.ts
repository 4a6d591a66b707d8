import { readFile } from 'node:fs/promises';
import type { PublicUser } from '../common/contracts/auth';
import type { SopHistoryEvent } from '../common/contracts/review-loop';
import { SIGNATURE_FAILED_MESSAGE } from '../common/contracts/signatures';
import type { ApprovalTask, SopDetail } from '../common/contracts/sops';
import { pdfPageTexts } from '../server/src/test/documents';
import { attestButton, attestCard, openEveryFile } from './support/attest';
import { expect, test } from './support/fixtures';
import { pickTask } from './support/journeys';
import { apiAs, createSop, departmentId } from './support/seed';
import { makePdf } from './support/sop-files';
import { E2E_USERS, type E2eUser } from './support/users';

// Electronic signatures, end to end: with signatures required and a two-step route on Engine,
// two approvers sign their steps with their passwords (a wrong one changes nothing), a crew
// member signs 'read and understood' on a phone, and the controlled copy's last page lists
// every signature. Signatures and the route are switched off again afterwards: the suite
// shares one server.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
// Words no other journey searches for: the suite shares one server (visibility.spec searches 'bilge pump').
const TITLE = `Sewage Treatment Plant Start-up ${stamp}`;
const FILE = 'sewage-treatment-plant-start-up.pdf';
const STEPS = ['Department review', 'Chief engineer approval'];
const reader: E2eUser = {
  username: `ioanna.${stamp}`,
  password: 'engine-reader-2026-pass',
  firstName: 'Ioanna',
  lastName: 'Konstantinidou-Vasilakopoulou',
  role: 'user',
};
let sopId = 0;

test.afterAll(async ({ baseURL }) => {
  const admin = await apiAs(baseURL!, E2E_USERS.admin);
  expect((await admin.put('/api/admin/settings', { data: { requireSignatures: false } })).status()).toBe(200);
  const engine = await departmentId(admin, 'Engine');
  expect((await admin.put(`/api/departments/${engine}/approval-route`, { data: { steps: [] } })).status()).toBe(200);
  await admin.dispose();
});

test('two approvers sign the two steps with their passwords; a wrong password changes nothing; the history shows both', async ({
  page,
  signInAs,
  signOut,
  toast,
  apiAs: api,
}) => {
  const admin = await api('admin');
  expect((await admin.put('/api/admin/settings', { data: { requireSignatures: true } })).status()).toBe(200);
  const people: { id: number; username: string }[] = await (await admin.get('/api/approvers')).json();
  const idOf = (user: E2eUser) => people.find((p) => p.username === user.username)!.id;
  const engine = await departmentId(admin, 'Engine');
  const route = await admin.put(`/api/departments/${engine}/approval-route`, {
    data: {
      steps: [
        { name: STEPS[0], approverIds: [idOf(E2E_USERS.approver)], required: 1 },
        { name: STEPS[1], approverIds: [idOf(E2E_USERS.admin)], required: 1 },
      ],
    },
  });
  expect(route.status(), await route.text()).toBe(200);
  const made = await admin.post('/api/admin/users', { data: { ...reader, email: `${reader.username}@ship.example` } });
  expect(made.status()).toBe(201);
  expect((await admin.patch(`/api/admin/users/${((await made.json()) as PublicUser).id}`, { data: { departmentId: engine } })).status()).toBe(200);

  const author = await api('user');
  sopId = await createSop(author, TITLE, 'Engine', 'Start the sewage treatment plant before the vessel leaves port.');
  const draft = (await (await author.get(`/api/sops/${sopId}`)).json()) as SopDetail;
  const file = await makePdf(FILE, 'Sewage treatment plant start-up', ['Open the plant inlet valve.', 'Start the blowers and check the aeration.']);
  expect((await author.post(`/api/sop-versions/${draft.latestVersionId}/attachments`, { multipart: { file } })).status()).toBe(201);
  expect((await author.post(`/api/sops/${sopId}/submit`)).status()).toBe(200);

  await page.setViewportSize({ width: 1366, height: 768 });
  const startApproval = async (step: string) => {
    await pickTask(page, TITLE);
    await expect(page.getByTestId('review-route').getByRole('heading')).toHaveText(step);
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByTestId('approve-summary')).toBeVisible();
    return dialog;
  };

  await signInAs('approver');
  let dialog = await startApproval(`Step 1 of 2: ${STEPS[0]}`);
  // A wrong password: the reason beside the field, the dialog stays, nothing is recorded.
  await dialog.getByLabel('Your password (signature)').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(SIGNATURE_FAILED_MESSAGE);
  await expect(dialog).toBeVisible();
  const approverApi = await api('approver');
  const pending = (await (await approverApi.get('/api/approvals')).json()) as ApprovalTask[];
  expect(pending.find((task) => task.version.sop.id === sopId)?.step).toMatchObject({ index: 0, signatures: [] });
  expect((await (await author.get(`/api/sops/${sopId}`)).json()).status).toBe('submitted');

  await dialog.getByLabel('Your password (signature)').fill(E2E_USERS.approver.password);
  await dialog.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(toast('Your approval is recorded; the SOP waits for the other signatures').first()).toBeVisible();
  expect((await (await author.get(`/api/sops/${sopId}`)).json()).status).toBe('submitted');
  await signOut();

  await signInAs('admin');
  dialog = await startApproval(`Step 2 of 2: ${STEPS[1]}`);
  await dialog.getByLabel('Your password (signature)').fill(E2E_USERS.admin.password);
  await dialog.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(toast('Approved: this version is now in force').first()).toBeVisible();
  expect((await (await author.get(`/api/sops/${sopId}`)).json()).status).toBe('published');

  // The history: each decision with its signature, the hash short on screen and whole on hover.
  const history = (await (await author.get(`/api/sops/${sopId}/history`)).json()) as SopHistoryEvent[];
  const sha256 = history.find((e) => e.action === 'sop_approved')!.signature!.sha256!;
  await page.goto(`/sop/${sopId}`);
  const signatureOf = (actor: string) => page.getByTestId('timeline-event').filter({ hasText: actor }).getByTestId('event-signature');
  await expect(signatureOf('Maria Santos')).toHaveText(new RegExp(`^Signed:\\s*Reviewed \\(${STEPS[0]}\\)\\s*· with the password\\s*· SHA-256`));
  await expect(signatureOf('System Administrator')).toHaveText(new RegExp(`^Signed:\\s*Approved \\(${STEPS[1]}\\)\\s*· with the password\\s*· SHA-256`));
  await expect(signatureOf('System Administrator').getByTitle(`SHA-256 ${sha256}`)).toHaveText(`${sha256.slice(0, 12)}…`);
});

test('a crew member on a phone signs that they read and understood the procedure', async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(reader, `/sop/${sopId}`);
  await expect(attestCard(page)).toContainText('Waiting for you: please read version 1.0 and attest');
  await openEveryFile(page);
  await attestButton(page, '1.0', TITLE).click();
  const dialog = page.getByRole('alertdialog', { name: 'Confirm your attestation' });
  // The signature dialog opens in the password field, not on Cancel.
  await expect(dialog.getByLabel('Your password (signature)')).toBeFocused();
  await dialog.getByLabel('Your password (signature)').fill(reader.password);
  await dialog.getByRole('button', { name: 'Attest', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(attestCard(page).getByTestId('attested-by-me')).toContainText('You attested version 1.0 on');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});

test('the controlled copy ends with a signature page naming both approvers and the reader', async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAs(reader, `/sop/${sopId}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Print controlled copy of ${FILE}` }).click()]);
  const pages = await pdfPageTexts(await readFile((await download.path())!));
  const last = pages[pages.length - 1];
  expect(pages[0]).not.toContain('Electronic signatures');
  expect(last).toContain('Electronic signatures');
  expect(last).toContain(`${TITLE} · Version 1.0`);
  expect(last).toContain('Maria Santos');
  expect(last).toContain(`Meaning: Reviewed (step: ${STEPS[0]})`);
  expect(last).toContain('System Administrator');
  expect(last).toContain(`Meaning: Approved (step: ${STEPS[1]})`);
  expect(last).toContain('Ioanna Konstantinidou-Vasilakopoulou');
  expect(last).toContain('Meaning: Read and understood');
  expect(last.match(/Method: password/g)).toHaveLength(3);
  expect(last).toMatch(/SHA-256 of the signed version: [0-9a-f]{64}/);
});
