import { expect, type Page } from '@playwright/test';

/** The SOP page's Read & Attest card. */
export const attestCard = (page: Page) => page.getByTestId('read-and-attest');

/** The card's button, offered once every file of the version in force is opened. */
export const attestButton = (page: Page, versionNumber?: string, title?: string) =>
  attestCard(page).getByRole('button', {
    name: versionNumber && title ? `I have read and understood version ${versionNumber} of ${title}` : /^I have read and understood version /,
  });

/**
 * The card's line for one file of the version ('<name> · opened' or '… · not opened yet'). By
 * test id, not role: while the reader is open the page behind it is hidden from the accessibility tree.
 */
export const fileLine = (page: Page, name: string) => attestCard(page).getByTestId('attest-files').locator('li').filter({ hasText: name });

/**
 * Opens one file of the SOP page in the document reader, waits until the card counts it as
 * opened (the reader has drawn it) and closes the reader with Escape.
 */
export async function openFile(page: Page, name: string) {
  await page.getByRole('button', { name: `Read ${name}`, exact: true }).click();
  const reader = page.getByRole('dialog', { name });
  await expect(reader).toBeVisible();
  await expect(fileLine(page, name)).toHaveText(/· opened$/);
  await page.keyboard.press('Escape');
  await expect(reader).toBeHidden();
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
