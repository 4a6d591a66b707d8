import { expect, test } from './support/fixtures';
import type { VesselDocument } from '../common/contracts/fleet';
import type { Review } from '../common/contracts/reviews';
import type { AdminUser } from '../common/contracts/users';
import { type NatsServer, startHub, startShipNats } from '../server/src/test/fleet/nats-servers';
import { expectNoSeriousA11yViolations, navigateByMenu, VIEWPORTS } from './support/a11y';
import { appContext, fleetApps, patiently, shootAtWidths, up } from './support/fleet-apps';
import { apiAs, createSop, publishSop } from './support/seed';
import { signIn } from './support/session';
import { E2E_USERS } from './support/users';

// The master's review (decision 080) over a real fleet link: an office app and a ship's copy with
// their NATS servers, started here. The master (the approver, assigned to the vessel) fills and
// signs the review on board at 820 px; it reaches the office, which answers its findings; the
// answers come back on board.
test.describe.configure({ mode: 'serial' });
test.setTimeout(300_000);

const apps = fleetApps('sop-review-e2e');
const OFFICE = `http://127.0.0.1:${apps.e2ePort + 64}`;
const SHIP = `http://127.0.0.1:${apps.e2ePort + 65}`;
const VESSEL = 'AURORA';
const VESSEL_NAME = 'Aurora Borealis of the Northern Seas';
const { admin: ADMIN, approver: MASTER } = E2E_USERS;
const TITLE = 'Enclosed Space Entry';

let hub: NatsServer;
let shipNats: NatsServer;

const shoot = shootAtWidths;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  hub = await startHub();
  shipNats = await startShipNats(VESSEL, hub.leafUrl!);
  apps.start('office', apps.e2ePort + 64, { NATS_URL: hub.url }, true);
  apps.start('ship', apps.e2ePort + 65, { NATS_URL: shipNats.url, VESSEL }, false);
  await expect.poll(() => up(OFFICE), patiently('the office app is up', 180_000)).toBe(true);
  await expect.poll(() => up(SHIP), patiently('the ship app is up', 180_000)).toBe(true);

  // Ashore: the vessel is registered, the approver is its master, and a procedure is published
  // (its receipt from the ship says the people have arrived on board: records travel in order).
  const admin = await apiAs(OFFICE, ADMIN);
  expect((await admin.post('/api/admin/vessels', { data: { code: VESSEL, name: VESSEL_NAME } })).status()).toBe(201);
  const master = ((await (await admin.get('/api/admin/users')).json()) as AdminUser[]).find((u) => u.username === MASTER.username)!;
  expect((await admin.patch(`/api/admin/users/${master.id}`, { data: { vesselCodes: [VESSEL] } })).ok()).toBe(true);
  const approver = await apiAs(OFFICE, MASTER);
  const sopId = await createSop(admin, TITLE, 'Deck', '1. Ventilate\n2. Test the atmosphere\n3. Enter with a standby person');
  await publishSop(admin, approver, sopId, TITLE);
  await approver.dispose();
  await expect
    .poll(async () => {
      const res = await admin.get(`/api/fleet/vessels/${VESSEL}/documents`);
      return res.ok() ? ((await res.json()) as VesselDocument[]).find((d) => d.sopId === sopId)?.state : res.status();
    }, patiently('the procedure on board, as the office hears it'))
    .toBe('current');
  await admin.dispose();
});

test.afterAll(async () => {
  apps.stop();
  await shipNats?.dispose();
  await hub?.dispose();
});

test('the master at 820 px fills and signs the review on board; the office answers; the answers reach the ship', async ({ browser }) => {
  const ctx = await appContext(browser, SHIP, VIEWPORTS[1]);
  const page = await ctx.newPage();
  await signIn(page, MASTER);
  await navigateByMenu(page, "Master's review");
  await expect(page.getByRole('heading', { name: "Master's review", level: 1 })).toBeVisible();
  await expect(page.getByText("No signed master's review is on record for this vessel.")).toBeVisible();
  await page.getByRole('button', { name: "Start this year's review" }).click();

  const draft = page.getByRole('form', { name: "Master's review draft" });
  await expect(draft.getByText('1. Safety and environmental policy')).toBeVisible();
  await draft
    .getByLabel("Is the company's safety and environmental protection policy known to the crew and put into practice on board?")
    .fill('Yes: it is posted in the mess rooms and discussed at every safety committee.');
  await draft
    .getByLabel('Were drills held as planned, and were their lessons recorded and acted on?')
    .fill('All drills held; the lessons are in the drill log.');
  await draft.getByRole('button', { name: 'Add a finding' }).click();
  await draft.getByLabel('Finding 1').fill('The enclosed space entry permit does not name the gas detector in use on board.');
  await draft.getByRole('button', { name: 'Add a finding' }).click();
  await draft.getByLabel('Finding 2').fill('Two rescue harnesses are due for replacement.');
  await draft.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Review saved as a draft').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'master review draft 820');
  await shoot(page, 'masters-review-draft');

  // Signing asks for the password; a wrong one is said in the dialog and signs nothing.
  await draft.getByRole('button', { name: 'Sign review' }).click();
  const dialog = page.getByRole('dialog', { name: "Sign the master's review" });
  await dialog.getByLabel('Your password (signature)').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Sign review' }).click();
  await expect(dialog.getByText('The signature could not be verified')).toBeVisible();
  await dialog.getByLabel('Your password (signature)').fill(MASTER.password);
  await dialog.getByRole('button', { name: 'Sign review' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Signed .+ by Maria Santos$/)).toBeVisible();
  await expect(draft).toHaveCount(0);
  await expect(page.getByText('Not answered by the office yet')).toHaveCount(2);

  // Ashore: it arrives, and the office answers each finding.
  const office = await apiAs(OFFICE, ADMIN);
  const reviews = async () => (await (await office.get(`/api/fleet/vessels/${VESSEL}/reviews`)).json()) as Review[];
  await expect.poll(async () => (await reviews()).length, patiently('the review ashore')).toBe(1);
  const [review] = await reviews();
  expect(review.signedBy).toBe('Maria Santos');
  const [permit, harnesses] = review.findings;
  expect(
    (
      await office.put(`/api/reviews/${review.id}/findings/${permit.id}`, {
        data: { answer: 'accepted', action: 'Add the detector to the permit form.', dueOn: '2027-03-31' },
      })
    ).ok(),
  ).toBe(true);
  expect((await office.put(`/api/reviews/${review.id}/findings/${harnesses.id}`, { data: { answer: 'noted', note: 'Ordered for the next port.' } })).ok()).toBe(
    true,
  );
  await office.dispose();

  // On board the master reads the answers. Each answer crosses to the ship on its own, so the
  // page is read again until both are there (in CI the first once came while the second had not).
  await expect
    .poll(async () => {
      await page.reload();
      // Counted once the signed review is on the screen again, not while it is still loading.
      await page.getByRole('heading', { name: 'Findings' }).first().waitFor();
      return [await page.getByText(/^Accepted by .+: to be done by /).count(), await page.getByText(/^Noted by /).count()];
    }, patiently('the answers on board'))
    .toEqual([1, 1]);
  await expect(page.getByText('Not answered by the office yet')).toHaveCount(0);
  await expect(page.getByText('Add the detector to the permit form.')).toBeVisible();
  await expect(page.getByText('Ordered for the next port.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'master review answered 820');
  await shoot(page, 'masters-review-answered-on-board');
  await ctx.close();

  // The office's Fleet page shows the vessel's last review.
  const officeCtx = await appContext(browser, OFFICE, VIEWPORTS[0]);
  const officePage = await officeCtx.newPage();
  await signIn(officePage, ADMIN);
  await officePage.goto('/fleet');
  const card = officePage.getByRole('list', { name: 'Vessels' }).getByRole('listitem').filter({ hasText: VESSEL_NAME });
  await expect(card.getByText("Master's review", { exact: true })).toBeVisible();
  await expect(card.getByText('None on record')).toHaveCount(0);
  await shoot(officePage, 'masters-review-fleet');
  await card.getByRole('link', { name: /Master's reviews/ }).click();
  await expect(officePage.getByText('Add the detector to the permit form.')).toBeVisible();
  await shoot(officePage, 'masters-review-office');
  await officeCtx.close();
});
