import { cleanup, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { rememberLibraryTotal } from '@/offline/library-total';
import { updateState } from '@/offline/offline-state';
import { fakeCacheStorage, storeAnswer } from '@/test/cache-storage';
import { departments, settings, sopDetail } from '@/test/fixtures';
import { asked, network } from '@/test/network';
import { renderScreen, signedIn } from '@/test/render';
import ProceduresPage from './procedures-page';

/** 26 Nov 2026, 14:05 UTC: when the copies arrived. */
const STORED = Date.UTC(2026, 10, 26, 14, 5);

beforeEach(async () => {
  vi.stubGlobal('caches', fakeCacheStorage().storage);
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  // The reads the page makes with or without a link (offline the worker answers them from its copies).
  network.use(
    http.get('/api/departments', () => HttpResponse.json(departments)),
    http.get('/api/settings', () => HttpResponse.json(settings)),
  );
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the procedures list with no link', () => {
  it('lists the SOPs this device holds by title, with their version and department, says how many, and links each to its page (which opens from the same copy)', async () => {
    const user = signedIn(queryClient, 'user');
    await storeAnswer('/api/sops/7', sopDetail(7, { title: 'Mooring lines' }, '2.1'), STORED);
    await storeAnswer('/api/sops/4', sopDetail(4, { title: 'Bunkering', department: { name: 'Engine' } }), STORED);
    // Not an SOP's own answer: its history, and the list as once read online.
    await storeAnswer('/api/sops/7/history', [], STORED);
    await storeAnswer('/api/sops', [], STORED);
    await updateState(user.id, (state) => ({ ...state, kept: [{ sopId: 4, title: 'Bunkering', keptAt: STORED, urls: ['/api/sops/4'] }] }));
    renderScreen('/documents', <ProceduresPage />, queryClient);

    expect(await screen.findByText('2 procedures stored on this device')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Procedures stored on this device' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['Bunkering', 'Mooring lines']);
    expect(rows.map((row) => within(row).getByRole('link').getAttribute('href'))).toEqual(['/sop/4', '/sop/7']);
    expect(rows[0].textContent).toMatch(/^Bunkeringv1\.0 · Engine · stored .+Kept offline$/);
    expect(rows[1].textContent).toMatch(/^Mooring linesv2\.1 · Deck · stored .+$/);
    expect(rows[1].textContent).not.toContain('Kept offline');
    // The stored list is not asked for: it would offer SOPs whose page does not open.
    expect(asked().filter((line) => line.startsWith('GET /api/sops'))).toEqual([]);
    expect(screen.queryByLabelText('Status')).toBeNull();
    // The register is the server's to make: no Export to press offline.
    expect((screen.getByRole('button', { name: /Export/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when the device holds none', async () => {
    signedIn(queryClient, 'user');
    renderScreen('/documents', <ProceduresPage />, queryClient);
    expect(await screen.findByText('0 procedures stored on this device')).toBeTruthy();
    expect(screen.getByText('No procedure is stored on this device yet. Open one while the link is there, or keep it offline.')).toBeTruthy();
  });
  it('says how many of the whole list, as last read with the link, the device holds', async () => {
    const user = signedIn(queryClient, 'user');
    await storeAnswer('/api/sops/7', sopDetail(7, { title: 'Mooring lines' }, '2.1'), STORED);
    rememberLibraryTotal(user.id, 340);
    renderScreen('/documents', <ProceduresPage />, queryClient);
    expect(await screen.findByText('1 of 340 procedures stored on this device')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mooring lines' })).toBeTruthy();
    localStorage.clear();
  });
});
