import { describe, expect, it } from 'vitest';
import { statusFilterOptions } from './status-badge';

describe('the status filter', () => {
  it('offers every status in use, Changes Requested included, in lifecycle order', () => {
    expect(statusFilterOptions().map((f) => f.label)).toEqual([
      'All Statuses',
      'Draft',
      'Submitted',
      'In Review',
      'Changes Requested',
      'Approved',
      'Published',
    ]);
    expect(statusFilterOptions().map((f) => f.value)).toEqual(['all', 'draft', 'submitted', 'in_review', 'changes_requested', 'approved', 'published']);
  });
});
