import { expect, type Page } from '@playwright/test';

/** The SOP page's Read & Attest card. */
export const attestCard = (page: Page) => page.getByTestId('read-and-attest');

/** The card's button, offered once every file of the version in force is opened. */
export const attestButton = (page: Page, versionNumber?: string, title?: string) =>
  attestCard(page).getByRole('button', {
    name: versionNumber && title ? `I have read and understood version ${versionNumber} of ${title}` : /^I have read and understood version /,
  });

/** Opens one file of the SOP page the way the page offers it now (its download), closing the tab the download opens. */
export async function openFile(page: Page, name: string) {
  const opened = page
    .context()
    .waitForEvent('page', { timeout: 5_000 })
    .catch(() => null);
  await page.getByRole('button', { name: `Download ${name}`, exact: true }).click();
  (await opened)?.close();
}

/** Opens every file the card lists as not opened yet. */
export async function openEveryFile(page: Page) {
  for (const name of await page.getByTestId('attachment').locator('p.truncate').allTextContents()) await openFile(page, name);
}

/** Attests on the SOP page: opens the files, presses the card's button and confirms in the dialog. */
export async function attestOnPage(page: Page) {
  await openEveryFile(page);
  await attestButton(page).click();
  const dialog = page.getByRole('alertdialog', { name: 'Confirm your attestation' });
  await dialog.getByRole('button', { name: 'Attest', exact: true }).click();
  await expect(dialog).toBeHidden();
}
