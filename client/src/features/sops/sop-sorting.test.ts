import { describe, expect, it } from 'vitest';
import type { SopListItem } from '@common/contracts/sops';
import { nextSort, pageOf, sortSops } from './sop-sorting';

const sop = (id: number, title: string, department: string, status: SopListItem['status'], updatedAt: string): SopListItem => ({
  id,
  title,
  departmentId: 1,
  category: null,
  summary: null,
  tags: [],
  ownerId: 1,
  status,
  latestVersionId: id,
  reviewFrequency: null,
  readingDays: null,
  nextReviewDue: null,
  reviewStatus: null,
  isConfidential: false,
  vesselCodes: [],
  createdAt: updatedAt,
  updatedAt,
  department: { name: department },
  owner: null,
  latestVersion: null,
  hasPublishedVersion: false,
  inForce: null,
  pendingTaskId: null,
  withdrawal: null,
});

const rows = [
  sop(1, 'lifeboat drill', 'Deck', 'published', '2025-01-03T10:00:00Z'),
  sop(2, 'Anchor watch', 'Engine', 'draft', '2025-03-01T10:00:00Z'),
  sop(3, 'Bunkering 10', 'Deck', 'submitted', '2025-02-01T10:00:00Z'),
  sop(4, 'Bunkering 9', 'Housekeeping', 'approved', '2024-12-01T10:00:00Z'),
];

describe('SOP list sorting', () => {
  it('sorts ascending on the first click and toggles afterwards', () => {
    const first = nextSort(null, 'title');
    expect(first).toEqual({ column: 'title', direction: 'asc' });
    expect(nextSort(first, 'title')).toEqual({ column: 'title', direction: 'desc' });
    expect(nextSort(nextSort(first, 'title'), 'title')).toEqual({ column: 'title', direction: 'asc' });
    expect(nextSort(first, 'status')).toEqual({ column: 'status', direction: 'asc' });
  });

  it('orders titles case-insensitively with numbers in natural order', () => {
    expect(sortSops(rows, { column: 'title', direction: 'asc' }).map((s) => s.id)).toEqual([2, 4, 3, 1]);
    expect(sortSops(rows, { column: 'title', direction: 'desc' }).map((s) => s.id)).toEqual([1, 3, 4, 2]);
  });

  it('orders by department, status and last edited date', () => {
    expect(sortSops(rows, { column: 'department', direction: 'asc' }).map((s) => s.id)).toEqual([1, 3, 2, 4]);
    expect(sortSops(rows, { column: 'status', direction: 'asc' }).map((s) => s.status)).toEqual(['approved', 'draft', 'published', 'submitted']);
    expect(sortSops(rows, { column: 'updatedAt', direction: 'desc' }).map((s) => s.id)).toEqual([2, 3, 1, 4]);
  });

  it('leaves the server order alone until a column is chosen, and never mutates its input', () => {
    const copy = [...rows];
    expect(sortSops(rows, null).map((s) => s.id)).toEqual([1, 2, 3, 4]);
    sortSops(rows, { column: 'title', direction: 'asc' });
    expect(rows).toEqual(copy);
  });

  it('sorts and pages 5,000 SOPs quickly', () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      sop(i + 1, `Procedure ${(i * 7919) % 5000}`, `Dept ${i % 12}`, 'draft', new Date(2025, 0, 1 + (i % 300)).toISOString()),
    );
    const started = performance.now();
    const sorted = sortSops(many, { column: 'title', direction: 'asc' });
    const page = pageOf(sorted, 100);
    const elapsed = performance.now() - started;
    expect(sorted[0].title).toBe('Procedure 0');
    expect(page).toMatchObject({ page: 100, pageCount: 100, from: 4951, to: 5000 });
    expect(page.rows).toHaveLength(50);
    expect(elapsed).toBeLessThan(250);
  });

  it('pages with clamped page numbers and an empty list', () => {
    expect(pageOf(rows, 9, 3)).toMatchObject({ page: 2, pageCount: 2, from: 4, to: 4 });
    expect(pageOf([], 1)).toMatchObject({ page: 1, pageCount: 1, from: 0, to: 0, rows: [] });
  });
});
