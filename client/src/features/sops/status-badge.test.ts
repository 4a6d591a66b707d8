import { describe, expect, it } from 'vitest';
import { STATUS_FILTERS, statusLabel } from './status-badge';

describe('the status filter', () => {
  it('offers every status in use, Changes Requested included, in lifecycle order', () => {
    expect(STATUS_FILTERS.map((f) => f.label)).toEqual(['All Statuses', 'Draft', 'Submitted', 'In Review', 'Changes Requested', 'Approved', 'Published']);
    expect(STATUS_FILTERS.map((f) => f.value)).toEqual(['all', 'draft', 'submitted', 'in_review', 'changes_requested', 'approved', 'published']);
  });
  it('labels an unknown status by capitalising it, and never reads the prototype', () => {
    expect(statusLabel('superseded')).toBe('Superseded');
    expect(statusLabel('constructor')).toBe('Constructor');
  });
});
