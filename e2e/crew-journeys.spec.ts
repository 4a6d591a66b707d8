import { expect, test } from './support/fixtures';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, signedInAt, VIEWPORTS } from './support/a11y';
import { apiAs, createSop, publishSop } from './support/seed';
import { E2E_USERS } from './support/users';
import { attestButton, attestOnPage } from './support/attest';
import { toast } from './support/toast';

// The crew's own journeys: a reader attesting on a phone, an admin managing users on a tablet,
// a list that survives Back and reload, work that is not lost silently, a session that ends.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const READ = `Enclosed Space Entry ${stamp}`;
const phone = VIEWPORTS.find((v) => v.name === 'phone')!;
const tablet = VIEWPORTS.find((v) => v.name === 'tablet')!;

test.beforeAll(async ({ baseURL }) => {
  const crew = await apiAs(baseURL!, E2E_USERS.user);
  const approver = await apiAs(baseURL!, E2E_USERS.approver);
  const id = await createSop(
    crew,
    READ,
    'Engine',
    '# Purpose\nNobody enters a tank alone.\n\n## Steps\n1. Ventilate\n2. Test the atmosphere\n3. Post a watch at the entrance',
  );
  await publishSop(crew, approver, id, READ);
  // Enough SOPs for a second page of the list (50 a page).
  for (let i = 1; i <= 51; i += 1) await createSop(crew, `Checklist ${String(i).padStart(2, '0')} ${stamp}`, 'Deck', `Step ${i}`);
  await crew.dispose();
  await approver.dispose();
});

test('a reader on a phone finds the procedure, sees the version in force first and attests', async ({ browser }) => {
  const { context, page } = await signedInAt(browser, phone, E2E_USERS.user2, 'Procedures');
  // Search comes before the departments, which fold away.
  const search = page.getByPlaceholder('Search SOPs...');
  await expect(search).toBeInViewport();
  await search.fill(READ);
  const card = page.getByTestId('sop-card').filter({ hasText: READ });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('In force · v1.0 · approved ');
  await expectNoSeriousA11yViolations(page, 'phone procedures search');
  await card.getByRole('link', { name: READ }).click();

  await expect(page).toHaveTitle(`${READ} · SOP Harbor`);
  // The procedure has no files: attesting is offered at once, after the procedure (issue 23: the
  // reader reads first; it used to sit above the fold, before the content).
  const attest = attestButton(page, '1.0', READ);
  await expect(attest).toBeVisible();
  const above = async (upper: string, lower: string) => (await page.getByTestId(upper).boundingBox())!.y < (await page.getByTestId(lower).boundingBox())!.y;
  expect(await above('sop-content', 'read-and-attest')).toBe(true);
  await expect(page.getByTestId('sop-status')).toContainText('In force · v1.0 · approved ');
  await expectNoSeriousA11yViolations(page, 'phone SOP page before attesting');
  await expectNoSidewaysScroll(page, 'phone SOP page');
  await attestOnPage(page);
  const done = toast(page, 'Your attestation has been recorded');
  await expect(done).toBeVisible();
  await expect(page.getByTestId('attested-by-me')).toContainText('You attested version 1.0 on');
  // The toast sits at the bottom edge, clear of the panel that raised it.
  const panel = (await page.getByTestId('attested-by-me').boundingBox())!;
  const note = (await done.boundingBox())!;
  expect(note.y >= panel.y + panel.height || note.y + note.height <= panel.y).toBe(true);
  await expectNoSeriousA11yViolations(page, 'phone SOP page after attesting');

  await page.getByRole('link', { name: 'Back to Procedures' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/documents\\?q=${encodeURIComponent(READ).replace(/%20/g, '(\\+|%20)')}`));
  await expect(search).toHaveValue(READ);
  await context.close();
});

test('an admin on a tablet creates a user and deactivates them, with focus and axe checks on the way', async ({ browser }) => {
  const { context, page } = await signedInAt(browser, tablet, E2E_USERS.admin, 'Admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Administration Center' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'tablet admin');

  const username = `deckhand${stamp}`;
  await page.getByRole('button', { name: 'Create User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create User' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'tablet Create User dialog');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
  await dialog.getByLabel('Confirm Password').fill('a-long-enough-password');
  await dialog.getByLabel('First Name').fill('Ana');
  await dialog.getByLabel('Last Name').fill('Costa');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(toast(page, 'User created successfully')).toBeVisible();

  const users = page.getByRole('list', { name: 'Users' });
  await expect(users).toContainText(username);
  await expectNoSeriousA11yViolations(page, 'tablet admin users as cards');
  const remove = users.getByRole('button', { name: 'Delete user Ana Costa' });
  await remove.click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'tablet deactivate user dialog');
  await page.keyboard.press('Escape');
  await expect(remove).toBeFocused();
  await remove.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'User deleted successfully')).toBeVisible();
  await expect(users).not.toContainText(username);
  await context.close();
});

test('the list keeps its search, status, sort and page through Back, reload and a shared link', async ({ page, signInAs }) => {
  await signInAs('user');
  await page.goto('/documents');
  await page.getByPlaceholder('Search SOPs...').fill(`Checklist`);
  await expect(page).toHaveURL(/q=Checklist/);
  await page.getByRole('button', { name: /SOP Title/ }).click();
  await expect(page.getByText(/^Showing 1–50 of \d+$/)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  // The address changes as the button is pressed; the rows once the second page has arrived.
  await expect(page.getByText(/^Showing 51–/)).toBeVisible();
  const url = page.url();
  const row = page.getByTestId('sop-row').first();
  const title = (await row.getByRole('link').textContent())!;

  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(url);
  await expect(page.getByText(/^Showing 51–/)).toBeVisible();
  await expect(page.getByPlaceholder('Search SOPs...')).toHaveValue('Checklist');

  await page.reload();
  await expect(page.getByText(/^Showing 51–/)).toBeVisible();
  await expect(page.locator('th').filter({ hasText: 'SOP Title' })).toHaveAttribute('aria-sort', 'ascending');

  // A shared link opens the same list in a fresh tab.
  const other = await page.context().newPage();
  await other.goto(url);
  await expect(other.getByText(/^Showing 51–/)).toBeVisible();
  await expect(other.getByTestId('sop-row').first()).toContainText(title);
  await other.close();
});

test('a filled SOP form asks before a header tab throws the work away', async ({ page, signInAs }) => {
  await signInAs('user');
  await page.goto('/sop/new');
  await page.getByLabel('Title *').fill('Half-written procedure');
  page.once('dialog', (dialog) => dialog.dismiss());
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Itinerary' }).click();
  await expect(page).toHaveURL(/\/sop\/new$/);
  await expect(page.getByLabel('Title *')).toHaveValue('Half-written procedure');
  page.once('dialog', (dialog) => dialog.accept());
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Itinerary' }).click();
  await expect(page).toHaveURL(/\/itinerary$/);
});

test('a session that ends mid-action gives the Unauthorized toast and the sign-in screen, for reads and writes alike', async ({ page, signInAs, toast }) => {
  await signInAs('approver');
  await page.goto(`/documents?q=${encodeURIComponent('Checklist 01')}`);
  const submit = page.getByRole('button', { name: `Submit for Approval: Checklist 01 ${stamp}` });
  await expect(submit).toBeVisible();
  // The session ends elsewhere (another tab signs out).
  await page.request.post('/api/logout');
  await submit.click();
  await expect(toast('Unauthorized')).toBeVisible();
  await expect(page.getByText('Error', { exact: true })).toHaveCount(0);
  await expect(page).toHaveURL(/\/auth$/);

  // A read: the next list query after the session ended elsewhere.
  await signInAs('approver');
  await page.goto('/documents');
  await expect(page.getByTestId('sop-row').first()).toBeVisible();
  await page.request.post('/api/logout');
  await page.getByPlaceholder('Search SOPs...').fill('Enclosed');
  await expect(toast('Unauthorized')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});
