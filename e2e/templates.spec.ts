import { expectNoSidewaysScroll } from './support/a11y';
import { expect, test } from './support/fixtures';

// SOP templates: an admin keeps one (its list at 1366 px), an approver starts an SOP from it at
// 820 px (content, category and tags filled; what they typed before is replaced only after
// they agree), and the Templates card counts that real use; at 390 px the dialog fits.
const stamp = Date.now().toString(36);
const NAME = `Mooring Checklist ${stamp}`;
const TITLE = `Mooring at Piraeus ${stamp}`;
const CONTENT = `## Mooring lines\n\n1. Check every line for chafe before arrival (${stamp}).\n2. Report worn lines to the bosun.`;

test('a template kept by an admin starts an SOP, and the card counts that use', async ({ page, apiAs, signInAs, signOut, toast }) => {
  const admin = await apiAs('admin');
  const made = await admin.post('/api/templates', { data: { name: NAME, content: CONTENT, category: 'Deck operations', tags: ['mooring', 'arrival'] } });
  expect(made.status(), await made.text()).toBe(201);
  const templateId = (await made.json()).id as number;

  try {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs('admin', '/admin');
    await page.getByRole('button', { name: 'Manage Templates' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Templates' });
    await expect(dialog.getByRole('listitem', { name: NAME })).toContainText('Deck operations');
    await page.keyboard.press('Escape');
    await signOut();

    await page.setViewportSize({ width: 820, height: 1100 });
    await signInAs('approver', '/sop/new');
    await expect(page.getByRole('heading', { name: 'Create New SOP' })).toBeVisible();
    await page.getByLabel('Title *').fill(TITLE);
    await page.getByLabel('Category').fill('Something of my own');
    // What the approver typed is only replaced once they agree.
    page.once('dialog', (question) => {
      expect(question.message()).toContain("Replace the content, category and tags you have entered with the template's?");
      void question.accept();
    });
    await page.getByLabel('Start from a template').click();
    await page.getByRole('option', { name: NAME }).click();
    await expect(page.getByLabel('Steps & Procedures *')).toHaveValue(CONTENT);
    await expect(page.getByLabel('Category')).toHaveValue('Deck operations');
    await expect(page.getByLabel('Title *')).toHaveValue(TITLE);
    await page.getByLabel('Department *').click();
    await page.getByRole('option', { name: 'Deck', exact: true }).click();
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(toast('SOP created successfully')).toBeVisible();

    const templates = (await (await admin.get('/api/templates')).json()) as { id: number; useCount: number }[];
    expect(templates.find((t) => t.id === templateId)?.useCount).toBe(1);
    await signOut();

    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs('admin', '/admin');
    await expect(page.getByRole('region', { name: 'Templates' })).toContainText(NAME);
    await page.getByRole('button', { name: 'Manage Templates' }).click();
    await expect(page.getByRole('dialog', { name: 'Manage Templates' }).getByRole('listitem', { name: NAME })).toContainText('1 SOP');
    await expectNoSidewaysScroll(page, 'Manage Templates, 390 px');
  } finally {
    await admin.delete(`/api/templates/${templateId}`);
  }
});
