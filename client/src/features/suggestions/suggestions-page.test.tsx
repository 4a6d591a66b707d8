import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Suggestion } from '@common/contracts/suggestions';
import { queryClient } from '@/lib/query-client';
import { asked, bodiesOf, network } from '@/test/network';
import { renderScreen, signedIn } from '@/test/render';
import { SuggestChangeDialog } from './suggest-change-dialog';
import SuggestionsPage from './suggestions-page';

const suggestion = (over: Partial<Suggestion> = {}): Suggestion => ({
  id: 12,
  sopId: 7,
  sopTitle: 'Mooring lines',
  versionNumber: '1.0',
  section: '3.1 Heaving',
  text: 'Add a step: check the winch brake before heaving.',
  status: 'open',
  reply: null,
  suggestedBy: 'Cruz Deck',
  vesselCode: 'AURORA',
  createdAt: '2026-11-20T08:00:00.000Z',
  triagedBy: null,
  triagedAt: null,
  linkedVersionNumber: null,
  canTriage: true,
  ...over,
});

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('the suggestions list', () => {
  it('lets the owner answer: declining needs a reply, then the answer is sent and shown', async () => {
    let current = suggestion();
    network.use(
      http.get('/api/suggestions', () => HttpResponse.json([current])),
      http.put('/api/suggestions/12', async ({ request }) => {
        const body = (await request.json()) as { status: 'declined'; reply: string };
        current = suggestion({ status: body.status, reply: body.reply, triagedBy: 'Olivia Owner', triagedAt: '2026-11-21T08:00:00.000Z' });
        return HttpResponse.json(current);
      }),
      http.get('/api/dashboard/stats', () => HttpResponse.json({ pendingTasks: 0, mySubmissions: 0, totalSops: 1, recentEdits: 0 })),
      http.get('/api/notifications', () => HttpResponse.json({ count: 0, items: [] })),
    );
    signedIn(queryClient, 'user');
    renderScreen('/suggestions', <SuggestionsPage />, queryClient);
    const list = await screen.findByRole('list', { name: 'Suggestions for change' });
    expect(within(list).getByText('Add a step: check the winch brake before heaving.')).toBeTruthy();
    expect(within(list).getByText(/on board AURORA/)).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Answer the suggestion on Mooring lines' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: /Decline/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save answer' }));
    expect(await within(dialog).findByText('Say why it is declined: the suggester reads this.')).toBeTruthy();
    expect(asked()).not.toContain('PUT /api/suggestions/12');
    fireEvent.change(within(dialog).getByLabelText('Reply (needed to decline)'), { target: { value: 'We keep the bowline.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save answer' }));
    expect(await screen.findByText('We keep the bowline.')).toBeTruthy();
    expect(await bodiesOf('PUT /api/suggestions/12')).toEqual([{ status: 'declined', reply: 'We keep the bowline.' }]);
    expect(screen.getByText('Declined', { selector: '[data-slot="badge"]' })).toBeTruthy();
  });

  it('filters by status through the address, and a suggester sees no answer button', async () => {
    network.use(
      http.get('/api/suggestions', ({ request }) =>
        HttpResponse.json(new URL(request.url).searchParams.get('status') === 'done' ? [] : [suggestion({ canTriage: false })]),
      ),
    );
    signedIn(queryClient, 'user');
    renderScreen('/suggestions', <SuggestionsPage />, queryClient);
    const list = await screen.findByRole('list', { name: 'Suggestions for change' });
    expect(within(list).queryByRole('button')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText(/No suggestions here/)).toBeTruthy();
    expect(asked()).toContain('GET /api/suggestions?status=done');
  });

  it("on a ship's copy says the answers are given at the office", async () => {
    network.use(http.get('/api/suggestions', () => HttpResponse.json([suggestion({ canTriage: false })])));
    signedIn(queryClient, 'user', 'ship');
    renderScreen('/suggestions', <SuggestionsPage />, queryClient);
    expect(await screen.findByText(/suggestions made here are sent to the office, where they are answered. The answer comes back to this list/)).toBeTruthy();
    expect(within(await screen.findByRole('list', { name: 'Suggestions for change' })).queryByRole('button')).toBeNull();
  });
});

describe('suggesting a change', () => {
  it('asks for the text first, then sends it with the section', async () => {
    network.use(
      http.post('/api/sops/7/suggestions', () => HttpResponse.json(suggestion(), { status: 201 })),
      http.get('/api/dashboard/stats', () => HttpResponse.json({ pendingTasks: 0, mySubmissions: 0, totalSops: 1, recentEdits: 0 })),
    );
    signedIn(queryClient, 'user');
    renderScreen('/sop/7', <SuggestChangeDialog sop={{ id: 7, title: 'Mooring lines', versionNumber: '1.0' }} />, queryClient);
    fireEvent.click(screen.getByRole('button', { name: 'Suggest a change' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send suggestion' }));
    expect(await within(dialog).findByText('Write your suggestion first.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Where (optional)'), { target: { value: 'p. 2' } });
    fireEvent.change(within(dialog).getByLabelText('What should change, and why'), { target: { value: 'Check the winch brake.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send suggestion' }));
    expect(await screen.findByText("Thank you: your suggestion was sent to the procedure's owner")).toBeTruthy();
    expect(await bodiesOf('POST /api/sops/7/suggestions')).toEqual([{ text: 'Check the winch brake.', section: 'p. 2' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
