import { describe, expect, it } from 'vitest';
import { auditActionWords, auditEntityWords, changeWords } from './audit-words';

describe('the audit log words', () => {
  it('names SOP actions with the SOP spelled as such', () => {
    expect(auditActionWords('sop_changes_requested')).toBe('SOP changes requested');
    expect(auditActionWords('sop_review_confirmed')).toBe('SOP periodic review confirmed');
    expect(auditEntityWords('sop')).toBe('SOP');
    expect(auditEntityWords('daily_program')).toBe('Daily program');
  });
  it('writes an action it does not know in sentence case, and never reads the prototype', () => {
    expect(auditActionWords('cargo_loaded')).toBe('Cargo loaded');
    expect(auditActionWords('constructor')).toBe('Constructor');
    expect(auditEntityWords('toString')).toBe('ToString');
  });
  it('writes a changed field with its value before and after', () => {
    expect(changeWords({ field: 'department', label: 'Department', from: 'Deck', to: 'Hotel' })).toBe('Department: Deck → Hotel');
    expect(changeWords({ field: 'department', label: 'Department', from: 'Hotel', to: null })).toBe('Department: Hotel → (none)');
    expect(changeWords({ field: 'tags', label: 'Tags', from: [], to: ['mooring', 'lines'] })).toBe('Tags: (none) → mooring, lines');
    expect(changeWords({ field: 'active', label: 'Active', from: true, to: false })).toBe('Active: Yes → No');
  });
});
