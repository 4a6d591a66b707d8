import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { fakeCacheStorage, storeAnswer } from '@/test/cache-storage';
import { sopDetail } from '@/test/fixtures';
import { renderScreen, signedIn } from '@/test/render';
import OfflineCopiesPage from './offline-copies-page';

beforeEach(() => {
  vi.stubGlobal('caches', fakeCacheStorage().storage);
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('Offline copies', () => {
  it('names the procedures it holds, by title, with version, department and when stored, beside the counts', async () => {
    signedIn(queryClient, 'user');
    const stored = Date.UTC(2026, 10, 26, 14, 5);
    await storeAnswer('/api/sops/7', sopDetail(7, { title: 'Mooring lines' }, '2.1'), stored);
    await storeAnswer('/api/sops/4', sopDetail(4, { title: 'Bunkering' }), stored);
    renderScreen('/offline', <OfflineCopiesPage />, queryClient);

    expect(await screen.findByRole('heading', { name: 'Procedures on this device' })).toBeTruthy();
    expect(await screen.findByText('2 procedures stored on this device')).toBeTruthy();
    const rows = within(screen.getByRole('list', { name: 'Procedures stored on this device' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Bunkeringv1\.0 · Deck · stored /),
      expect.stringMatching(/^Mooring linesv2\.1 · Deck · stored /),
    ]);
    // The counts by kind stay: the two answers are copies of what was opened.
    expect(screen.getByTestId('offline-usage').textContent).toMatch(/^2 copies · /);
  });
});
