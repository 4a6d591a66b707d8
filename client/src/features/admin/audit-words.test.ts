import { describe, expect, it } from 'vitest';
import { changeWords } from './audit-words';

describe('the audit log words', () => {
  it('writes a changed field with its value before and after', () => {
    expect(changeWords({ field: 'department', label: 'Department', from: 'Deck', to: 'Hotel' })).toBe('Department: Deck → Hotel');
    expect(changeWords({ field: 'department', label: 'Department', from: 'Hotel', to: null })).toBe('Department: Hotel → (none)');
    expect(changeWords({ field: 'tags', label: 'Tags', from: [], to: ['mooring', 'lines'] })).toBe('Tags: (none) → mooring, lines');
    expect(changeWords({ field: 'active', label: 'Active', from: true, to: false })).toBe('Active: Yes → No');
  });
});
