import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SopListItem } from '@common/contracts/sops';
import { FIRST_CARDS, SopCards } from './sop-cards';

const sop = (i: number): SopListItem => ({
  id: i + 1,
  title: `Procedure ${i + 1}`,
  departmentId: 1,
  category: null,
  summary: null,
  tags: [],
  nextReviewDue: null,
  reviewStatus: null,
  ownerId: 1,
  status: 'published',
  latestVersionId: i + 1,
  reviewFrequency: null,
  readingDays: null,
  isConfidential: false,
  vesselCodes: [],
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-02T00:00:00Z',
  department: { name: 'Deck' },
  owner: { firstName: 'Liam', lastName: 'Murphy' },
  latestVersion: null,
  hasPublishedVersion: true,
  inForce: { id: i + 1, versionNumber: '1.0', approvedAt: '2025-01-02T00:00:00Z' },
  pendingTaskId: null,
  withdrawal: null,
});
const page = (from: number) => Array.from({ length: 50 }, (_, i) => sop(from + i));
const user = { id: 1, role: 'user' } as never;

afterEach(cleanup);

describe('SopCards', () => {
  it('paints the first cards with the list and adds the rest of the page just after', async () => {
    const { rerender } = render(<SopCards sops={page(0)} user={user} busyId={null} onAction={() => {}} />);
    expect(screen.getAllByTestId('sop-card')).toHaveLength(FIRST_CARDS);
    // Background steps: allow for a busy test machine.
    await waitFor(() => expect(screen.getAllByTestId('sop-card')).toHaveLength(50), { timeout: 10_000 });
    expect(screen.getAllByTestId('sop-card')[49].textContent).toContain('Procedure 50');

    // Once all are in, the next page replaces them whole, in one render.
    act(() => rerender(<SopCards sops={page(50)} user={user} busyId={null} onAction={() => {}} />));
    expect(screen.getAllByTestId('sop-card')).toHaveLength(50);
    expect(screen.getAllByTestId('sop-card')[0].textContent).toContain('Procedure 51');
  });

  it('shows a short page whole at once', () => {
    render(<SopCards sops={page(0).slice(0, 9)} user={user} busyId={null} onAction={() => {}} />);
    expect(screen.getAllByTestId('sop-card')).toHaveLength(9);
  });

  it('keeps every action named after its SOP', async () => {
    render(<SopCards sops={page(0).slice(0, 1)} user={user} busyId={null} onAction={() => {}} />);
    expect(screen.getByRole('button', { name: 'Preview: Procedure 1' }).getAttribute('data-slot')).toBe('button');
    expect(screen.getByRole('button', { name: 'History: Procedure 1' })).toBeTruthy();
  });
});
