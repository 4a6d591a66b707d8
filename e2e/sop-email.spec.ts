import { expect, test } from './support/fixtures';
import type { Department } from '../common/contracts/departments';

test('an approver opens the email template for an SOP', async ({ page, signInAs }) => {
  await signInAs('approver');
  const departments: Department[] = await (await page.request.get('/api/departments')).json();
  const deck = departments.find((d) => d.name === 'Deck')!;
  const title = `Fire Round ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/sops', { data: { title, departmentId: deck.id, content: '1. Walk every deck.' } });
  expect(created.status()).toBe(201);
  const sop = await created.json();

  await page.goto(`/sop/${sop.id}`);
  await page.getByRole('button', { name: 'Send Email' }).click();
  const dialog = page.getByRole('dialog');
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
