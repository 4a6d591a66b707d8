import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { SopListItem } from '@common/contracts/sops';
import type { Role } from '@common/roles';
import { queryClient } from '@/lib/query-client';
import { departments, settings, sopListItem } from '@/test/fixtures';
import { asked, network } from '@/test/network';
import { choose } from '@/test/radix';
import { address, renderScreen, settled, signedIn } from '@/test/render';
import ProceduresPage from './procedures-page';

/**
 * The office's answers: the department tree, the dashboard's counts, the settings (the list's dialogs ask whether
 * signatures are required), and the SOP list that `list` gives for each query string.
 */
function serve(list: (query: URLSearchParams) => SopListItem[] | Response, { ownedSops = 0 } = {}) {
  network.use(
    http.get('/api/departments', () => HttpResponse.json(departments)),
    // A reader's filters ask whether they own an SOP (the dashboard's count).
    http.get('/api/dashboard/stats', () => HttpResponse.json({ pendingTasks: 0, mySubmissions: ownedSops, totalSops: 3, recentEdits: 0 })),
    http.get('/api/settings', () => HttpResponse.json(settings)),
    // The server pages (decision 077): here a cursor is the offset of the next row.
    http.get('/api/sops', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const answer = list(query);
      if (answer instanceof Response) return answer;
      const start = Number(query.get('cursor') ?? 0);
      const limit = Number(query.get('limit'));
      const end = start + limit;
      return HttpResponse.json({
        items: answer.slice(start, end),
        nextCursor: end < answer.length ? String(end) : null,
        total: answer.length,
        totalIsEstimate: false,
      });
    }),
  );
}

function openList(path = '/documents', role: Role = 'user') {
  signedIn(queryClient, role);
  return renderScreen(path, <ProceduresPage />, queryClient);
}

/** How long a page of 50 rows may take to draw in jsdom on a busy two-core machine. */
const FULL_PAGE = { timeout: 10_000 };

const sopReads = () => asked().filter((line) => line.startsWith('GET /api/sops'));
const rows = () => screen.getAllByTestId('sop-row').map((row) => row.textContent ?? '');

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('the procedures list', () => {
  it('shows the SOPs the server lists, under the department tree, counted', async () => {
    serve(() => [sopListItem(1, { title: 'Mooring lines' }), sopListItem(2, { title: 'Bunkering' })]);
    openList();
    expect(await screen.findByText('Mooring lines')).toBeTruthy();
    expect(screen.getByText('Bunkering')).toBeTruthy();
    expect(screen.getByText('Showing 1–2 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Engine/ })).toBeTruthy();
    expect(sopReads()).toEqual(['GET /api/sops?limit=50']);
  });

  it('says so when nothing matches', async () => {
    serve(() => []);
    openList();
    expect(await screen.findByText('No SOPs Found')).toBeTruthy();
    expect(screen.getByText('Try another department, status or search, or create a new SOP.')).toBeTruthy();
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });

  it('says the list could not be loaded, and Try again asks once more', async () => {
    let fail = true;
    serve(() => (fail ? HttpResponse.json({ message: 'Internal error', code: 'internal' }, { status: 500 }) : [sopListItem(1, { title: 'Mooring lines' })]));
    openList();
    expect(await screen.findByText('The SOPs could not be loaded.')).toBeTruthy();
    expect(screen.queryByText('Mooring lines')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Mooring lines')).toBeTruthy();
    expect(screen.queryByText('The SOPs could not be loaded.')).toBeNull();
    expect(sopReads()).toEqual(['GET /api/sops?limit=50', 'GET /api/sops?limit=50']);
  });

  it('searches once the typing stops, with the words in the address, and shows what the server matched', async () => {
    serve((query) => (query.get('search') === 'mooring' ? [sopListItem(1, { title: 'Mooring lines' })] : [sopListItem(2, { title: 'Bunkering' })]));
    openList();
    expect(await screen.findByText('Bunkering')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'moo' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'mooring' } });
    expect(await screen.findByText('Mooring lines')).toBeTruthy();
    expect(screen.queryByText('Bunkering')).toBeNull();
    expect(address()).toBe('/documents?q=mooring');
    // The words typed on the way were never sent: one search, for the last of them.
    expect(sopReads()).toEqual(['GET /api/sops?limit=50', 'GET /api/sops?search=mooring&limit=50']);
  });

  it('says when a search answered the most it returns', { timeout: 20_000 }, async () => {
    serve(() => Array.from({ length: 100 }, (_, i) => sopListItem(i + 1)));
    openList('/documents?q=valve');
    expect(await screen.findByText('Showing the 100 best matches. Add a word to narrow the search.', {}, FULL_PAGE)).toBeTruthy();
    // The first page, and the second read ahead.
    expect(sopReads()).toEqual(['GET /api/sops?search=valve&limit=50', 'GET /api/sops?search=valve&limit=50&cursor=50']);
  });

  it('filters by the department chosen in the tree, and clicking it again shows all departments', async () => {
    serve((query) => (query.get('departmentId') === '3' ? [sopListItem(3, { title: 'Engine start', departmentId: 3 })] : [sopListItem(1), sopListItem(3)]));
    openList();
    expect(await screen.findByText('Showing 1–2 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Engine/ }));
    expect(await screen.findByText('Engine start')).toBeTruthy();
    expect(screen.getByText('Showing 1–1 of 1')).toBeTruthy();
    expect(address()).toBe('/documents?dept=3');
    expect(screen.getByRole('button', { name: /^Engine/ }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: /^Engine/ }));
    expect(await screen.findByText('Showing 1–2 of 2')).toBeTruthy();
    expect(address()).toBe('/documents');
    // The whole list's first page was on hand, read less than 30 s before: it is not read again.
    await settled();
    expect(sopReads()).toEqual(['GET /api/sops?limit=50', 'GET /api/sops?departmentId=3&limit=50']);
  });

  it('sends the filters the address holds, and a filter ticked on the page', async () => {
    serve(() => [sopListItem(1, { status: 'draft', hasPublishedVersion: false, inForce: null })]);
    openList('/documents?status=draft&page=2', 'approver');
    expect(await screen.findByText('Procedure 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'No approved version' }));
    // A filter changed starts again at the first page.
    await waitFor(() => expect(address()).toBe('/documents?status=draft&unapproved=1'));
    await waitFor(() => expect(sopReads()).toEqual(['GET /api/sops?status=draft&limit=50', 'GET /api/sops?status=draft&noApprovedVersion=true&limit=50']));
  });

  describe('offers only what the person can see', () => {
    /** The status filter's options, opened as a person at the keyboard opens them. */
    async function statusOptions() {
      fireEvent.keyDown(screen.getByLabelText('Status'), { key: 'Enter' });
      const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
      // Closed again: an open select hides the rest of the page from the accessibility tree.
      fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
      return options;
    }
    const withEmptyGalley = () =>
      network.use(http.get('/api/departments', () => HttpResponse.json([...departments, { ...departments[2], id: 4, name: 'Galley', sopCount: 0 }])));

    it('a crew member who owns no SOP: the statuses in force, no "No approved version", no empty department', async () => {
      serve(() => [sopListItem(1, { title: 'Mooring lines' })]);
      withEmptyGalley();
      openList();
      expect(await screen.findByText('Mooring lines')).toBeTruthy();
      await waitFor(() => expect(asked()).toContain('GET /api/dashboard/stats'));
      await settled();
      expect(await statusOptions()).toEqual(['All Statuses', 'Approved', 'Published']);
      expect(screen.queryByRole('checkbox', { name: 'No approved version' })).toBeNull();
      expect(screen.getByRole('button', { name: /^Engine/ })).toBeTruthy();
      expect(screen.queryByRole('button', { name: /^Galley/ })).toBeNull();
    });

    it('a crew member who owns an SOP: every status, and "No approved version", since their own drafts are theirs to see', async () => {
      serve(() => [sopListItem(1, { title: 'Mooring lines' })], { ownedSops: 1 });
      openList();
      expect(await screen.findByText('Mooring lines')).toBeTruthy();
      expect(await screen.findByRole('checkbox', { name: 'No approved version' })).toBeTruthy();
      expect(await statusOptions()).toEqual(['All Statuses', 'Draft', 'Submitted', 'In Review', 'Changes Requested', 'Approved', 'Published']);
    });

    it('an approver: every status and every department, without asking whether they own an SOP', async () => {
      serve(() => [sopListItem(1, { title: 'Mooring lines' })]);
      withEmptyGalley();
      openList('/documents', 'approver');
      expect(await screen.findByText('Mooring lines')).toBeTruthy();
      expect(await statusOptions()).toEqual(['All Statuses', 'Draft', 'Submitted', 'In Review', 'Changes Requested', 'Approved', 'Published']);
      expect(screen.getByRole('checkbox', { name: 'No approved version' })).toBeTruthy();
      expect(screen.getByRole('button', { name: /^Galley/ })).toBeTruthy();
      expect(asked()).not.toContain('GET /api/dashboard/stats');
    });

    it('a filter already in the address stays shown, so it can be taken off', async () => {
      serve(() => []);
      openList('/documents?status=draft');
      expect(await screen.findByText('No SOPs Found')).toBeTruthy();
      await choose('Status', 'All Statuses');
      await waitFor(() => expect(address()).toBe('/documents'));
    });
  });

  it('pages through a long list 50 at a time, the next page read ahead while the first is shown', { timeout: 20_000 }, async () => {
    serve(() => Array.from({ length: 60 }, (_, i) => sopListItem(i + 1, { title: `Procedure ${String(i + 1).padStart(3, '0')}` })));
    openList();
    expect(await screen.findByText('Showing 1–50 of 60', {}, FULL_PAGE)).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 51–60 of 60', {}, FULL_PAGE)).toBeTruthy();
    expect(rows()[0]).toContain('Procedure 051');
    expect(address()).toBe('/documents?page=2');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    await settled();
    expect(sopReads()).toEqual(['GET /api/sops?limit=50', 'GET /api/sops?limit=50&cursor=50']);
  });
});

describe('the procedures list in pages from the server', () => {
  /** 120 SOPs the server pages by offset, as `serve` does, with the total said to be an estimate when asked. */
  const library = Array.from({ length: 120 }, (_, i) => sopListItem(i + 1, { title: `Drill ${String(i + 1).padStart(3, '0')}` }));

  it('asks for one page at a time in the sort of the address, reads the next ahead, and pages back from the cache', { timeout: 30_000 }, async () => {
    serve(() => library);
    openList('/documents?sort=title&dir=desc');
    expect(await screen.findByText('Showing 1–50 of 120', {}, FULL_PAGE)).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    await waitFor(() => expect(sopReads()).toEqual(['GET /api/sops?limit=50&sort=title%3Adesc', 'GET /api/sops?limit=50&sort=title%3Adesc&cursor=50']));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 51–100 of 120', {}, FULL_PAGE)).toBeTruthy();
    expect(address()).toBe('/documents?sort=title&dir=desc&page=2');
    await waitFor(() => expect(sopReads()).toHaveLength(3));
    expect(sopReads()[2]).toBe('GET /api/sops?limit=50&sort=title%3Adesc&cursor=100');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Showing 1–50 of 120', {}, FULL_PAGE)).toBeTruthy();
    await settled();
    expect(sopReads()).toHaveLength(3);
  });

  it('opened on page 3 reads the pages before it for their cursors, and shows the third', { timeout: 30_000 }, async () => {
    serve(() => library);
    openList('/documents?page=3');
    expect(await screen.findByText('Showing 101–120 of 120', {}, FULL_PAGE)).toBeTruthy();
    expect(rows()[0]).toContain('Drill 101');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(sopReads()).toEqual(['GET /api/sops?limit=50', 'GET /api/sops?limit=50&cursor=50', 'GET /api/sops?limit=50&cursor=100']);
  });

  it('says a total above ten thousand is an estimate', async () => {
    network.use(
      http.get('/api/departments', () => HttpResponse.json(departments)),
      http.get('/api/dashboard/stats', () => HttpResponse.json({ pendingTasks: 0, mySubmissions: 0, totalSops: 3, recentEdits: 0 })),
      http.get('/api/settings', () => HttpResponse.json(settings)),
      http.get('/api/sops', () =>
        HttpResponse.json({ items: [sopListItem(1, { title: 'Mooring lines' })], nextCursor: 'x', total: 52_000, totalIsEstimate: true }),
      ),
    );
    openList();
    expect(await screen.findByText('Showing 1–1 of about 52000')).toBeTruthy();
    expect(screen.getByText('Page 1 of about 1040')).toBeTruthy();
  });

  it('cancels a search the typing replaced while the server still worked on it', async () => {
    const aborted: string[] = [];
    serve(() => library.slice(0, 2));
    network.use(
      http.get('/api/sops', async ({ request }) => {
        const search = new URL(request.url).searchParams.get('search');
        if (search === 'dri') {
          await new Promise((resolve) => setTimeout(resolve, 1500));
          if (request.signal.aborted) aborted.push(search);
        }
        return HttpResponse.json({ items: library.slice(0, 1), nextCursor: null, total: 1, totalIsEstimate: false });
      }),
    );
    openList();
    expect(await screen.findByText('Showing 1–1 of 1')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'dri' } });
    await waitFor(() => expect(sopReads()).toContain('GET /api/sops?search=dri&limit=50'));
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'drill' } });
    await waitFor(() => expect(address()).toBe('/documents?q=drill'));
    await waitFor(() => expect(aborted).toEqual(['dri']), { timeout: 3000 });
  });
});
