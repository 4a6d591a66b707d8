import { cleanup, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { MyReading, ReadingItem } from '@common/contracts/reading';
import { queryClient } from '@/lib/query-client';
import { network } from '@/test/network';
import { renderScreen, signedIn } from '@/test/render';
import { RequiredReadingSection } from './reading-section';

const item = (sopId: number, title: string, more: Partial<ReadingItem> = {}): ReadingItem => ({
  sopId,
  title,
  department: { id: 2, name: 'Deck' },
  versionId: sopId * 10,
  versionNumber: '1.0',
  approvedAt: '2026-11-20T08:00:00.000Z',
  changelog: null,
  attestedAt: null,
  dueDate: '2026-12-04',
  overdue: false,
  ...more,
});

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('the required reading section', () => {
  it('shows the fleet circulars first, apart from the manuals and the other procedures', async () => {
    const reading: MyReading = {
      outstanding: [
        item(1, 'Gangway watch'),
        item(2, 'Anchoring', { manual: { id: 5, code: 'FOM', title: 'Fleet Operations manual', section: '2.1' } }),
        item(3, 'FC-2026-014 Mooring lines after a parting incident', { circular: 'FC-2026-014' }),
        // Codes that sort before the word 'circulars', and numbers counted as numbers.
        item(4, 'Bridge watch handover', { manual: { id: 6, code: 'BRM', title: 'Bridge manual', section: '1.1' } }),
        item(5, 'Galley fire', { manual: { id: 7, code: 'M-10', title: 'Galley manual', section: '4' } }),
        item(6, 'Tender boarding', { manual: { id: 8, code: 'M-2', title: 'Tender manual', section: '3' } }),
      ],
      done: [],
    };
    network.use(http.get('/api/reading', () => HttpResponse.json(reading)));
    signedIn(queryClient, 'user');
    renderScreen('/', <RequiredReadingSection />, queryClient);
    const groups = await screen.findAllByTestId('reading-group');
    expect(groups.map((g) => within(g).getByRole('heading').textContent)).toEqual([
      'Fleet circulars',
      'BRM · Bridge manual',
      'FOM · Fleet Operations manual',
      'M-2 · Tender manual',
      'M-10 · Galley manual',
      'Other procedures',
    ]);
    expect(within(groups[0]).getByRole('link', { name: 'Fleet circulars' }).getAttribute('href')).toBe('/circulars');
    expect(
      within(groups[0])
        .getByRole('link', { name: /FC-2026-014 Mooring lines/ })
        .getAttribute('href'),
    ).toBe('/sop/3');
  });
});
