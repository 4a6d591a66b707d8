import { cleanup, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Behind } from '@common/contracts/reading';
import { queryClient } from '@/lib/query-client';
import { network } from '@/test/network';
import { renderScreen, signedIn } from '@/test/render';
import { ComplianceBehind } from './compliance-behind';

const overdue = { sopId: 5, title: "Master's standing orders", versionNumber: '1.0', dueDate: '2026-11-02', overdue: true };
const behind: Behind = {
  total: 2,
  people: [
    {
      id: 21,
      firstName: 'Konstantinos',
      lastName: 'Papadopoulos-Andersson',
      department: null,
      position: { id: 1, name: 'Master' },
      vesselCodes: ['AURORA'],
      overdue: 1,
      outstanding: [overdue],
    },
    {
      id: 22,
      firstName: 'Rosa',
      lastName: 'Lind',
      department: { id: 2, name: 'Deck' },
      position: { id: 4, name: 'Bosun' },
      vesselCodes: [],
      overdue: 1,
      outstanding: [{ ...overdue, sopId: 6, title: 'Gangway watch' }],
    },
  ],
};

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('Compliance: who is behind', () => {
  it('names a master who holds a position in no department by the position, in the table and on the phone', async () => {
    network.use(
      http.get('/api/compliance/behind', () => HttpResponse.json(behind)),
      http.get('/api/compliance/vessels', () => HttpResponse.json([])),
    );
    signedIn(queryClient, 'approver');
    renderScreen('/compliance', <ComplianceBehind vesselCode={undefined} showVessels />, queryClient);
    const table = await screen.findByRole('table', { name: 'Behind' });
    const [, master, rosa] = within(table).getAllByRole('row');
    expect(within(master).getAllByRole('cell')[1].textContent).toBe('Master');
    expect(within(rosa).getAllByRole('cell')[1].textContent).toBe('DeckBosun');
    const cards = [...screen.getByRole('list', { name: 'Behind' }).children];
    expect(cards[0].textContent).toContain('Master · AURORA · 1 overdue');
    expect(cards[1].textContent).toContain('Deck · Bosun · 1 overdue');
  });
});
