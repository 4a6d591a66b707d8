import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SopListItem } from '@common/contracts/sops';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useState } from 'react';
import { SopTable } from './sop-table';
import type { SortState } from './sop-sorting';

/** The procedures page keeps sort and page in its URL; here plain state stands in for it. */
function Harness() {
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(1);
  const onSort = (next: SortState) => {
    setSort(next);
    setPage(1);
  };
  return (
    <SopTable sops={many} user={{ id: 1, role: 'user' } as never} busyId={null} sort={sort} page={page} onSort={onSort} onPage={setPage} onAction={() => {}} />
  );
}

const many: SopListItem[] = Array.from({ length: 5000 }, (_, i) => ({
  id: i + 1,
  title: `Procedure ${String((i * 7919) % 5000).padStart(4, '0')}`,
  departmentId: 1,
  category: null,
  summary: null,
  tags: [],
  ownerId: 1,
  status: i % 3 === 0 ? 'published' : 'draft',
  latestVersionId: i + 1,
  reviewFrequency: null,
  readingDays: null,
  nextReviewDue: null,
  reviewStatus: null,
  isConfidential: false,
  vesselCodes: [],
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: new Date(2025, 0, 1 + (i % 300)).toISOString(),
  department: { name: `Dept ${i % 12}` },
  owner: { firstName: 'Liam', lastName: 'Murphy' },
  latestVersion: null,
  hasPublishedVersion: i % 3 === 0,
  inForce: i % 3 === 0 ? { id: i + 1, versionNumber: '1.0', approvedAt: '2025-01-02T00:00:00Z' } : null,
  pendingTaskId: null,
  withdrawal: null,
}));

describe('SopTable with 5,000 SOPs', () => {
  it('renders one page of 50 rows, sorts and pages without touching the other 4,950', { timeout: 30_000 }, () => {
    render(
      <TooltipProvider>
        <Harness />
      </TooltipProvider>,
    );
    expect(screen.getAllByTestId('sop-row')).toHaveLength(50);
    expect(screen.getByText('Showing 1–50 of 5000')).toBeTruthy();

    act(() => fireEvent.click(screen.getByRole('button', { name: /SOP Title/ })));
    expect(screen.getAllByTestId('sop-row')[0].textContent).toContain('Procedure 0000');

    act(() => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    expect(screen.getByText('Showing 51–100 of 5000')).toBeTruthy();
    expect(screen.getAllByTestId('sop-row')[0].textContent).toContain('Procedure 0050');
    // Sorted across all 5,000, not just the visible page; a second click reverses and goes back to page 1.
    act(() => fireEvent.click(screen.getByRole('button', { name: /SOP Title/ })));
    expect(screen.getByText('Showing 1–50 of 5000')).toBeTruthy();
    expect(screen.getAllByTestId('sop-row')[0].textContent).toContain('Procedure 4999');
  });
});
