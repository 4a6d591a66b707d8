import { expect, test } from './support/fixtures';
import { openSendEmail } from './support/journeys';

test('an approver opens the email template for an SOP', async ({ page, signInAs }) => {
  await signInAs('approver');
  const title = `Fire Round ${Date.now().toString(36)}`;
  const { dialog } = await openSendEmail(page, title, '1. Walk every deck.');
  await expect(dialog.getByLabel('Recipients')).toBeVisible();
  await expect(dialog.getByLabel('Subject')).toHaveValue(new RegExp(title));
  await expect(dialog.getByLabel('Message')).toHaveAttribute('rows', '12');
  // One version: the template announces a new SOP.
  await expect(dialog.getByLabel('Message')).toHaveValue(/new/i);
  await dialog.getByLabel('Recipients').fill('bridge@ship.example, master@ship.example');
  await dialog.getByRole('button', { name: 'Open Email Client' }).click();
  await expect(page.getByText('Email template opened', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Your default email client should open with the template', { exact: true }).first()).toBeVisible();
});
