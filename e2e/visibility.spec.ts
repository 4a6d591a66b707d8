import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll, signedInAt, VIEWPORTS } from './support/a11y';
import { apiAs, createSop, publishSop } from './support/seed';
import { E2E_USERS } from './support/users';

// A crew member works from the versions in force: another person's draft is nowhere to be
// seen (list, search, or its address typed in), and a procedure with a revision in progress
// says which version is in force.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const DRAFT = `Bilge Pumping Konstantinos Papadopoulos-Andersson ${stamp}`;
const REVISED = `Lifeboat Lowering ${stamp}`;
const phone = VIEWPORTS.find((v) => v.name === 'phone')!;
let draftId = 0;
let revisedId = 0;

test.beforeAll(async ({ baseURL }) => {
  const steward = await apiAs(baseURL!, E2E_USERS.user2);
  const approver = await apiAs(baseURL!, E2E_USERS.approver);
  draftId = await createSop(steward, DRAFT, 'Engine', '# Purpose\nPump the bilges before they flood.\n\n## Steps\n1. Start the bilge pump');
  revisedId = await createSop(
    steward,
    REVISED,
    'Deck',
    '# Purpose\nLower the lifeboat safely.\n\n## Steps\n1. Remove the gripes\n2. Lower to the embarkation deck',
  );
  await publishSop(steward, approver, revisedId, REVISED);
  const revision = await steward.post(`/api/sops/${revisedId}/versions`, {
    data: { versionNumber: '1.1', content: '# Purpose\nLower the lifeboat safely.\n\n## Steps\n1. Remove the gripes\n2. Check the hydrostatic release' },
  });
  expect(revision.status()).toBe(201);
  await steward.dispose();
  await approver.dispose();
});

test('a crew member on a phone never sees another person’s draft, and reads the version in force', async ({ browser }) => {
  const { context, page } = await signedInAt(browser, phone, E2E_USERS.user, 'Procedures');
  // Procedures first: the first card is on the first screen, the authoring actions under the list.
  const firstCard = page.getByTestId('sop-card').first();
  await expect(firstCard).toBeInViewport();
  const newSop = page.getByRole('link', { name: 'New SOP' });
  expect((await newSop.boundingBox())!.y).toBeGreaterThan((await firstCard.boundingBox())!.y);
  await expectNoSidewaysScroll(page, 'phone procedures');

  const search = page.getByPlaceholder('Search SOPs...');
  await search.fill(stamp);
  const cards = page.getByTestId('sop-card').filter({ hasText: stamp });
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(REVISED);
  const status = cards.getByTestId('sop-status');
  await expect(status).toContainText('In force · v1.0 · approved ');
  await expect(cards.getByTestId('sop-revision')).toHaveCount(0);
  await expect(cards).not.toContainText('Draft');

  // Searching for the draft's words finds nothing.
  await search.fill('bilge pump');
  await expect(page.getByText('No SOPs Found')).toBeVisible();

  // Its address typed in: the not-found screen.
  await page.goto(`/sop/${draftId}`);
  await expect(page.getByRole('heading', { name: 'SOP not found' })).toBeVisible();
  await expect(page.getByText(DRAFT)).toHaveCount(0);

  // The revised procedure: the version in force, with no sign of the revision.
  await page.goto(`/sop/${revisedId}`);
  await expect(page.getByRole('heading', { name: REVISED })).toBeVisible();
  await expect(page.getByTestId('sop-status')).toContainText('In force · v1.0 · approved ');
  await expect(page.getByTestId('sop-revision')).toHaveCount(0);
  await expect(page.getByText('Lower to the embarkation deck')).toBeVisible();
  await expect(page.getByText('Check the hydrostatic release')).toHaveCount(0);
  await expectNoSidewaysScroll(page, 'phone SOP page');
  await page.screenshot({ path: 'screenshots/visibility-crew-sop-390.png', fullPage: true });
  await context.close();
});

test('the owner sees the revision in progress under the version in force', async ({ browser }) => {
  const { context, page } = await signedInAt(browser, phone, E2E_USERS.user2, 'Procedures');
  await page.goto(`/sop/${revisedId}`);
  await expect(page.getByTestId('sop-status')).toContainText('In force · v1.0 · approved ');
  await expect(page.getByTestId('sop-revision')).toContainText('Revision v1.1 in progress');
  await expectNoSidewaysScroll(page, 'phone SOP page of the owner');
  await context.close();
});
