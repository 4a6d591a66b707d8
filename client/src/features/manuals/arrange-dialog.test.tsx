import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ManualDetail, ManualSection } from '@common/contracts/manuals';
import { queryClient } from '@/lib/query-client';
import { sopListItem } from '@/test/fixtures';
import { asked, bodiesOf, network } from '@/test/network';
import { renderScreen, signedIn } from '@/test/render';
import { ArrangeDialog } from './arrange-dialog';

const section = (number: string, sopId: number, title: string): ManualSection => ({
  number,
  sopId,
  title,
  versionId: sopId * 10,
  versionNumber: '1.0',
  inForceSince: '2026-03-01',
  changed: false,
  lastReadVersionNumber: null,
});

const FOM: ManualDetail = {
  id: 4,
  code: 'FOM',
  title: 'Fleet Operations Manual',
  chapters: [
    { number: '1', title: 'Navigation', sections: [section('1.1', 11, 'Bridge watch handover'), section('1.2', 12, 'Pilot boarding')] },
    { number: '2', title: 'Engine', sections: [section('2.1', 21, 'Bunkering')] },
  ],
};

/** The server's search: SOPs whose title holds the words, one page, as `GET /api/sops?search=&limit=` answers. */
const LIBRARY = [11, 12, 21, 30, 31].map((id) =>
  sopListItem(id, { title: { 11: 'Bridge watch handover', 12: 'Pilot boarding', 21: 'Bunkering', 30: 'Tender operations', 31: 'Tender boat drill' }[id] }),
);

function openDialog() {
  signedIn(queryClient, 'approver');
  network.use(
    http.get('/api/sops', ({ request }) => {
      const url = new URL(request.url);
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const items = LIBRARY.filter((sop) => sop.title.toLowerCase().includes(search)).slice(0, Number(url.searchParams.get('limit')));
      return HttpResponse.json({ items, nextCursor: null, total: items.length, totalIsEstimate: false });
    }),
    http.get('/api/manuals', () => HttpResponse.json([])),
  );
  const onClose = vi.fn();
  renderScreen('/manuals/4', <ArrangeDialog manual={FOM} onClose={onClose} />, queryClient);
  return onClose;
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('arranging a manual', () => {
  it('names every row button by its chapter or section number, and offers no move past either end', () => {
    openDialog();
    expect(button('Move chapter 1 up').disabled).toBe(true);
    expect(button('Move chapter 2 down').disabled).toBe(true);
    expect(button('Move chapter 1 down').disabled).toBe(false);
    expect(button('Move section 1.1 up').disabled).toBe(true);
    expect(button('Move section 1.2 down').disabled).toBe(true);
    expect(button('Move section 1.1 down').disabled).toBe(false);
    // A chapter of one section moves it neither way.
    expect(button('Move section 2.1 up').disabled).toBe(true);
    expect(button('Move section 2.1 down').disabled).toBe(true);
    expect(button('Remove section 2.1')).toBeTruthy();
  });

  it('saves the chapters and sections in the order arranged: moved, added and removed', async () => {
    network.use(http.put('/api/manuals/4/structure', () => HttpResponse.json(FOM)));
    const onClose = openDialog();
    fireEvent.click(button('Move section 1.1 down'));
    // Numbers follow the order: Pilot boarding is now 1.1.
    const first = screen.getByText('Pilot boarding').closest('li')!;
    expect(within(first).getByText('1.1')).toBeTruthy();
    fireEvent.click(button('Move chapter 2 up'));
    // Navigation is chapter 2 now. The server finds SOPs by title; one already placed is not offered.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find an SOP to add to chapter 2' }), { target: { value: 'b' } });
    const found = await screen.findByRole('list', { name: 'SOPs found for chapter 2' });
    expect(
      within(found)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Tender boat drillDeck']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find an SOP to add to chapter 2' }), { target: { value: 'tender op' } });
    fireEvent.click(await within(found).findByRole('button', { name: /^Tender operations/ }));
    expect(screen.queryByRole('list', { name: 'SOPs found for chapter 2' })).toBeNull();
    fireEvent.click(button('Remove section 2.2'));
    expect(
      asked()
        .filter((line) => line.startsWith('GET /api/sops'))
        .every((line) => line.includes('limit=20')),
    ).toBe(true);
    fireEvent.click(button('Save'));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(await bodiesOf('PUT /api/manuals/4/structure')).toEqual([
      {
        chapters: [
          { title: 'Engine', sopIds: [21] },
          { title: 'Navigation', sopIds: [12, 30] },
        ],
      },
    ]);
  });

  it('refuses a chapter without a title before sending anything', async () => {
    openDialog();
    fireEvent.click(button('Add a chapter'));
    fireEvent.click(button('Save'));
    expect(await screen.findByText('Every chapter needs a title.')).toBeTruthy();
    expect(await bodiesOf('PUT /api/manuals/4/structure')).toEqual([]);
  });
});
