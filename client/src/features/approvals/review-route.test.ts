import { describe, expect, it } from 'vitest';
import { approvalsNeeded } from './review-route';

describe('what a review step needs', () => {
  it('counts approvals and approvers in words that agree', () => {
    expect(approvalsNeeded(1, [7])).toBe('Needs 1 approval from the named approver');
    expect(approvalsNeeded(1, [7, 8, 9])).toBe('Needs 1 approval from one of 3 named approvers');
    expect(approvalsNeeded(2, [7, 8, 9])).toBe('Needs 2 approvals from 2 of 3 named approvers');
    expect(approvalsNeeded(2, [7, 8])).toBe('Needs 2 approvals from all 2 named approvers');
    expect(approvalsNeeded(2, null)).toBe('Needs 2 approvals from any approver');
  });
});
