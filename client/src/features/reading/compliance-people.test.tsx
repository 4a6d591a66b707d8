import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { PeopleCompliance } from '@common/contracts/reading';
import { queryClient } from '@/lib/query-client';
import { asked, network } from '@/test/network';
import { renderScreen, signedIn } from '@/test/render';
import { CompliancePeople } from './compliance-people';

const deck = { id: 2, name: 'Deck' };
const people: PeopleCompliance = [
  {
    id: 11,
    firstName: 'Rosa',
    lastName: 'Lind',
    department: deck,
    position: { id: 4, name: 'Bosun' },
    required: 2,
    attested: 0,
    withoutOpening: 0,
    overdue: 1,
    outstanding: [
      { sopId: 5, title: 'Gangway watch', versionNumber: '1.0', dueDate: '2026-11-22', overdue: true },
      { sopId: 6, title: 'Mooring stations', versionNumber: '1.0', dueDate: '2026-12-10', overdue: false },
    ],
  },
  { id: 12, firstName: 'Cy', lastName: 'Mast', department: deck, required: 2, attested: 2, withoutOpening: 0, overdue: 0, outstanding: [] },
];

/** The Deck's people; 'Remind' of Rosa answers `remind` (a reminder, or the once-a-day refusal). */
function office(remind: () => Response) {
  network.use(
    http.get('/api/compliance/people', () => HttpResponse.json(people)),
    http.post('/api/compliance/people/11/remind', remind),
  );
}

function openPeople(role: 'approver' | 'user' = 'approver') {
  signedIn(queryClient, role);
  return renderScreen('/compliance', <CompliancePeople departmentId={deck.id} />, queryClient);
}

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('Compliance: people', () => {
  it('shows each outstanding version with its read-by date, overdue ones as overdue, and reminds a person behind', async () => {
    office(() => HttpResponse.json({ reminded: 1, alreadyToday: 0 }));
    openPeople();
    const table = await screen.findByRole('table', { name: 'People' });
    const rosa = within(table).getByRole('row', { name: /Rosa Lind/ });
    expect(rosa.textContent).toContain('1 overdue');
    // Her position under her department (decision 074).
    expect(within(rosa).getByText('Bosun')).toBeTruthy();
    expect(rosa.textContent).toContain('overdue since Nov 22, 2026');
    expect(rosa.textContent).toContain('by Dec 10, 2026');
    // Nothing to remind Cy of: no button.
    expect(within(within(table).getByRole('row', { name: /Cy Mast/ })).queryByRole('button')).toBeNull();

    fireEvent.click(within(rosa).getByRole('button', { name: 'Remind Rosa Lind' }));
    expect(await screen.findByText('Rosa Lind was reminded by the bell and by e-mail')).toBeTruthy();
    expect(asked()).toContain('POST /api/compliance/people/11/remind');
    expect((within(rosa).getByRole('button', { name: 'Remind Rosa Lind' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says why when the person was reminded today already', async () => {
    const refusal = 'This person was already reminded today; you can remind them again tomorrow';
    office(() => HttpResponse.json({ message: refusal, code: 'already_reminded' }, { status: 409 }));
    openPeople();
    const table = await screen.findByRole('table', { name: 'People' });
    fireEvent.click(within(table).getByRole('button', { name: 'Remind Rosa Lind' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
  });

  it('offers no Remind to someone who may not remind', async () => {
    office(() => HttpResponse.json({ reminded: 1, alreadyToday: 0 }));
    openPeople('user');
    const table = await screen.findByRole('table', { name: 'People' });
    expect(within(table).queryAllByRole('button', { name: /^Remind / })).toEqual([]);
  });
});
