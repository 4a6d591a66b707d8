import { describe, expect, it } from 'vitest';
import { refuseReviewConfirm, versionStanding } from './sop-lifecycle';
import { addMonths, reviewStatusOn } from './review-clock';

describe('addMonths', () => {
  it.each([
    ['2024-01-31', 1, '2024-02-29'],
    ['2023-01-31', 1, '2023-02-28'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2024-02-29', 48, '2028-02-29'],
    ['2024-03-31', 1, '2024-04-30'],
    ['2024-12-31', 1, '2025-01-31'],
    ['2024-11-30', 3, '2025-02-28'],
    ['2024-05-15', 60, '2029-05-15'],
    ['2024-03-31', -1, '2024-02-29'],
  ])('%s + %i months = %s', (day, months, expected) => {
    expect(addMonths(day, months)).toBe(expected);
  });
});

describe('reviewStatusOn', () => {
  it('is overdue after the day, due_soon on it and up to 30 days before, ok earlier, null without a day', () => {
    expect(reviewStatusOn('2024-03-01', '2024-03-02')).toBe('overdue');
    expect(reviewStatusOn('2024-03-01', '2024-03-01')).toBe('due_soon');
    // 2024 is a leap year: 30 days before 1 March is 31 January.
    expect(reviewStatusOn('2024-03-01', '2024-01-31')).toBe('due_soon');
    expect(reviewStatusOn('2024-03-01', '2024-01-30')).toBe('ok');
    expect(reviewStatusOn('2023-03-01', '2023-01-30')).toBe('due_soon');
    expect(reviewStatusOn(null, '2024-01-30')).toBeNull();
  });
});

describe('versionStanding', () => {
  it('names the version in force, superseded approvals, versions sent back, submissions and drafts', () => {
    expect(versionStanding({ id: 3, isPublished: true }, 3)).toBe('in_force');
    expect(versionStanding({ id: 2, isPublished: true }, 3)).toBe('superseded');
    expect(versionStanding({ id: 4, isPublished: false }, 3)).toBe('draft');
    expect(versionStanding({ id: 1, isPublished: false }, null)).toBe('draft');
    expect(versionStanding({ id: 4, isPublished: false, submittedAt: '2026-11-26T09:00:00Z' }, 3)).toBe('submitted');
    expect(versionStanding({ id: 4, isPublished: false, submittedAt: null }, 3)).toBe('draft');
    const sentBack = { latestVersionId: 4, status: 'changes_requested' } as const;
    expect(versionStanding({ id: 4, isPublished: false, submittedAt: '2026-11-26T09:00:00Z' }, 3, sentBack)).toBe('changes_requested');
    expect(versionStanding({ id: 2, isPublished: false, submittedAt: '2026-11-20T09:00:00Z' }, 3, sentBack)).toBe('submitted');
  });
});

describe('refuseReviewConfirm', () => {
  it('lets approvers and admins confirm a version in force; refuses users (403) and SOPs without one (409)', () => {
    expect(refuseReviewConfirm({ id: 1, role: 'approver' }, { effectiveVersionId: 5 })).toBeNull();
    expect(refuseReviewConfirm({ id: 1, role: 'admin' }, { effectiveVersionId: 5 })).toBeNull();
    expect(refuseReviewConfirm({ id: 1, role: 'user' }, { effectiveVersionId: 5 })).toEqual({
      kind: 'forbidden',
      message: 'Only an approver or an admin can confirm a periodic review',
    });
    expect(refuseReviewConfirm({ id: 1, role: 'approver' }, { effectiveVersionId: null })?.kind).toBe('conflict');
  });
});
