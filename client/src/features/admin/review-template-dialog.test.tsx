import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReviewTemplate } from '@common/contracts/reviews';
import { queryClient } from '@/lib/query-client';
import { asked, bodiesOf, network } from '@/test/network';
import { renderScreen, settled, signedIn } from '@/test/render';
import { ReviewTemplateControl } from './review-template-dialog';

const kept: ReviewTemplate = {
  sections: [
    { title: 'Policy', questions: [{ text: 'Is the policy posted?' }, { text: 'Do the crew know it?' }] },
    { title: 'Emergency preparedness', questions: [{ text: 'Were drills held as planned?' }] },
  ],
  updatedAt: '2026-11-20T09:30:00.000Z',
  updatedBy: 'Ingrid Admin',
};
const PUT = 'PUT /api/admin/review-template';

function open(template: ReviewTemplate = kept) {
  network.use(http.get('/api/review-template', () => HttpResponse.json(template)));
  renderScreen('/admin', <ReviewTemplateControl />, queryClient);
  press("Master's Review Template");
}

/*
 * Fields and buttons are found by the words a person reads, by hand: Testing Library's queries
 * by label and role take seconds each over the fifty fields of a full template.
 */
function field(label: string) {
  const { htmlFor } = screen.getByText(label, { selector: 'label' }) as HTMLLabelElement;
  return document.getElementById(htmlFor) as HTMLInputElement | HTMLTextAreaElement;
}
const button = (name: string) =>
  (document.querySelector(`button[aria-label="${name}"]`) ?? screen.getByText(name, { selector: 'button' })) as HTMLButtonElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const press = (name: string) => fireEvent.click(button(name));
const shown = (label: string) => waitFor(() => field(label));

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe("the master's review template", () => {
  it('shows the template as kept, sends every edit as the contract reads it, and reads it again once saved', async () => {
    signedIn(queryClient, 'admin');
    // The server keeps what it is sent, and answers it from then on.
    let current = kept;
    network.use(
      http.get('/api/review-template', () => HttpResponse.json(current)),
      http.put('/api/admin/review-template', async ({ request }) => {
        current = { ...((await request.json()) as Pick<ReviewTemplate, 'sections'>), updatedAt: '2026-11-29T16:00:00.000Z', updatedBy: 'Olav Office' };
        return HttpResponse.json(current);
      }),
    );
    renderScreen('/admin', <ReviewTemplateControl />, queryClient);
    press("Master's Review Template");
    expect((await shown('Title of section 1')).value).toBe('Policy');
    expect(field('Question 1.2').value).toBe('Do the crew know it?');
    expect(field('Title of section 2').value).toBe('Emergency preparedness');
    expect(screen.getByText(/Last changed .*2026.* by Ingrid Admin/)).toBeTruthy();
    expect(screen.getByText(/Reviews already started keep the questions they started with/)).toBeTruthy();
    // The last question of a section and the last section cannot go; the first cannot move up.
    expect(button('Remove question 2.1').disabled).toBe(true);
    expect(button('Move section 1 up').disabled).toBe(true);

    type('Question 1.1', 'Is the policy posted in the mess?');
    press('Remove question 1.2');
    press('Add a section');
    type('Title of section 3', 'Crew welfare');
    type('Question 3.1', 'Are rest hours kept?');
    press('Add a question to section 3');
    type('Question 3.2', 'Is the food good?');
    press('Move question 3.2 up');
    press('Move section 3 up');
    press('Save Template');

    await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    expect(await bodiesOf(PUT)).toEqual([
      {
        sections: [
          { title: 'Policy', questions: [{ text: 'Is the policy posted in the mess?' }] },
          { title: 'Crew welfare', questions: [{ text: 'Is the food good?' }, { text: 'Are rest hours kept?' }] },
          { title: 'Emergency preparedness', questions: [{ text: 'Were drills held as planned?' }] },
        ],
      },
    ]);
    expect(await screen.findByText('Template saved: each ship receives it with its next update')).toBeTruthy();
    // Opened again, the form starts from the template kept, read afresh.
    press("Master's Review Template");
    await waitFor(() => expect(screen.getByText(/Last changed .* by Olav Office/)).toBeTruthy());
    expect(field('Title of section 2').value).toBe('Crew welfare');
    expect(field('Question 2.1').value).toBe('Is the food good?');
    expect(asked().filter((line) => line === 'GET /api/review-template')).toHaveLength(2);
  });

  it("refuses what the contract refuses before sending, in the contract's words beside the field", async () => {
    signedIn(queryClient, 'admin');
    open();
    await shown('Title of section 1');
    press('Add a section');
    type('Title of section 1', '  ');
    press('Save Template');
    // The blank title of section 1, and the new section's blank title and question.
    await waitFor(() =>
      expect(screen.getAllByText('A section needs a title').map((e) => e.id)).toEqual(['review-section-0-title-error', 'review-section-2-title-error']),
    );
    expect(screen.getByText('A question needs its text').id).toBe('review-section-2-question-0-error');
    expect(document.activeElement?.id).toBe('review-section-0-title');
    expect(field('Title of section 1').getAttribute('aria-invalid')).toBe('true');
    await settled();
    expect(asked()).not.toContain(PUT);
  });

  it("shows the server's refusal beside the field it names, and keeps the dialog open", async () => {
    signedIn(queryClient, 'admin');
    network.use(
      http.put('/api/admin/review-template', () =>
        HttpResponse.json(
          { message: 'Question must be a single paragraph of text', code: 'validation', field: 'sections.1.questions.0.text' },
          { status: 400 },
        ),
      ),
    );
    open();
    await shown('Title of section 1');
    type('Question 2.1', 'Were drills held?');
    press('Save Template');
    const message = await screen.findByText('Question must be a single paragraph of text', { selector: '#review-section-1-question-0-error' });
    expect(message).toBeTruthy();
    expect(document.activeElement?.id).toBe('review-section-1-question-0');
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
    // Editing the field takes its message away.
    type('Question 2.1', 'Were drills held as planned?');
    expect(screen.queryByText('Question must be a single paragraph of text', { selector: '#review-section-1-question-0-error' })).toBeNull();
  });

  it('keeps the contract’s maximums: no section beyond 20, no question beyond 30', async () => {
    signedIn(queryClient, 'admin');
    const full: ReviewTemplate = {
      sections: Array.from({ length: 20 }, (_, i) => ({ title: `S${i + 1}`, questions: Array.from({ length: i === 0 ? 30 : 1 }, () => ({ text: 'Q?' })) })),
      updatedAt: null,
      updatedBy: null,
    };
    open(full);
    await shown('Title of section 20');
    expect(button('Add a section').disabled).toBe(true);
    expect(screen.getByText('The template has at most 20 sections.')).toBeTruthy();
    const first = document.querySelector('li[aria-label="Section 1"]') as HTMLElement;
    expect(within(first).getByText('Add a question to section 1', { selector: 'button' }).hasAttribute('disabled')).toBe(true);
    expect(within(first).getByText('A section has at most 30 questions.')).toBeTruthy();
    expect(button('Add a question to section 2').disabled).toBe(false);
    expect(screen.getAllByText('A section has at most 30 questions.')).toHaveLength(1);
  });

  it("is not offered on a ship's copy, nor to an approver", async () => {
    for (const [role, where] of [
      ['admin', 'ship'],
      ['approver', 'office'],
    ] as const) {
      signedIn(queryClient, role, where);
      renderScreen('/admin', <ReviewTemplateControl />, queryClient);
      await settled();
      expect(screen.queryByRole('button', { name: "Master's Review Template" })).toBeNull();
      cleanup();
      queryClient.clear();
    }
  });
});
