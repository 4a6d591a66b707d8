import { describe, expect, it } from 'vitest';
import { auditActionWords, auditEntityWords } from './audit-words';

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
});
