import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_ACTIONS } from '@common/audit-actions';
import { SOP_STATUSES } from '@common/sop-lifecycle';
import { activateLanguage } from './i18n';
import { entityLabel, EVENT_LABELS, eventLabel } from './event-labels';
import {
  decisionLabel,
  displayLocale,
  fileKindOf,
  formatBytes,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatRelativeDay,
  formatWeekdayDate,
  ROLE_LABELS,
  STATUS_LABELS,
  statusLabel,
  versionStandingLabel,
} from './labels';

const inLocale = (locale: string) => vi.spyOn(navigator, 'language', 'get').mockReturnValue(locale);
afterEach(() => vi.restoreAllMocks());

describe('the label table', () => {
  it('says what a decision did: a released SOP is in force, a released circular issued', () => {
    expect(decisionLabel({ status: 'approved', sopStatus: 'published', sopKind: 'sop' })).toBe('Approved: this version is now in force');
    expect(decisionLabel({ status: 'approved', sopStatus: 'published', sopKind: 'circular' })).toBe('Issued: the circular is in force for its audience');
    expect(decisionLabel({ status: 'approved', sopStatus: 'in_review', sopKind: 'circular' })).toBe(
      'Your approval is recorded; the SOP waits for the other signatures',
    );
    expect(decisionLabel({ status: 'rejected', sopStatus: 'draft', sopKind: 'circular' })).toBe('Rejected: the SOP is a draft again');
  });
  it('names every status in words, never its stored code', () => {
    expect(SOP_STATUSES.map(statusLabel)).toEqual(['Draft', 'Submitted', 'In Review', 'Changes Requested', 'Approved', 'Published', 'Archived']);
    expect(statusLabel('pending')).toBe('Pending');
  });
  it('calls a submitted version Submitted and one sent back Changes requested, never Draft', () => {
    expect(versionStandingLabel('submitted')).toBe('Submitted');
    expect(versionStandingLabel('changes_requested')).toBe('Changes requested');
    expect(versionStandingLabel('draft')).toBe('Draft');
  });
  it('reads the events crew saw as raw names in words', () => {
    expect(eventLabel('sop_attested')).toBe('Read and attested');
    expect(eventLabel('sop_review_comment_added')).toBe('Review comment added');
    expect(eventLabel('sop_changes_requested')).toBe('Changes requested');
    expect(eventLabel('department_updated')).toBe('Department edited');
  });
  it('has a label for every action the trail records, with no underscore and no lower-case sop', () => {
    for (const action of AUDIT_ACTIONS) {
      const label = EVENT_LABELS[action];
      expect(label, action).toMatch(/^[A-Z]/);
      expect(label, action).not.toMatch(/_|\bsop\b/);
    }
  });
  it('writes a name it does not know in sentence case with SOP spelled as such, and never reads the prototype', () => {
    expect(eventLabel('sop_cargo_loaded')).toBe('SOP cargo loaded');
    expect(eventLabel('constructor')).toBe('Constructor');
    expect(statusLabel('toString')).toBe('ToString');
    expect(entityLabel('sop')).toBe('SOP');
    expect(entityLabel('daily_program')).toBe('Daily program');
  });
});

describe('the tables in the interface language', () => {
  it('reads a table in Filipino once Filipino is chosen, and in English again after, keys and all', async () => {
    await activateLanguage('fil');
    try {
      expect(STATUS_LABELS.published).toBe('Nailathala');
      expect(statusLabel('archived')).toBe('Naka-archive');
      expect(ROLE_LABELS.approver).toBe('Tagapag-apruba');
      expect(Object.keys(STATUS_LABELS)).toContain('in_review');
    } finally {
      await activateLanguage('en');
    }
    expect(STATUS_LABELS.published).toBe('Published');
    expect(ROLE_LABELS.approver).toBe('Approver');
    expect(Object.entries(STATUS_LABELS)).toContainEqual(['archived', 'Archived']);
  });
});

describe('file kinds', () => {
  it.each([
    ['application/pdf', 'PDF'],
    ['application/msword', 'Word'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'Word'],
    ['application/vnd.ms-excel', 'Excel'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Excel'],
    ['text/csv; charset=utf-8', 'CSV'],
    ['text/plain', 'Text'],
    ['image/png', 'Image'],
    ['IMAGE/JPEG', 'Image'],
    ['application/zip', 'File'],
    [null, 'File'],
  ])('%s is %s', (mime, kind) => {
    expect(fileKindOf(mime)).toBe(kind);
  });
});

describe('sizes', () => {
  it('shows each size at its own scale, never 0.00 MB for 2 KB', () => {
    inLocale('en-US');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(1_992_294)).toBe('1.9 MB');
    expect(formatBytes(640)).toBe('640 bytes');
    expect(formatBytes(10_485_760)).toBe('10 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
    expect(formatBytes(undefined)).toBe('Unknown size');
    expect(formatBytes(Number.NaN, '—')).toBe('—');
  });
  it('writes the number the interface language’s way, with the browser’s region when it is the same language', async () => {
    inLocale('de-DE');
    expect(formatBytes(1_992_294)).toBe('1.9 MB');
    await activateLanguage('es');
    try {
      expect(formatBytes(1_992_294)).toBe('1,9 MB');
      inLocale('es-MX');
      expect(displayLocale()).toBe('es-MX');
    } finally {
      await activateLanguage('en');
    }
  });
});

describe('dates', () => {
  const day = new Date(2026, 10, 26, 14, 5);
  it('uses one date style per locale, with or without the weekday', () => {
    inLocale('en-US');
    expect(formatDate(day)).toBe('Nov 26, 2026');
    expect(formatWeekdayDate('2026-11-26')).toBe('Thu, Nov 26, 2026');
    expect(formatDateTime(day)).toMatch(/^Nov 26, 2026, 2:05\sPM$/);
    inLocale('en-GB');
    expect(formatDate(day)).toBe('26 Nov 2026');
    expect(formatWeekdayDate('2026-11-26')).toBe('Thu, 26 Nov 2026');
    expect(formatDateTime(day)).toBe('26 Nov 2026, 14:05');
  });
  it('reads a calendar day as that day wherever the reader is, and shows a fallback for nothing', () => {
    inLocale('en-US');
    expect(formatDate('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatDate(null, 'Unknown')).toBe('Unknown');
    expect(formatDate('not a date', 'Unknown')).toBe('Unknown');
  });
  it('writes a span of days once', () => {
    inLocale('en-US');
    expect(formatDateRange('2026-11-26', '2026-11-30')).toMatch(/^Nov 26\s–\s30, 2026$/);
    expect(formatDateRange('2026-11-26', '2026-11-26')).toBe('Nov 26, 2026');
  });
});

describe('formatRelativeDay', () => {
  const now = new Date('2026-11-21T12:00:00');
  const daysAgo = (n: number) => new Date(now.getTime() - n * 24 * 60 * 60 * 1000);
  it.each([
    [0, 'Today'],
    [1, 'Yesterday'],
    [3, '3 days ago'],
    [6, '6 days ago'],
    [7, '1 week ago'],
    [15, '2 weeks ago'],
    [29, '4 weeks ago'],
  ])('%i days back reads %s', (n, expected) => {
    expect(formatRelativeDay(daysAgo(n), now)).toBe(expected);
  });
  it('shows the date from 30 days on, in the one date style', () => {
    inLocale('en-US');
    expect(formatRelativeDay(daysAgo(30), now)).toBe('Oct 22, 2026');
  });
});
