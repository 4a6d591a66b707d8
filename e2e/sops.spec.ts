import { expect, test } from './support/fixtures';
import { searchSops } from './support/journeys';
import { apiAs, departmentId, publishSop } from './support/seed';
import { makePdf } from './support/sop-files';
import { E2E_USERS } from './support/users';

// One SOP's life, in order: create with a PDF, find it, read it, revise it, download it, withdraw it.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const TITLE = `Anchor Watch Procedure ${stamp}`;
const SEARCH_WORD = `Anchor Watch Procedure ${stamp}`;

test('an author creates an SOP with a PDF through the form', async ({ page, signInAs, toast }) => {
  await signInAs(E2E_USERS.user, '/documents');
  await expect(page.getByRole('heading', { name: 'Procedures' })).toBeVisible();
  await page.getByRole('link', { name: 'New SOP' }).click();
  await expect(page).toHaveURL(/\/sop\/new$/);
  await expect(page.getByRole('heading', { name: 'Create New SOP' })).toBeVisible();

  // Nothing filled: every required field speaks up and nothing is sent.
  await expect(page.getByTestId('content-hint')).toContainText('Safety considerations');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByText('Department is required')).toBeVisible();
  await expect(page.getByText('Content is required')).toBeVisible();
  await expect(page).toHaveURL(/\/sop\/new$/);

  await page.getByLabel('Title *').fill(TITLE);
  await page.getByLabel('Department *').click();
  await page.getByRole('option', { name: 'Deck', exact: true }).click();
  await page.getByLabel('Category').fill('Navigation');
  await page.getByLabel('Summary').fill('How the bridge team keeps an anchor watch.');
  const tags = page.getByRole('textbox', { name: 'Tags' });
  await tags.fill('  bridge  ');
  await tags.press('Enter');
  await tags.fill('bridge');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await tags.fill('   ');
  await tags.press('Enter');
  await tags.fill('anchoring');
  await tags.press('Enter');
  await expect(page.getByRole('list', { name: 'Chosen tags' }).getByRole('listitem')).toHaveText(['bridge', 'anchoring']);

  const pdf = await makePdf('anchor-watch.pdf', 'Anchor Watch', ['1. Take bearings every 15 minutes.', '2. Log wind and swell.']);
  await page.getByLabel('Attachments').setInputFiles(pdf);
  await expect(page.getByRole('list', { name: 'Files to attach' })).toContainText('anchor-watch.pdf');
  await page.getByLabel('Steps & Procedures *').fill('1. Take bearings every 15 minutes.\n2. Log wind and swell.\n3. Call the master if the anchor drags.');
  await expect(page.getByTestId('content-hint')).toHaveCount(0);
  await page.screenshot({ path: 'screenshots/sop-form.png', fullPage: true });

  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(toast('SOP created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/documents$/);
  const row = page.getByTestId('sop-row').filter({ hasText: TITLE });
  await expect(row).toContainText('Deck');
  await expect(row).toContainText('Draft');
  await expect(row).toContainText('v1.0');
  await expect(row).toContainText('Liam Murphy');
  await expect(row).toContainText('Today');
});

test('the SOP is found by search and by department', async ({ page, signInAs }) => {
  await signInAs(E2E_USERS.user);
  // More SOPs in other departments, so the filters have something to leave out.
  const engine = await departmentId(page.request, 'Engine');
  const housekeeping = await departmentId(page.request, 'Housekeeping');
  for (const [title, departmentId] of [
    [`Bunkering Checklist ${stamp}`, engine],
    [`Cabin Turnover ${stamp}`, housekeeping],
    [`Engine Room Rounds ${stamp}`, engine],
  ] as const) {
    const res = await page.request.post('/api/sops', { data: { title, departmentId, content: `Steps for ${title}`, tags: [] } });
    expect(res.status()).toBe(201);
  }

  await page.goto('/documents');
  await expect(page.getByTestId('sop-row').filter({ hasText: `Cabin Turnover ${stamp}` })).toBeVisible();
  await expect(page.getByText(/Showing 1–\d+ of \d+/)).toBeVisible();
  await page.screenshot({ path: 'screenshots/sop-list.png', fullPage: true });

  await searchSops(page, SEARCH_WORD);
  await expect(page.getByTestId('sop-row')).toHaveCount(1);
  await expect(page.getByTestId('sop-row')).toContainText(TITLE);
  await searchSops(page, `zzqxv${stamp}`);
  await expect(page.getByText('No SOPs Found')).toBeVisible();
  await searchSops(page, '');

  const sidebar = page.getByRole('navigation', { name: 'Departments' });
  await sidebar.getByRole('button', { name: /^Deck/ }).click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Deck');
  await expect(page.getByTestId('sop-row').filter({ hasText: TITLE })).toBeVisible();
  await expect(page.getByTestId('sop-row').filter({ hasText: `Cabin Turnover ${stamp}` })).toHaveCount(0);
  await sidebar.getByRole('button', { name: /^Engine/ }).click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Engine');
  await expect(page.getByTestId('sop-row').filter({ hasText: `Engine Room Rounds ${stamp}` })).toBeVisible();
  await expect(page.getByTestId('sop-row').filter({ hasText: TITLE })).toHaveCount(0);
  // A second click on the selected department clears the filter.
  await sidebar.getByRole('button', { name: /^Engine/ }).click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('All Departments');

  // Sorting by title: first click ascending, then descending. Other journeys' titles end in
  // stamps one or two characters away from this one (the same clock), which search rightly
  // offers as typos: only this journey's rows are counted and ordered.
  await searchSops(page, stamp);
  const ours = page.getByTestId('sop-row').filter({ hasText: stamp });
  await expect(ours).toHaveCount(4);
  // Each click waits for the header to say its order: a second click landing while the first
  // one's answer redraws the table was lost once under load.
  const titleHeader = page.locator('th', { has: page.getByRole('button', { name: 'SOP Title' }) });
  await page.getByRole('button', { name: 'SOP Title' }).click();
  await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(ours.first()).toContainText(TITLE);
  await page.getByRole('button', { name: 'SOP Title' }).click();
  await expect(titleHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(ours.first()).toContainText(`Engine Room Rounds ${stamp}`);
});

test('the detail page shows the SOP and a preview of its PDF', async ({ page, signInAs }) => {
  await signInAs(E2E_USERS.user, '/documents');
  await searchSops(page, SEARCH_WORD);
  await page.getByTestId('sop-row').filter({ hasText: TITLE }).getByRole('cell').nth(1).click();
  await expect(page).toHaveURL(/\/sop\/\d+$/);
  await expect(page.getByRole('heading', { name: 'SOP Details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(page.getByTestId('sop-status')).toHaveText('DRAFT');
  await expect(page.getByText('How the bridge team keeps an anchor watch.')).toBeVisible();
  await expect(page.getByText('Navigation', { exact: true })).toBeVisible();
  await expect(page.getByText('anchoring', { exact: true })).toBeVisible();
  // The steps render from simple markdown: numbered lines become a list.
  await expect(page.getByRole('listitem').filter({ hasText: 'Call the master if the anchor drags.' })).toBeVisible();
  const attachment = page.getByTestId('attachment');
  await expect(attachment).toContainText('anchor-watch.pdf');
  // Its kind in words and its size at its own scale, never a MIME type or '0.00 MB'.
  await expect(attachment).toContainText(/PDF · \d+(\.\d)? KB/);
  await expect(attachment).not.toContainText('application/pdf');
  const preview = page.getByRole('img', { name: 'Preview of the first page of anchor-watch.pdf' });
  await expect(preview).toBeVisible({ timeout: 20_000 });
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // A plain user may not send the email template.
  await expect(page.getByRole('button', { name: 'Send Email' })).toHaveCount(0);
  await page.screenshot({ path: 'screenshots/sop-detail.png', fullPage: true });

  await page.goto('/sop/999999');
  await expect(page.getByText('SOP not found')).toBeVisible();
});

test('editing makes version 1.1 and History lists both versions', async ({ page, signInAs, toast }) => {
  await signInAs(E2E_USERS.user, '/documents');
  await searchSops(page, SEARCH_WORD);
  await page.getByRole('link', { name: TITLE }).click();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit SOP' })).toBeVisible();
  await expect(page.getByLabel('Title *')).toHaveValue(TITLE);
  await expect(page.getByLabel('Steps & Procedures *')).toHaveValue(/Take bearings every 15 minutes/);
  await page.getByLabel('Version Number').fill('1.1');
  await page.getByLabel('Changelog').fill('Bearings every 10 minutes in strong wind');
  await page.getByLabel('Steps & Procedures *').fill('1. Take bearings every 10 minutes in strong wind.\n2. Log wind and swell.');
  // The revised file replaces the old one: untick the carried-forward copy.
  const keepOld = page.getByRole('checkbox', { name: /anchor-watch\.pdf/ });
  await expect(keepOld).toBeChecked();
  await keepOld.uncheck();
  await page.getByLabel('Attachments').setInputFiles(await makePdf('anchor-watch-rev1.pdf', 'Anchor Watch rev. 1', ['Bearings every 10 minutes.']));
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(toast('SOP updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/documents$/);

  await searchSops(page, SEARCH_WORD);
  const row = page.getByTestId('sop-row').filter({ hasText: TITLE });
  await expect(row).toContainText('v1.1');
  await row.getByRole('button', { name: `History: ${TITLE}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Version History' });
  await expect(dialog.getByTestId('history-version')).toHaveCount(2);
  await expect(dialog.getByTestId('history-version').nth(0)).toContainText('v1.1');
  await expect(dialog.getByTestId('history-version').nth(0)).toContainText('Bearings every 10 minutes in strong wind');
  await expect(dialog.getByTestId('history-version').nth(1)).toContainText('v1.0');
  await expect(dialog.getByTestId('history-version').nth(1)).toContainText('Initial version');
  await expect(dialog).toContainText('Current version');
  await page.screenshot({ path: 'screenshots/sop-history-dialog.png' });
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  await row.getByRole('button', { name: `Preview: ${TITLE}` }).click();
  const preview = page.getByRole('dialog', { name: TITLE });
  await expect(preview).toContainText('Take bearings every 10 minutes in strong wind');
  await expect(preview).toContainText('Liam Murphy');
});

test('the SOP file downloads after a HEAD check', async ({ page, signInAs, toast }) => {
  await signInAs(E2E_USERS.user, '/documents');
  await searchSops(page, SEARCH_WORD);
  await page.getByRole('link', { name: TITLE }).click();
  await expect(page.getByTestId('attachment')).toContainText('anchor-watch-rev1.pdf');

  const head = page.waitForResponse((res) => res.request().method() === 'HEAD' && /\/api\/attachments\/\d+\/download$/.test(res.url()));
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const headResponse = await head;
  expect(headResponse.status()).toBe(200);
  expect(headResponse.headers()['content-disposition']).toContain('attachment');
  await expect(toast('Download started')).toBeVisible();

  const file = await page.request.get(new URL(headResponse.url()).pathname);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('application/pdf');
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('an approver withdraws the SOP in force with a reason; it leaves the list and stays in the archive', async ({
  page,
  signInAs,
  signOut,
  toast,
  baseURL,
}) => {
  // Approved first: a procedure that has been in force is withdrawn, never deleted.
  const author = await apiAs(baseURL!, E2E_USERS.user);
  const [mine] = (await (await author.get(`/api/sops?search=${encodeURIComponent(SEARCH_WORD)}`)).json()) as { id: number }[];
  await publishSop(author, await apiAs(baseURL!, E2E_USERS.approver), mine.id, TITLE);
  await signInAs(E2E_USERS.user, '/documents');
  await searchSops(page, SEARCH_WORD);
  await expect(page.getByTestId('sop-row')).toHaveCount(1);
  // Plain users are offered neither Withdraw nor Delete.
  await expect(page.getByRole('button', { name: `Withdraw: ${TITLE}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Delete: ${TITLE}` })).toHaveCount(0);
  await signOut();

  await signInAs(E2E_USERS.approver, '/documents');
  await searchSops(page, SEARCH_WORD);
  // A procedure that has been in force is never destroyed: Withdraw takes Delete's place.
  await expect(page.getByRole('button', { name: `Delete: ${TITLE}` })).toHaveCount(0);
  await page.getByRole('button', { name: `Withdraw: ${TITLE}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Every version, file, signature and attestation is kept in the archive.');
  await confirm.getByRole('button', { name: 'Withdraw' }).click();
  await expect(confirm.getByText('Give a reason for withdrawing this SOP.')).toBeVisible();
  await confirm.getByLabel('Reason for withdrawal').fill('Replaced by the fleet-wide procedure.');
  await confirm.getByRole('button', { name: 'Withdraw' }).click();
  await expect(toast('SOP withdrawn; it is kept in the archive')).toBeVisible();
  await expect(page.getByText('No SOPs Found')).toBeVisible();
  const list = await page.request.get(`/api/sops?search=${encodeURIComponent(SEARCH_WORD)}`);
  expect(((await list.json()) as unknown[]).length).toBe(0);

  await page.getByLabel('Withdrawn (archive)').check();
  await expect(page.getByTestId('sop-row')).toHaveCount(1);
  await page.getByTestId('sop-row').getByText(TITLE).click();
  await expect(page.getByTestId('withdrawn-banner')).toContainText('Reason: Replaced by the fleet-wide procedure.');
});

test('the upload dialog turns one file into an SOP, which is submitted, approved and downloaded from the list', async ({ page, signInAs, signOut, toast }) => {
  const title = `Galley Hygiene Upload ${stamp}`;
  await signInAs(E2E_USERS.user, '/documents');
  await page.getByRole('button', { name: 'Upload SOP File' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload New SOP' });
  const submit = dialog.getByRole('button', { name: 'Upload SOP' });
  await expect(submit).toBeDisabled();

  await dialog.getByLabel('File *').setInputFiles({ name: 'galley.zip', mimeType: 'application/zip', buffer: Buffer.from('PK\u0003\u0004') });
  await expect(toast('Invalid file type')).toBeVisible();
  await expect(submit).toBeDisabled();

  await dialog.getByLabel('File *').setInputFiles(await makePdf('galley-hygiene.pdf', 'Galley Hygiene', ['Wash, rinse, sanitise.']));
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Department is required')).toBeVisible();
  await dialog.getByLabel('Title *').fill(title);
  await dialog.getByLabel('Department *').click();
  await page.getByRole('option', { name: 'Food & Beverage' }).click();
  await page.screenshot({ path: 'screenshots/sop-upload-dialog.png' });
  await submit.click();
  await expect(toast('SOP uploaded successfully to database!')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await searchSops(page, title);
  const row = page.getByTestId('sop-row').filter({ hasText: title });
  await expect(row).toContainText('Food & Beverage');
  await expect(row.getByRole('button', { name: `Download: ${title}` })).toHaveCount(0);
  await row.getByRole('button', { name: `Submit for Approval: ${title}` }).click();
  await expect(toast('SOP submitted for approval successfully')).toBeVisible();
  await expect(row).toContainText('Submitted');
  await expect(row.getByRole('button', { name: `Approve: ${title}` })).toHaveCount(0);
  await signOut();

  await signInAs(E2E_USERS.approver, '/documents');
  await searchSops(page, title);
  await row.getByRole('button', { name: `Approve: ${title}` }).click();
  await page
    .getByRole('alertdialog', { name: /Approve/ })
    .getByRole('button', { name: 'Confirm approval' })
    .click();
  await expect(toast('Approved: this version is now in force')).toBeVisible();
  await expect(row).toContainText('In force · v1.0 · approved ');

  const head = page.waitForResponse((res) => res.request().method() === 'HEAD' && res.url().includes('/api/attachments/'));
  await row.getByRole('button', { name: `Download: ${title}` }).click();
  expect((await head).status()).toBe(200);
  await expect(toast('Download started')).toBeVisible();
  await expect(page.getByText('galley-hygiene.pdf', { exact: true }).first()).toBeVisible();
});

test('the list as an approver: every status with its label, and the admin actions', async ({ page, signInAs }) => {
  await signInAs(E2E_USERS.approver);
  const res = await page.request.get(`/api/sops?search=${encodeURIComponent(`Bunkering Checklist ${stamp}`)}`);
  const [bunkering] = (await res.json()) as { id: number }[];
  expect((await page.request.post(`/api/sops/${bunkering.id}/submit`)).status()).toBe(200);

  await page.goto('/documents');
  await searchSops(page, stamp);
  // Only this journey's rows: search rightly offers other journeys' near stamps as typos.
  const rows = page.getByTestId('sop-row').filter({ hasText: stamp });
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: `Bunkering Checklist ${stamp}` })).toContainText('Submitted');
  await expect(rows.filter({ hasText: `Galley Hygiene Upload ${stamp}` })).toContainText('In force · v1.0');

  // 'No approved version' leaves out the published one.
  await page.getByLabel('No approved version').check();
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: `Galley Hygiene Upload ${stamp}` })).toHaveCount(0);
  await page.getByLabel('No approved version').uncheck();

  // The status filter asks the server.
  await page.getByLabel('Status').click();
  await page.getByRole('option', { name: 'Published' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`Galley Hygiene Upload ${stamp}`);
  await page.getByLabel('Status').click();
  await page.getByRole('option', { name: 'All Statuses' }).click();
  await expect(rows).toHaveCount(4);
  await page.screenshot({ path: 'screenshots/sop-list-approver.png', fullPage: true });
});
